// Step pages: the left and right arrow keys press Previous and Next (which htmx handles),
// and after a step is swapped in, focus moves to its heading so screen readers and phone
// users land on the new step.
(function () {
  "use strict";

  // While a step loads, htmx has not yet wired the new panel's links: a key pressed then
  // would follow the plain href (a full page load), so the last key pressed waits until the
  // swap settles and is acted on then: no key press is lost.
  var busy = false;
  var pending = null;

  function press(which) {
    var link = document.querySelector('#step-panel a[data-step-nav="' + which + '"]');
    if (link) link.click();
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var which = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    if (!which) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    if (busy) {
      pending = which;
    } else {
      press(which);
    }
  });

  document.addEventListener("htmx:beforeRequest", function () {
    busy = true;
  });
  ["htmx:responseError", "htmx:sendError", "htmx:timeout", "htmx:swapError"].forEach(function (name) {
    document.addEventListener(name, function () {
      busy = false;
      pending = null;
    });
  });

  // The only htmx swaps on these pages are step panels.
  document.addEventListener("htmx:afterSettle", function () {
    busy = false;
    var heading = document.getElementById("step-heading");
    if (heading) heading.focus();
    if (pending) {
      var which = pending;
      pending = null;
      press(which);
    }
  });
})();
