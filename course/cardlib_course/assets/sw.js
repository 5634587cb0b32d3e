// The site's service worker: keeps Python in the page (Pyodide) in the browser's Cache
// Storage, so that a reader downloads its 13 MB once for the whole site, not once per lesson
// and again after every stopped loop. Only the runtime's files are kept, under a cache named
// after the pinned Pyodide version: a site built with a new version replaces them.
const CACHE = "cardlib-pyodide-PYODIDE_VERSION";
const FILES = RUNTIME_FILES;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("cardlib-pyodide-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const name = url.pathname.split("/").pop();
  if (url.origin !== self.location.origin || !url.pathname.includes("/pyodide/")
      || !FILES.includes(name) || event.request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(url.pathname);
    if (kept) return kept;
    const response = await fetch(event.request);
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  })());
});
