// Runs inline in index.html's <head> (the build puts it there: scripts/early-prompt.mjs), before
// the static prompt exists: applies the theme chosen last time (before anything is painted),
// keeps Enter in the prompt as "send this once Loopscope has loaded" (src/ui/agent/early-prompt.ts
// adopts the text and sends it), and puts the focus in the prompt once the page is parsed. The
// listeners are on the document, so they are in place before the box can take a key: an Enter
// pressed the moment it shows is never a new line instead of a send. The app replaces all of
// this in its first render. The page's CSP allows this script by its hash: after a change, put
// the new one in src/shared/security-headers.mjs (scripts/early-prompt.test.mjs says which).
(function () {
  'use strict';
  try {
    var theme = localStorage.getItem('loopscope-theme');
    if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
  } catch {
    // No storage: the stylesheet follows the system's theme.
  }
  // The embedded player (an `?embed` address, shared/security-headers.mjs isEmbedAddress) has no
  // prompt: the stylesheet hides this page's static shell until the player is drawn.
  if (new URLSearchParams(location.search).has('embed')) {
    document.documentElement.dataset.embed = '';
    return;
  }
  var earlyBox = function () {
    return document.getElementById('early-prompt');
  };
  var sendWhenReady = function (box) {
    if (!box.value.trim()) return;
    box.dataset.send = 'pending';
    box.readOnly = true;
    var note = document.getElementById('early-prompt-note');
    if (note) note.textContent = 'Loopscope is loading: your message is sent as soon as it is ready.';
  };
  document.addEventListener(
    'keydown',
    function (event) {
      var box = earlyBox();
      if (!box || event.target !== box || event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      sendWhenReady(box);
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      var box = earlyBox();
      if (!box || event.target !== box.form) return;
      event.preventDefault();
      sendWhenReady(box);
    },
    true,
  );
  document.addEventListener(
    'input',
    function (event) {
      var box = earlyBox();
      if (!box || event.target !== box || !box.form) return;
      var send = box.form.querySelector('button[type="submit"]');
      if (send) send.disabled = !box.value.trim();
    },
    true,
  );
  // Parsed: the box is there, and the app's module has not run yet.
  document.addEventListener('readystatechange', function focusOnce() {
    if (document.readyState !== 'interactive') return;
    document.removeEventListener('readystatechange', focusOnce);
    var box = earlyBox();
    var active = document.activeElement;
    if (box && (!active || active === document.body)) box.focus();
  });
})();
