// The page's time to solve against the command line's, side by side on this machine, in one run:
// for each puzzle, `wgrnd solve` in the page (headless Chromium; the engine compiled once, each
// run a fresh instance, timed inside the worker) and the native binary (a process per run, wall
// time), and cspuz's `run_solver` (semiexp/cspuz_core, built outside this repository; it finds the
// whole backbone) on the puzz.link puzzles when RUN_SOLVER names it. Medians of REPS runs.
// Writes CSV to standard output. COMMAND times another command the same way (e.g. "explain
// --next": a hint; cspuz is then left out, as it has no such command).
//
//   node web/bench/solve.mjs [PUZZLE...]    (WGRND: the native binary; default target/dist/wgrnd, scripts/build-release.sh)
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const wgrnd = process.env.WGRND ?? `${repo}target/dist/wgrnd`;
const runSolver = process.env.RUN_SOLVER;
const reps = Number(process.env.REPS ?? 3);
const command = (process.env.COMMAND ?? "solve").split(" ");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The puzzles: the page's examples, and bigger ones given as files or URLs.
const examples = JSON.parse(readFileSync(`${repo}web/dist/examples.json`, "utf8"));
const puzzles = examples.map((e) => ({ title: e.name, ...e }));
for (const arg of process.argv.slice(2)) {
  const text = /^https?:/.test(arg) ? arg : readFileSync(arg, "utf8");
  const name = arg.split("/").at(-1);
  const url = arg.endsWith(".url") ? text.split("\n").find((l) => l.trim() && !l.startsWith("#")).trim() : null;
  puzzles.push({ title: arg.replace(repo, ""), name, text: url ?? text });
}

const server = spawn(wgrnd, ["serve", `${repo}web/dist`, "--port", "0"], { stdio: ["ignore", "ignore", "pipe"] });
const address = await new Promise((resolve) => {
  let said = "";
  server.stderr.on("data", (c) => {
    said += c;
    const m = said.match(/at (http:\/\/\S+\/)/);
    if (m) resolve(m[1]);
  });
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage();
await page.goto(address);
await page.waitForFunction(() => document.body.dataset.state === "ready");

console.log(`# command: COMMAND="${command.join(" ")}" node web/bench/solve.mjs ${process.argv.slice(2).join(" ")}; reps ${reps}; chromium ${browser.version()}; load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`);
console.log("puzzle,native_ms,page_ms,page_over_native,cspuz_ms,exit");
for (const p of puzzles) {
  const isUrl = /^https?:\/\//.test(p.text.trim());
  const files = isUrl ? {} : { [p.name]: p.text };
  const args = isUrl ? [p.text.trim()] : [p.name];
  if (!isUrl && p.data) {
    files[p.data.name] = p.data.text;
    args.push("--data", p.data.name);
  }
  const dir = spawnSync("mktemp", ["-d"]).stdout.toString().trim();
  for (const [name, text] of Object.entries(files)) spawnSync("tee", [`${dir}/${name}`], { input: text });
  // One run of each first (page: the engine's compilation; native: the file cache), not timed.
  await page.evaluate(([a, f]) => wgrnd.engine.run(a, f), [[...command, ...args], files]);
  spawnSync(wgrnd, [...command, ...args], { cwd: dir });
  const nativeMs = [];
  const pageMs = [];
  const cspuzMs = [];
  let exit;
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    const n = spawnSync(wgrnd, [...command, ...args], { cwd: dir });
    nativeMs.push(performance.now() - t);
    const got = await page.evaluate(([a, f]) => wgrnd.engine.run(a, f), [[...command, ...args], files]);
    pageMs.push(got.ms);
    exit = `${n.status}/${got.code}`;
    if (runSolver && isUrl && command[0] === "solve") {
      const c = performance.now();
      const r = spawnSync(runSolver, [p.text.trim()]);
      cspuzMs.push(performance.now() - c);
      // A peer that did not run is no measurement.
      if (r.error || r.status !== 0) throw new Error(`${runSolver} on ${p.title}: ${r.error ?? `exit ${r.status}`}`);
    }
  }
  spawnSync("rm", ["-rf", dir]);
  const [nm, pm] = [median(nativeMs), median(pageMs)];
  const cm = cspuzMs.length ? median(cspuzMs).toFixed(1) : "";
  console.log(`${p.title},${nm.toFixed(1)},${pm.toFixed(1)},${(pm / nm).toFixed(2)},${cm},${exit}`);
}
await browser.close();
server.kill();
