//! Cubes written for other programs: iCNF (`p inccnf`, the clauses, then one `a LITS 0` line per
//! cube; CaDiCaL and other incremental solvers read it), or a directory with one DIMACS file per
//! cube (the formula plus the cube's literals as unit clauses, its header naming the cube), a JSON
//! manifest naming each cube's placements, a Slurm array script and Mallob job files. A directory
//! is filled under a temporary name beside its target and renamed at the end, so it appears
//! whole or not at all.

use std::io::{self, Write};
use std::path::Path;

use wgrnd_sat::{write_dimacs, Cnf};
use wgrnd_seam::{AtomNames, Error, Grounding};

use crate::cube::{Cube, Split};

/// The iCNF of the formula and its cubes.
pub fn write_icnf(cnf: &Cnf, comments: &[String], cubes: &[Cube], out: &mut dyn Write) -> io::Result<()> {
    for c in comments {
        writeln!(out, "c {c}")?;
    }
    writeln!(out, "p inccnf")?;
    let mut line = String::new();
    for clause in cnf.clauses() {
        line.clear();
        for l in clause {
            line.push_str(&l.to_dimacs().to_string());
            line.push(' ');
        }
        line.push_str("0\n");
        out.write_all(line.as_bytes())?;
    }
    for cube in cubes {
        let lits: Vec<String> = cube.literals.iter().map(|l| l.to_dimacs().to_string()).collect();
        writeln!(out, "a {} 0", lits.join(" "))?;
    }
    out.flush()
}

/// The comment lines that say where the cubes come from.
pub fn split_comments(split: &Split, candidates: usize) -> Vec<String> {
    vec![
        format!(
            "cubes {} (and {} leaves refuted by unit propagation), split on {candidates} projection atoms",
            split.cubes.len(),
            split.refuted
        ),
        "cubes are disjoint and cover every assignment: the formula is satisfiable exactly when some cube is".into(),
    ]
}

/// A cube's literals by atom name (`o(12,7,1)`, `-o(3,5,0)`: the header's names, squares and
/// pieces numbered from 1).
pub fn cube_names<E: AtomNames>(g: &Grounding<E>, cube: &Cube) -> Vec<String> {
    cube.literals.iter().map(|&l| g.clause_names(&[l])).collect()
}

/// The file of cube `k` (from 1) in a cube directory.
pub fn cube_file(k: usize) -> String {
    format!("cube-{k:04}.cnf")
}

/// The manifest: the puzzle, its hash, and per cube its file, literals and named placements.
pub fn manifest<E: AtomNames>(g: &Grounding<E>, name: &str, split: &Split) -> serde_json::Value {
    let cubes: Vec<serde_json::Value> = split
        .cubes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            serde_json::json!({
                "cube": i + 1,
                "file": cube_file(i + 1),
                "literals": c.literals.iter().map(|l| l.to_dimacs()).collect::<Vec<_>>(),
                "placements": cube_names(g, c),
                "assigned": c.assigned,
            })
        })
        .collect();
    serde_json::json!({
        "version": 1,
        "puzzle": name,
        "puzzle_hash": format!("{:016x}", g.hash),
        "variables": g.cnf.num_vars(),
        "clauses": g.cnf.num_clauses(),
        "refuted": split.refuted,
        "cubes": cubes,
    })
}

