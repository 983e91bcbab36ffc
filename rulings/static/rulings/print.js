// The print view's "Print this page" button (a script file: the Content-Security-Policy allows no
// inline handler).
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  var button = document.querySelector("[data-print]");
  if (button) button.addEventListener("click", function () { window.print(); });
});
