// The engine's Web Worker: runs the `wgrnd` command line, compiled to WebAssembly for WASI
// (scripts/web.sh), once per request, in a fresh instance with the request's files in an
// in-memory directory. The page never freezes, and a run is stopped by ending this worker.
//
// Request  {id, args: [...], files: {name: text}}
// Replies  {id, type: "stderr", text} as standard error is written (progress and notes), then
//          {id, type: "done", code, stdout, stderr, files: {path: text}, ms}
//          (`files`: every file the run wrote, e.g. `explain --svg-steps`'s pictures).
import { WASI, Fd, File, OpenFile, PreopenDirectory, Directory, wasi } from "./vendor/browser_wasi_shim/index.js";

let compiled = null;

function engine() {
  compiled ??= WebAssembly.compileStreaming(fetch(new URL("./wgrnd.wasm", import.meta.url)));
  return compiled;
}

// Standard output or error: text collected as it is written. A regular file to the program, not a
// terminal, so that wgrnd draws no terminal spinner (which would need a thread).
class Sink extends Fd {
  constructor(onText) {
    super();
    this.decoder = new TextDecoder();
    this.onText = onText;
  }
  fd_write(data) {
    this.onText(this.decoder.decode(data, { stream: true }));
    return { ret: 0, nwritten: data.byteLength };
  }
  fd_fdstat_get() {
    const fdstat = new wasi.Fdstat(wasi.FILETYPE_REGULAR_FILE, 0);
    fdstat.fs_rights_base = BigInt(wasi.RIGHTS_FD_WRITE);
    return { ret: 0, fdstat };
  }
}

// Every file under `dir` that the run made or changed, by path.
function written(dir, given, prefix = "", out = {}) {
  const decoder = new TextDecoder();
  for (const [name, inode] of dir.contents) {
    const path = prefix + name;
    if (inode instanceof Directory) written(inode, given, path + "/", out);
    else if (inode instanceof File && given.get(path) !== inode.data) out[path] = decoder.decode(inode.data);
  }
  return out;
}

async function run({ id, args, files }) {
  const started = performance.now();
  const encoder = new TextEncoder();
  const inputs = new Map(Object.entries(files ?? {}).map(([name, text]) => [name, new File(encoder.encode(text))]));
  const given = new Map([...inputs].map(([name, file]) => [name, file.data]));
  let stdout = "";
  let stderr = "";
  const out = new Sink((text) => (stdout += text));
  const err = new Sink((text) => {
    stderr += text;
    postMessage({ id, type: "stderr", text });
  });
  const root = new PreopenDirectory(".", inputs);
  const system = new WASI(["wgrnd", ...args], [], [new OpenFile(new File([])), out, err, root], { debug: false });
  let code;
  try {
    const instance = await WebAssembly.instantiate(await engine(), { wasi_snapshot_preview1: system.wasiImport });
    code = system.start(instance);
  } catch (e) {
    // A trap (a panic aborts) or a missing engine: said as the command line would say it.
    code = 3;
    stderr += `wgrnd: internal error: the engine stopped: ${e}\n`;
  }
  const made = written(root.dir, given);
  postMessage({ id, type: "done", code, stdout, stderr, files: made, ms: performance.now() - started });
}

onmessage = (e) => {
  run(e.data);
};
