//! Measures the scan search alone (docs/scan.md), outside the command line's portfolio:
//!
//!     cargo run --release -p wgrnd-families --example scan_probe -- PUZZLE rate [SEED]
//!     cargo run --release -p wgrnd-families --example scan_probe -- PUZZLE exact SEED SECONDS
//!     cargo run --release -p wgrnd-families --example scan_probe -- PUZZLE score SEED SECONDS QUIET MAX NODES
//!
//! `rate`: placements a second without breaks (200 M placements, or the first solution);
//! `exact`: `scan::solve` with the seed, until a solution, a proof of none or the time;
//! `score`: restarts of NODES placements under the schedule "no break over the first QUIET free
//! squares, then a linear ramp to MAX" tightened to one break fewer than each board found,
//! printing every better board's score (matched inner edges).

use std::time::Instant;

use wgrnd_families::edge::formats::{read_puzzle, ReadOptions};
use wgrnd_families::edge::scan::{self, ramp, Budget, Exact, ExactStats, Limits, Scan, Verdict};
use wgrnd_seam::SplitMix64;

fn arg<T: std::str::FromStr>(args: &[String], i: usize, what: &str) -> T {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| {
        eprintln!("scan_probe: argument {i}: expected {what} (see the file's header)");
        std::process::exit(2)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path: String = arg(&args, 1, "a puzzle file");
    let mode: String = arg(&args, 2, "rate, exact or score");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("scan_probe: {path}: {e}");
        std::process::exit(2)
    });
    let p = read_puzzle(&path, &text, &ReadOptions::default()).unwrap_or_else(|e| {
        eprintln!("scan_probe: {e}");
        std::process::exit(2)
    });
    let seed: u64 = if args.len() > 3 { arg(&args, 3, "a seed") } else { 1 };
    let t = Instant::now();
    let fail = |e: scan::Unfit| -> ! {
        eprintln!("scan_probe: {e}");
        std::process::exit(2)
    };
    match mode.as_str() {
        "rate" => {
            let sc = Scan::of_clues(&p, Some(&mut SplitMix64(seed))).unwrap_or_else(|e| fail(e));
            let limits = Limits { nodes: 200_000_000, stop: &|| false };
            let end = sc.run(&Budget::exact(sc.free()), &limits, &mut |_, _| Verdict::Stop);
            println!(
                "{} placements in {:.2} s: {:.1} M/s",
                end.nodes,
                t.elapsed().as_secs_f64(),
                scan::rate(end.nodes, t) / 1e6
            );
        }
        "exact" => {
            let limit: f64 = arg(&args, 4, "seconds");
            let mut st = ExactStats::default();
            let stop = || t.elapsed().as_secs_f64() > limit;
            let r = scan::solve(&p, seed, &stop, &mut st).unwrap_or_else(|e| fail(e));
            let what = match r {
                Exact::Solved(_) => "solved",
                Exact::NoSolution => "no solution",
                Exact::Unknown => "unknown",
            };
            println!(
                "{what} in {:.2} s, {} runs, {} placements ({:.1} M/s)",
                t.elapsed().as_secs_f64(),
                st.runs,
                st.nodes,
                scan::rate(st.nodes, t) / 1e6
            );
        }
        "score" => {
            let limit: f64 = arg(&args, 4, "seconds");
            let quiet: usize = arg(&args, 5, "the squares without a break");
            let max: u32 = arg(&args, 6, "the most breaks");
            let per: u64 = arg(&args, 7, "placements per restart");
            let total_edges = p.rows * (p.cols - 1) + (p.rows - 1) * p.cols;
            let mut rng = SplitMix64(seed);
            let (mut best, mut nodes, mut runs) = (u32::MAX, 0u64, 0u64);
            while t.elapsed().as_secs_f64() < limit {
                let sc = Scan::of_clues(&p, Some(&mut rng)).unwrap_or_else(|e| fail(e));
                let total = best.saturating_sub(1).min(max + sc.fixed_breaks());
                if total < sc.fixed_breaks() {
                    break;
                }
                let budget = Budget { after: ramp(sc.free(), quiet.min(sc.free()), total - sc.fixed_breaks()), total };
                let stop = || t.elapsed().as_secs_f64() > limit;
                let end = sc.run(&budget, &Limits { nodes: per, stop: &stop }, &mut |_, b| {
                    if b < best {
                        best = b;
                        println!("{:.1} s: score {}", t.elapsed().as_secs_f64(), total_edges - b as usize);
                    }
                    Verdict::Better
                });
                nodes += end.nodes;
                runs += 1;
            }
            println!("{runs} restarts, {nodes} placements ({:.1} M/s)", scan::rate(nodes, t) / 1e6);
        }
        _ => {
            eprintln!("scan_probe: expected rate, exact or score, not {mode}");
            std::process::exit(2)
        }
    }
}
