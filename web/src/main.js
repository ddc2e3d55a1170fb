// The page: reads the puzzle (typed, pasted, dropped, an example, or a link's `?url=` or `#`),
// sends each button's request to the engine (engine.js) and shows what comes back: the pictures,
// the command's output, its notes and diagnostics, exactly as the command line prints them.
import { Engine, Cancelled, requests } from "./engine.js";

const $ = (id) => document.getElementById(id);
const engine = new Engine();
const buttons = ["solve", "count", "backbone", "explain", "pose"];

// The puzzle the inputs describe: a URL alone on its line, or a named file (and a model's data).
function puzzle() {
  const text = $("text").value;
  const trimmed = text.trim();
  if (/^https?:\/\/\S+$/.test(trimmed)) return { url: trimmed };
  const p = { name: $("name").value.trim() || "puzzle.txt", text };
  if ($("data").value.trim() !== "") p.data = { name: $("data-name").value.trim() || "data.qpd", text: $("data").value };
  return p;
}

function setPuzzle({ name, text, data }) {
  $("name").value = name ?? "puzzle.txt";
  $("text").value = text ?? "";
  $("data").value = data?.text ?? "";
  if (data) $("data-name").value = data.name;
  $("data-box").open = Boolean(data);
  clearOutput();
}

function clearOutput() {
  $("pictures").replaceChildren();
  $("stdout").textContent = "";
  $("stderr").textContent = "";
  $("stderr").className = "";
  $("share").replaceChildren();
}

// The pictures are the engine's own SVG, parsed as SVG (never as HTML) before they are shown.
function showPictures(pictures) {
  const parser = new DOMParser();
  for (const svg of pictures) {
    const doc = parser.parseFromString(svg, "image/svg+xml");
    if (doc.querySelector("parsererror")) continue;
    const box = document.createElement("div");
    box.className = "picture";
    box.append(document.importNode(doc.documentElement, true));
    $("pictures").append(box);
  }
}

// A link that opens a puzz.link URL in this page.
function shareLink(url) {
  const a = document.createElement("a");
  a.href = `${location.pathname}?url=${encodeURIComponent(url)}`;
  a.textContent = "open the posed puzzle here";
  const p = document.createElement("p");
  p.append(`${url} `, a);
  $("share").append(p);
}

let running = false;

function setRunning(on, what) {
  running = on;
  document.body.dataset.state = on ? "running" : "done";
  for (const b of buttons) $(b).disabled = on;
  $("cancel").disabled = !on;
  if (on) {
    const started = performance.now();
    const tick = () => {
      if (!running) return;
      $("status").textContent = `${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`;
      setTimeout(tick, 100);
    };
    tick();
  }
}

async function press(what) {
  if (running) return;
  clearOutput();
  const p = puzzle();
  setRunning(true, what);
  const onStderr = (text) => ($("stderr").textContent += text);
  try {
    const r = await (what === "count" ? requests.count(engine, p, 2, onStderr) : requests[what](engine, p, onStderr));
    $("stderr").textContent = r.stderr;
    if ([2, 3, 4].includes(r.code)) $("stderr").className = "diagnostic";
    showPictures(r.pictures);
    // The SVG is drawn above: the rest of the output (a count's line, a hint's words) below it.
    $("stdout").textContent = r.stdout.replace(/<svg[\s\S]*?<\/svg>\n?/g, "");
    if (what === "pose" && r.code === 0 && p.url) shareLink(r.stdout.trim());
    $("status").textContent = `${what}: exit ${r.code}, ${(r.ms / 1000).toFixed(2)} s`;
    document.body.dataset.exit = String(r.code);
  } catch (e) {
    if (!(e instanceof Cancelled)) throw e;
    $("status").textContent = `${what}: cancelled`;
    document.body.dataset.exit = "cancelled";
  } finally {
    setRunning(false, what);
  }
}

for (const b of buttons) $(b).addEventListener("click", () => press(b));
$("cancel").addEventListener("click", () => engine.cancel());

// Files: one puzzle, or a model (.qp) and its data.
async function openFiles(list) {
  const files = await Promise.all([...list].map(async (f) => ({ name: f.name, text: await f.text() })));
  if (files.length === 0) return;
  const model = files.find((f) => f.name.endsWith(".qp"));
  const main = model ?? files[0];
  const data = files.find((f) => f !== main);
  setPuzzle({ name: main.name, text: main.text, data: model && data ? data : null });
}
$("files").addEventListener("change", (e) => openFiles(e.target.files));
document.addEventListener("dragover", (e) => {
  e.preventDefault();
  document.body.classList.add("dragging");
});
document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
document.addEventListener("drop", (e) => {
  e.preventDefault();
  document.body.classList.remove("dragging");
  openFiles(e.dataTransfer.files);
});

// Examples: fixtures of the repository, bundled by scripts/web.sh.
const examples = await fetch(new URL("./examples.json", import.meta.url)).then((r) => r.json());
for (const [i, ex] of examples.entries()) {
  const option = document.createElement("option");
  option.value = String(i);
  option.textContent = ex.title;
  $("examples").append(option);
}
$("examples").addEventListener("change", (e) => {
  const ex = examples[Number(e.target.value)];
  if (ex) setPuzzle(ex);
});

// A link opens a puzzle: `?url=<puzz.link URL>`, `#<puzz.link URL>`, or `#name=...&text=...`.
function fromLocation() {
  const query = new URLSearchParams(location.search);
  if (query.get("url")) return setPuzzle({ name: "puzzle.url", text: query.get("url") });
  const hash = decodeURIComponent(location.hash.slice(1));
  if (/^https?:\/\//.test(hash)) return setPuzzle({ name: "puzzle.url", text: hash });
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("text")) setPuzzle({ name: fragment.get("name") ?? "puzzle.txt", text: fragment.get("text") });
}
fromLocation();
window.addEventListener("hashchange", fromLocation);

// Offline: the service worker keeps the page and the engine for the next visit.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js").catch(() => {});

// For tests and the console: the engine, and the requests the buttons make.
window.wgrnd = { engine, requests, puzzle, setPuzzle };
document.body.dataset.state = "ready";
