// The board editor works as plain forms; this only smooths it. It hides the no-script
// buttons, puts focus back where a button left it, marks the fields the engine's check
// complains about, and adds a blank input to a pile once its last one is used.
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  function focusRequested() {
    var form = document.getElementById("editor-form");
    var id = form && form.getAttribute("data-focus");
    var target = id && document.getElementById(id);
    if (target) target.focus();
  }

  // aria-invalid on each field named by a problem (its list item carries data-field).
  function markInvalid() {
    var form = document.getElementById("editor-form");
    if (!form) return;
    form.querySelectorAll("[aria-invalid='true']").forEach(function (field) {
      field.removeAttribute("aria-invalid");
    });
    form.querySelectorAll(".field-problems li[data-field]").forEach(function (item) {
      var field = document.getElementById("f-" + item.getAttribute("data-field"));
      if (field) field.setAttribute("aria-invalid", "true");
    });
  }

  // Typing into the last input of a pile adds a new blank one after it.
  document.addEventListener("input", function (event) {
    var input = event.target;
    var pile = input.closest && input.closest(".pile-edit");
    if (!pile || !input.classList.contains("card-input") || !input.value) return;
    var inputs = pile.querySelectorAll(".pile-inputs .card-input");
    if (inputs[inputs.length - 1] !== input) return;
    var match = /^(.*-)(\d+)$/.exec(input.name);
    if (!match) return;
    var next = input.cloneNode(false);
    next.name = match[1] + (Number(match[2]) + 1);
    next.id = "f-" + next.name;
    next.value = "";
    next.removeAttribute("aria-invalid");
    next.setAttribute("aria-label", input.getAttribute("aria-label").replace(/\d+$/, String(inputs.length + 1)));
    input.insertAdjacentElement("afterend", next);
    if (window.htmx) window.htmx.process(next);
    var slots = pile.querySelector("input[name^='slots-']");
    if (slots) slots.value = String(inputs.length + 1);
  });

  // The folded parts of the editor (each half of the mat, the actions as text) stay as the judge
  // left them when a button redraws the form: the open ones are sent along in `ui-open`.
  document.addEventListener("toggle", function (event) {
    var part = event.target;
    var field = document.getElementById("ui-open");
    if (!field || !part.matches || !part.matches("details[data-ui]")) return;
    var open = [];
    document.querySelectorAll("#editor-form details[data-ui]").forEach(function (details) {
      if (details.open) open.push(details.getAttribute("data-ui"));
    });
    field.value = open.join(",");
  }, true);

  document.addEventListener("DOMContentLoaded", function () {
    focusRequested();
    markInvalid();
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "editor-form") focusRequested();
    markInvalid();
  });
})();
