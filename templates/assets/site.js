/* faqc site script: copied verbatim to site/assets/site.js. Plain script, no dependencies,
   no network: it must work from file:// under the page's Content-Security-Policy.

   1. Card previews. Hovering (mouse) or focusing (keyboard) a link a.card-ref shows the
      card in a popover. The data comes from window.FAQC_CARDS, set by assets/cards.js
      (written by the build, loaded with <script> before this file):
        window.FAQC_CARDS = { "<card id>": { "html": "<div class=card>...</div>" }
                                           | { "name": ..., "type": ..., "text": [...] } };
      The key is the link's data-card attribute, else its file name without ".html"
      (cards/tarmogoyf.html#r-1 -> "tarmogoyf"). "html" must be markup the build rendered
      with autoescaped templates; the plain fields are inserted as text.
   2. Pressing "/" outside a text field focuses the search box, as on many doc sites. */
(function () {
  "use strict";

  var PREVIEW_ID = "card-preview";
  var GAP = 6;
  var box = null;
  var current = null;

  function cardKey(link) {
    var key = link.getAttribute("data-card");
    if (key) return key;
    var path = (link.getAttribute("href") || "").split("#")[0].split("?")[0];
    var file = path.substring(path.lastIndexOf("/") + 1).replace(/\.html$/, "");
    try { return decodeURIComponent(file); } catch (e) { return file; }
  }

  function cardData(link) {
    var cards = window.FAQC_CARDS;
    var key = cardKey(link);
    if (!cards || !Object.prototype.hasOwnProperty.call(cards, key)) return null;
    return cards[key];
  }

  function previewBox() {
    if (box) return box;
    box = document.createElement("div");
    box.id = PREVIEW_ID;
    box.className = "card-preview";
    box.setAttribute("role", "tooltip");
    box.hidden = true;
    document.body.appendChild(box);
    return box;
  }

  function addLine(parent, className, text) {
    if (!text) return;
    var p = document.createElement("p");
    if (className) p.className = className;
    p.textContent = text;
    parent.appendChild(p);
  }

  function fill(target, card) {
    target.textContent = "";
    if (typeof card.html === "string") {
      target.innerHTML = card.html; // built by faqc from autoescaped templates
      return;
    }
    var plain = document.createElement("div");
    plain.className = "card-preview-plain";
    addLine(plain, "card-preview-name", card.name);
    addLine(plain, "card-type", card.type);
    (card.text || []).forEach(function (line) { addLine(plain, "", line); });
    target.appendChild(plain);
  }

  function place(target, link) {
    var rect = link.getBoundingClientRect();
    var viewWidth = document.documentElement.clientWidth;
    var viewHeight = document.documentElement.clientHeight;
    var left = Math.max(GAP, Math.min(rect.left, viewWidth - target.offsetWidth - GAP));
    var top = rect.bottom + GAP;
    if (top + target.offsetHeight > viewHeight && rect.top - target.offsetHeight - GAP > 0) {
      top = rect.top - target.offsetHeight - GAP;
    }
    target.style.left = left + window.scrollX + "px";
    target.style.top = top + window.scrollY + "px";
  }

  function show(link) {
    if (link === current) return;
    var card = cardData(link);
    if (!card) return;
    hide();
    var target = previewBox();
    fill(target, card);
    target.hidden = false;
    place(target, link);
    link.setAttribute("aria-describedby", PREVIEW_ID);
    current = link;
  }

  function hide() {
    if (!current) return;
    current.removeAttribute("aria-describedby");
    box.hidden = true;
    current = null;
  }

  function cardLink(node) {
    return node && node.closest ? node.closest("a.card-ref") : null;
  }

  function isTyping(node) {
    if (!node || !node.tagName) return false;
    var tag = node.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || node.isContentEditable;
  }

  // Touch "hover" comes right before navigation: previews are for mouse and keyboard only.
  document.addEventListener("pointerover", function (event) {
    var link = cardLink(event.target);
    if (link && event.pointerType === "mouse") show(link);
  });
  document.addEventListener("pointerout", function (event) {
    var link = cardLink(event.target);
    if (link && link === current && !link.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", function (event) {
    var link = cardLink(event.target);
    if (link) show(link); else hide();
  });
  document.addEventListener("focusout", function (event) {
    if (cardLink(event.target) === current) hide();
  });
  window.addEventListener("resize", hide);

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { hide(); return; }
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    var search = document.getElementById("site-search-q");
    if (!search) return;
    event.preventDefault();
    search.focus();
    search.select();
  });
})();
