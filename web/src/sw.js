// The service worker: keeps every file of the page (the engine included) so that the page opens
// and works without a network after its first visit. Network first, so that a rebuilt page is
// seen at once when there is a network; the kept copy otherwise.
const CACHE = "wgrnd-page";
const FILES = [
  "./", "./index.html", "./style.css", "./main.js", "./engine.js", "./worker.js", "./wgrnd.wasm", "./examples.json",
  "./vendor/browser_wasi_shim/index.js", "./vendor/browser_wasi_shim/wasi.js", "./vendor/browser_wasi_shim/wasi_defs.js",
  "./vendor/browser_wasi_shim/fd.js", "./vendor/browser_wasi_shim/fs_mem.js", "./vendor/browser_wasi_shim/fs_opfs.js",
  "./vendor/browser_wasi_shim/debug.js", "./vendor/browser_wasi_shim/strace.js",
];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(
    fetch(e.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(e.request, { ignoreSearch: true })),
  );
});
