// The Web Worker of the editors: loads Python once, then runs each cell it is sent
// (cardlib.cells.run_cell). The page starts it from a small blob that imports this module and
// hands over the messages that came before it loaded (listen).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const ready = (async () => {
  const here = new URL("./pyodide/", import.meta.url).href;
  const py = await loadPyodide({ indexURL: here });
  const zip = await (await fetch(here + "cardlib.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip");
  py.runPython("from cardlib.cells import run_cell_json\n"
               + "import cardlib.judge, cardlib.exercises.code");
  return py.globals.get("run_cell_json");
})();

async function answer(event) {
  const { id, code, prelude, warm } = event.data;
  try {
    const run = await ready;
    self.postMessage({ id, loaded: true });
    if (warm) return;
    self.postMessage({ id, answer: JSON.parse(run(code, JSON.stringify(prelude))) });
  } catch (error) {
    self.postMessage({ id, answer: { error: String(error), printed: "" } });
  }
}

export function listen(queue) {
  self.onmessage = answer;
  queue.forEach(answer);
}
