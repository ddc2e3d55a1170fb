// The page's engine: the `wgrnd` command line in a Web Worker (worker.js), and the requests the
// page makes of it. Every request is one of the command line's own commands on the puzzle, so
// that the page's answers, pictures and diagnostics are the command line's (docs/web.md).
//
// A puzzle is {url} (a puzz.link URL) or {name, text} (a file of any format wgrnd reads), with
// {data: {name, text}} for a model's data file.

export class Cancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

export class Engine {
  constructor() {
    this.next = 0;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (e) => {
      const reply = e.data;
      const job = this.pending.get(reply.id);
      if (!job) return;
      if (reply.type === "stderr") {
        job.onStderr?.(reply.text);
      } else {
        this.pending.delete(reply.id);
        job.resolve(reply);
      }
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      for (const job of this.pending.values()) {
        job.resolve({ code: 3, stdout: "", stderr: `wgrnd: internal error: the engine's worker failed: ${e.message}\n`, files: {} });
      }
      this.pending.clear();
    };
  }

  // Runs `wgrnd ARGS...` with `files` in its working directory: {code, stdout, stderr, files, ms}.
  run(args, files = {}, onStderr = null) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onStderr });
      this.worker.postMessage({ id, args, files });
    });
  }

  // Stops whatever runs now at once (the worker is ended and a fresh one started).
  cancel() {
    this.worker.terminate();
    for (const job of this.pending.values()) job.reject(new Cancelled());
    this.pending.clear();
    this.start();
  }
}

// The command-line arguments that name `puzzle`, and the files they refer to.
export function puzzleArgs(puzzle) {
  if (puzzle.url) return { args: [puzzle.url], files: {} };
  const files = { [puzzle.name]: puzzle.text };
  const args = [puzzle.name];
  if (puzzle.data) {
    files[puzzle.data.name] = puzzle.data.text;
    args.push("--data", puzzle.data.name);
  }
  return { args, files };
}

// The SVG documents in a text, in order (`count --print --view svg` prints one per solution).
export function svgs(text) {
  return text.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
}

// The page's requests. Each returns the command's result with what the page shows.
export const requests = {
  // One solution, checked, drawn in SVG (every family draws one).
  async solve(engine, puzzle, onStderr) {
    const { args, files } = puzzleArgs(puzzle);
    const r = await engine.run(["solve", ...args, "--view", "svg"], files, onStderr);
    return { ...r, pictures: svgs(r.stdout) };
  },
  // Up to `max` solutions, each drawn: two of them side by side say why a puzzle is not unique.
  async count(engine, puzzle, max, onStderr) {
    const { args, files } = puzzleArgs(puzzle);
    const r = await engine.run(["count", ...args, "--max", String(max), "--print", "--view", "svg"], files, onStderr);
    return { ...r, pictures: svgs(r.stdout) };
  },
  // What every solution shares: the cells (atoms) that are forced.
  async backbone(engine, puzzle, onStderr) {
    const { args, files } = puzzleArgs(puzzle);
    const r = await engine.run(["backbone", ...args], files, onStderr);
    return { ...r, pictures: [] };
  },
  // The next step of an explanation, in words and drawn.
  async explain(engine, puzzle, onStderr) {
    const { args, files } = puzzleArgs(puzzle);
    let r = await engine.run(["explain", "--next", ...args, "--svg-steps", "steps"], files, onStderr);
    // A family with no picture for its steps refuses --svg-steps (exit 2) before it starts.
    if (r.code === 2 && /--svg-steps/.test(r.stderr)) r = await engine.run(["explain", "--next", ...args], files, onStderr);
    const pictures = Object.keys(r.files).filter((p) => p.startsWith("steps/")).sort().map((p) => r.files[p]);
    return { ...r, pictures };
  },
  // The puzzle posed with a minimal set of its clues that keeps exactly one solution (a URL for
  // a puzz.link puzzle).
  async pose(engine, puzzle, onStderr) {
    const { args, files } = puzzleArgs(puzzle);
    const r = await engine.run(["generate", "--unique", ...args], files, onStderr);
    return { ...r, pictures: [] };
  },
  // Checks a solution file against the puzzle.
  async check(engine, puzzle, solution, onStderr) {
    const { args, files } = puzzleArgs(puzzle);
    files[solution.name] = solution.text;
    const r = await engine.run(["check", ...args, solution.name], files, onStderr);
    return { ...r, pictures: [] };
  },
};