/// A Slurm array job: task `k` runs `solver` on cube `k`'s file and, on SAT (exit 10), cancels
/// the rest of the array; answers go to `answer-K.txt` for `wgrnd decode`.
pub fn slurm_script(cubes: usize, solver: &str) -> String {
    format!(
        "#!/bin/bash\n\
         # One task per cube, written by `wgrnd cube --dir`. Submit from this directory:\n\
         #   sbatch slurm.sh\n\
         # A task that finds a model (exit 10) cancels the others; check its answer with\n\
         #   wgrnd decode PUZZLE answer-K.txt --cnf cube-K.cnf   (the encoding flags of `wgrnd cube`)\n\
         #SBATCH --job-name=wgrnd-cubes\n\
         #SBATCH --array=1-{cubes}\n\
         #SBATCH --ntasks=1\n\
         #SBATCH --cpus-per-task=1\n\
         #SBATCH --output=slurm-%A_%a.log\n\
         set -u\n\
         k=$(printf %04d \"$SLURM_ARRAY_TASK_ID\")\n\
         {solver} \"cube-$k.cnf\" > \"answer-$k.txt\"\n\
         status=$?\n\
         if [ \"$status\" -eq 10 ]; then scancel \"$SLURM_ARRAY_JOB_ID\"; fi\n\
         exit 0\n"
    )
}

/// A Mallob job (its JSON interface: drop the file into `.api/jobs.0/in/` of a running Mallob).
pub fn mallob_job(k: usize, dir: &Path) -> serde_json::Value {
    serde_json::json!({
        "application": "SAT",
        "user": "wgrnd",
        "name": format!("cube-{k:04}"),
        "files": [dir.join(cube_file(k)).to_string_lossy()],
        "priority": 1.0,
        "wallclock-limit": "0",
        "incremental": false,
    })
}

/// Writes the cube directory `dir`: per cube a DIMACS file, `manifest.json`, `slurm.sh` (running
/// `solver`, e.g. `cadical -q`) and `mallob/cube-K.json`. `dir` must not exist yet, or be empty.
pub fn write_cube_dir<E: AtomNames>(
    g: &Grounding<E>,
    name: &str,
    split: &Split,
    dir: &Path,
    solver: &str,
) -> Result<(), Error> {
    let shown = dir.display().to_string();
    let cannot = |e: io::Error| Error::Output {
        path: shown.clone(),
        found: format!("a directory wgrnd cannot write ({e})"),
        expected: "a new directory in a writable place",
    };
    if dir.exists() && std::fs::read_dir(dir).map_err(cannot)?.next().is_some() {
        return Err(Error::Output {
            path: shown.clone(),
            found: "a directory that is not empty".into(),
            expected: "a new or empty directory for the cubes",
        });
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // Mallob wants absolute paths; the final directory's, not the temporary one's.
    let absolute = std::path::absolute(dir).map_err(cannot)?;
    let part = tempfile::Builder::new().prefix(".wgrnd-cubes-").tempdir_in(parent).map_err(cannot)?;
    let write = |rel: &str, fill: &dyn Fn(&mut dyn Write) -> io::Result<()>| -> Result<(), Error> {
        let path = part.path().join(rel);
        let mut w = io::BufWriter::new(std::fs::File::create(&path).map_err(cannot)?);
        fill(&mut w).map_err(cannot)?;
        w.flush().map_err(cannot)
    };
    let total = split.cubes.len();
    for (i, cube) in split.cubes.iter().enumerate() {
        let cnf = crate::runs::with_cube(&g.cnf, cube);
        let mut comments = g.header.clone();
        comments.push(format!("cube {} of {total}: {}", i + 1, cube_names(g, cube).join(" ")));
        write(&cube_file(i + 1), &|w| write_dimacs(&cnf, &comments, w))?;
    }
    let manifest = manifest(g, name, split);
    write("manifest.json", &|w| writeln!(w, "{}", serde_json::to_string_pretty(&manifest)?))?;
    write("slurm.sh", &|w| w.write_all(slurm_script(total, solver).as_bytes()))?;
    std::fs::create_dir(part.path().join("mallob")).map_err(cannot)?;
    for k in 1..=total {
        let job = mallob_job(k, &absolute);
        write(&format!("mallob/cube-{k:04}.json"), &|w| writeln!(w, "{job}"))?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(part.path(), std::fs::Permissions::from_mode(0o755));
        let _ = std::fs::set_permissions(part.path().join("slurm.sh"), std::fs::Permissions::from_mode(0o755));
    }
    let part = part.keep();
    std::fs::rename(&part, dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&part);
        cannot(e)
    })
}
