// The site's own script, on every page: figures open at full size, wide boxes are
// reachable with the keyboard, and exercise cells run Python in the page.
(function () {
  function shrunk(img) { return img.naturalWidth > 1.25 * img.clientWidth; }
  function mark() {
    document.querySelectorAll('.jp-OutputArea-output img').forEach(function (img) {
      img.parentElement.classList.toggle(
        'cardlib-shrunk', !img.classList.contains('cardlib-zoomed') && shrunk(img));
    });
  }
  document.addEventListener('click', function (event) {
    var img = event.target.closest && event.target.closest('.jp-OutputArea-output img');
    if (!img) return;
    if (img.classList.contains('cardlib-zoomed') || img.naturalWidth > img.clientWidth + 1) {
      img.classList.toggle('cardlib-zoomed');
      mark();
    }
  });
  window.addEventListener('load', mark);
  window.addEventListener('resize', mark);
})();

(function () {
  function reach() {
    document.querySelectorAll('pre, .highlight, .jp-OutputArea-output').forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) box.tabIndex = 0;
    });
  }
  reach();
  window.addEventListener('load', reach);
  window.addEventListener('resize', reach);
})();

// The editors: each exercise cell runs the learner's code with Python in the page (Pyodide, in
// a Web Worker). The worker starts from a blob, so that it keeps this page's
// Content-Security-Policy (no connection to another host); a service worker (sw.js) keeps the
// Python runtime in the browser's cache, so that it downloads once for the whole site.
(function () {
  const cells = [...document.querySelectorAll('[data-cardlib-editable]')];
  if (!cells.length) return;
  const prelude = JSON.parse(document.getElementById('cardlib-prelude').textContent);
  const page = location.pathname.split('/').pop();
  const RUN = RUN_SECONDS, LOAD = LOAD_SECONDS;
  const served = location.protocol !== 'file:';
  let worker = null, starting = null, loaded = false, busy = false, counter = 0;
  const caching = served && 'serviceWorker' in navigator
    ? navigator.serviceWorker.register('sw.js').catch(() => null) : Promise.resolve(null);
  async function controlled() {  // until sw.js answers this page's fetches (at most 3 s)
    if (!await caching || navigator.serviceWorker.controller) return;
    await Promise.race([new Promise(r => setTimeout(r, 3000)), new Promise(r =>
      navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))]);
  }
  function start() {  // Python loads as soon as a learner turns to an editor
    if (!starting) starting = (async () => {
      await controlled();
      const code = 'const queue = []; self.onmessage = (event) => queue.push(event);\n'
        + '(await import(' + JSON.stringify(new URL('cardlib-worker.mjs', location.href).href)
        + ')).listen(queue);\n';
      worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })),
                          { type: 'module' });
      loaded = false;
      worker.addEventListener('message', (event) => { if (event.data.loaded) loaded = true; });
      worker.postMessage({ id: 0, warm: true });
      return worker;
    })();
    return starting;
  }
  const serve = 'To run Python in the page, serve this folder over http: make serve (or '
    + 'python -m http.server -d build/html) and open http://localhost:8000/' + page;
  function output(cell) { return cell.querySelector('.jp-OutputArea'); }
  function say(cell, html, kind) {
    const out = output(cell);
    out.innerHTML = '<div class="cardlib-run-output ' + (kind || '') + '">' + html + '</div>';
  }
  function text(value) {
    const d = document.createElement('div'); d.textContent = value; return d.innerHTML;
  }
  async function run(cell) {
    if (busy) return;
    if (!served) { say(cell, text(serve), 'cardlib-note'); return; }
    busy = true;
    cells.forEach(c => c.querySelector('.cardlib-run').disabled = true);
    const status = cell.querySelector('.cardlib-status');
    status.textContent = loaded ? 'Running…' : 'Loading Python (13 MB, once for the site)…';
    const python = await start();
    const id = ++counter;
    let waiting = !loaded;  // for Python to load: a longer limit, then the run's own
    let timer = setTimeout(stop, (waiting ? LOAD : RUN) * 1000);
    function done() {
      clearTimeout(timer); busy = false;
      cells.forEach(c => c.querySelector('.cardlib-run').disabled = false);
    }
    function stop() {
      python.terminate(); worker = null; starting = null; done();
      status.textContent = '';
      say(cell, text(!waiting ? 'Stopped after ' + RUN + ' s: an endless loop? The next Run '
        + 'starts Python afresh.' : 'Python did not load within ' + LOAD + ' s.'),
        'cardlib-stopped');
    }
    python.onmessage = (event) => {
      const data = event.data;
      if (data.id !== id) return;
      if (data.loaded) {
        if (waiting) { waiting = false; clearTimeout(timer); timer = setTimeout(stop, RUN * 1000); }
        status.textContent = 'Running…';
        return;
      }
      done();
      status.textContent = '';
      const a = data.answer;
      let html = a.printed ? '<pre>' + text(a.printed) + '</pre>' : '';
      if (a.error) html += '<pre class="cardlib-error">' + text(a.error) + '</pre>';
      else if (a.html) html += a.html;  // a check's or the judge's verdict, escaped by cardlib
      else if (a.text) html += '<pre>' + text(a.text) + '</pre>';
      say(cell, html || '<em>(nothing to show)</em>');
    };
    python.onerror = (event) => { done(); say(cell, text('Python failed: ' + event.message)); };
    const setup = JSON.parse(cell.dataset.cardlibSetup || '[]');
    python.postMessage({ id, code: cell.querySelector('textarea').value,
                         prelude: prelude.concat(setup) });
  }
  cells.forEach((cell) => {
    const area = cell.querySelector('textarea');
    const key = 'cardlib:' + page + ':' + cell.dataset.cardlibEditable;
    const stub = area.defaultValue;
    const saved = localStorage.getItem(key);
    if (saved !== null) area.value = saved;
    area.addEventListener('input', () => localStorage.setItem(key, area.value));
    cell.querySelector('.cardlib-run').addEventListener('click', () => run(cell));
    cell.querySelector('.cardlib-reset').addEventListener('click', () => {
      area.value = stub; localStorage.removeItem(key);
    });
    if (!served) cell.querySelector('.cardlib-status').textContent = serve;
    else ['focusin', 'pointerenter'].forEach(e => cell.addEventListener(e, start, { once: true }));
  });
})();
