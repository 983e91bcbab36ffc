// Step pages: the left and right arrow keys (and a swipe on a touch screen) press Previous and
// Next (which htmx handles), and after a step is swapped in, focus moves to its heading so
// screen readers and phone users land on the new step. Glossary terms in an explanation show
// their summary in place: hover a term, or press its "?" button (keyboard and touch).
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

  function go(which) {
    if (busy) {
      pending = which;
    } else {
      press(which);
    }
  }

  // A glossary summary is fetched by htmx too; those requests are not step loads.
  function isPeek(event) {
    var detail = event.detail || {};
    var elt = (detail.requestConfig && detail.requestConfig.elt) || detail.elt || event.target;
    return !!(elt && elt.closest && elt.closest("[data-peek], .peek"));
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      hideAllPeeks(true);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var which = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    if (!which) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    if (!document.getElementById("step-panel")) return;
    event.preventDefault();
    go(which);
  });

  // Swipe left for the next step, right for the previous one.
  var touch = null;
  document.addEventListener("touchstart", function (event) {
    var target = event.target;
    touch = null;
    if (event.touches.length !== 1 || !target.closest || !target.closest("#step-panel")) return;
    if (target.closest("input, textarea, select, pre")) return;
    touch = { x: event.touches[0].clientX, y: event.touches[0].clientY };
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    if (!touch || event.changedTouches.length !== 1) return;
    var dx = event.changedTouches[0].clientX - touch.x;
    var dy = event.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) >= 60 && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? "next" : "prev");
  }, { passive: true });

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPeek(event)) busy = true;
  });
  ["htmx:responseError", "htmx:sendError", "htmx:timeout", "htmx:swapError"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (isPeek(event)) return;
      busy = false;
      pending = null;
    });
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (isPeek(event)) return;
    var panel = document.getElementById("step-panel");
    if (!panel) return;  // not a step page (the editor uses htmx too)
    busy = false;
    var heading = document.getElementById("step-heading");
    if (heading) heading.focus();
    if (pending) {
      var which = pending;
      pending = null;
      press(which);
    }
  });

  // --- glossary summaries
  var pinned = null; // the "?" button whose summary stays open until pressed again

  function peekButtons(peek) {
    return document.querySelectorAll('.peek-button[aria-controls="' + peek.id + '"]');
  }

  function hidePeek(peek, refocus) {
    if (!peek || peek.hidden) return;
    peek.hidden = true;
    peekButtons(peek).forEach(function (button) {
      button.setAttribute("aria-expanded", "false");
      if (refocus && button === pinned) button.focus();
    });
    if (pinned && pinned.getAttribute("aria-controls") === peek.id) pinned = null;
  }

  function hideAllPeeks(refocus) {
    document.querySelectorAll(".peek").forEach(function (peek) { hidePeek(peek, refocus); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".peek-button");
    if (!button) return;
    var peek = document.getElementById(button.getAttribute("aria-controls"));
    if (!peek) return;
    if (pinned === button && !peek.hidden) {
      hidePeek(peek, false);
      event.preventDefault();
      event.stopImmediatePropagation(); // closing: no need to fetch again
      return;
    }
    document.querySelectorAll(".peek-button[aria-expanded='true']").forEach(function (other) {
      other.setAttribute("aria-expanded", "false");
    });
    pinned = button;
    button.setAttribute("aria-expanded", "true");
  }, true);

  document.addEventListener("htmx:afterSwap", function (event) {
    var peek = event.target;
    if (!peek.classList || !peek.classList.contains("peek")) return;
    peek.hidden = false;
  });

  // A summary opened by hovering closes when the pointer leaves its explanation.
  document.addEventListener("mouseout", function (event) {
    var item = event.target.closest && event.target.closest(".explanation");
    if (!item || (event.relatedTarget && item.contains(event.relatedTarget))) return;
    var peek = item.querySelector(".peek");
    if (peek && !(pinned && pinned.getAttribute("aria-controls") === peek.id)) hidePeek(peek, false);
  });
})();
