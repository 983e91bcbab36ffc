// A step permalink: `/s/<slug>/#step-5` (or a verdict sentence's link) opens step 5 scrolled to
// it. The server renders the step a URL names and the step's article carries `id="step-N"`, so
// the browser scrolls there by itself; only a `#step-N` of a step not on this page needs the
// step's own page, which the step list links to.
(function () {
  "use strict";
  var match = /^#step-(\d+)$/.exec(window.location.hash);
  if (!match || document.getElementById("step-" + match[1])) return;
  var link = document.querySelector('.step-list a[href$="#step-' + match[1] + '"]');
  if (link) window.location.replace(link.href);
})();
