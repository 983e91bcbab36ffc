// The site menu on a narrow screen: one header row (the site's name and a Menu button) whose
// button opens the links. Without this script the links simply show, wrapped, as before; the
// button is drawn only once the script has made it work (the header's "menu-ready" class).
(function () {
  "use strict";

  var header = document.querySelector(".site-header");
  var button = header && header.querySelector(".menu-button");
  var menu = button && document.getElementById(button.getAttribute("aria-controls"));
  if (!menu) return;

  function setOpen(open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    header.classList.toggle("menu-open", open);
  }

  header.classList.add("menu-ready");
  button.addEventListener("click", function () {
    setOpen(button.getAttribute("aria-expanded") !== "true");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
      setOpen(false);
      button.focus();
    }
  });
  // A tap elsewhere on the page closes the open menu, as on any phone site.
  document.addEventListener("click", function (event) {
    if (button.getAttribute("aria-expanded") === "true" && !header.contains(event.target)) setOpen(false);
  });
})();
