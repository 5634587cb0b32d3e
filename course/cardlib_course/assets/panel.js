(function (root) {
  var data = JSON.parse(root.querySelector('script.cardlib-states').textContent);
  var fields = Array.prototype.slice.call(root.querySelectorAll('[data-control]'));
  var img = root.querySelector('img.cardlib-figure');
  function place(k) {
    var field = fields[k], labels = data.controls[k].labels;
    if (field.type === 'checkbox') return Math.max(0, labels.indexOf(field.checked ? 'on' : 'off'));
    if (field.type === 'number') {
      var value = Number(field.value), best = 0;
      labels.forEach(function (label, i) {
        if (Math.abs(Number(label) - value) < Math.abs(Number(labels[best]) - value)) best = i;
      });
      return best;
    }
    return Number(field.value);
  }
  function put(k, i) {
    var field = fields[k];
    if (field.type === 'checkbox') field.checked = data.controls[k].labels[i] === 'on';
    else if (field.type === 'number') field.value = data.controls[k].labels[i];
    else field.value = String(i);
  }
  function show() {
    var flat = 0;
    data.controls.forEach(function (control, k) {
      var i = place(k), readout = root.querySelector('output[data-for="' + k + '"]');
      flat = flat * control.labels.length + i;
      if (readout) readout.textContent = control.labels[i];
      if (fields[k].type === 'range') fields[k].setAttribute('aria-valuetext', control.labels[i]);
    });
    var state = data.states[flat];
    img.src = data.images[state[0]];
    img.alt = state[1];
    root.setAttribute('data-state', String(flat));
  }
  fields.forEach(function (field, k) {
    field.addEventListener('input', show);
    field.addEventListener('change', function () { put(k, place(k)); show(); });
  });
  Array.prototype.forEach.call(root.querySelectorAll('button[data-button]'), function (button) {
    button.addEventListener('click', function () {
      var moves = data.buttons[Number(button.getAttribute('data-button'))].moves;
      Object.keys(moves).forEach(function (k) { put(Number(k), moves[k][place(Number(k))]); });
      show();
    });
  });
  show();
})(document.currentScript.parentElement);
