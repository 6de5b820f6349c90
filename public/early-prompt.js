// Runs before the app's code has loaded, on the static prompt of index.html: applies the
// theme chosen last time, puts the focus in the prompt, and keeps Enter as "send this once
// Loopscope has loaded" (src/ui/agent/early-prompt.ts adopts the text and sends it). The app
// replaces all of this in its first render.
(function () {
  'use strict';
  var box = document.getElementById('early-prompt');
  if (!box) return;
  try {
    var theme = localStorage.getItem('loopscope-theme');
    if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
  } catch {
    // No storage: the stylesheet follows the system's theme.
  }
  var note = document.getElementById('early-prompt-note');
  var sendWhenReady = function () {
    if (!box.value.trim()) return;
    box.dataset.send = 'pending';
    box.readOnly = true;
    if (note) note.textContent = 'Loopscope is loading: your message is sent as soon as it is ready.';
  };
  box.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    sendWhenReady();
  });
  var form = box.form;
  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      sendWhenReady();
    });
    box.addEventListener('input', function () {
      var send = form.querySelector('button[type="submit"]');
      if (send) send.disabled = !box.value.trim();
    });
  }
  var active = document.activeElement;
  if (!active || active === document.body) box.focus();
})();
