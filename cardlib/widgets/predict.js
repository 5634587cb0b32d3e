(function (box) {
  const radios = [...box.querySelectorAll('input[type="radio"]')];
  const button = box.querySelector('button');
  const out = box.querySelector('.cardlib-reveal');
  radios.forEach(r => r.addEventListener('change', () => { button.disabled = false; }));
  button.addEventListener('click', () => {
    const chosen = radios.find(r => r.checked);
    if (!chosen) return;
    const bytes = Uint8Array.from(atob(box.dataset.cardlibPrediction), c => c.charCodeAt(0));
    const data = JSON.parse(new TextDecoder().decode(bytes));
    const right = Number(chosen.value) === data.answer;
    out.textContent = (right ? 'Right: ' : 'Not quite: the answer is ')
      + data.choices[data.answer] + '. ' + data.why;
    out.className = 'cardlib-reveal ' + (right ? 'cardlib-right' : 'cardlib-wrong');
    radios.forEach(r => { r.disabled = true; });
    button.disabled = true;
    // What the cells after it show (%%reveal), up to the next prediction, appears now.
    const cell = box.closest('.jp-Cell');
    for (let next = cell && cell.nextElementSibling;
         next && !next.querySelector('[data-cardlib-prediction]'); next = next.nextElementSibling) {
      next.querySelectorAll('.cardlib-after-prediction').forEach(after => {
        after.querySelectorAll('.cardlib-after-note').forEach(note => note.remove());
        after.querySelectorAll('.cardlib-after-output').forEach(shown => { shown.hidden = false; });
      });
    }
    window.dispatchEvent(new Event('resize'));
  });
})(document.currentScript.parentElement);
