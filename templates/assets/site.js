/* faqc site script: copied verbatim to site/assets/site.js. Plain script, no dependencies: it
   must work from file:// under the page's Content-Security-Policy (script-src 'self').

   1. Card previews. Hovering (mouse) or focusing (keyboard) a link a.card-ref shows the
      card in a popover. The key is the link's data-card attribute, else its file name without
      ".html" (cards/tarmogoyf.html#r-1 -> "tarmogoyf"). The previews are split into buckets
      (written by compiler/site/cardsjs.py): assets/cards.js, loaded by every page before this
      file, only says how many,
        window.FAQC_CARDS = { "buckets": 64, "format": 1 };
      and a card is in assets/cards/NN.js, NN = fnv1a(key) % buckets (at least two digits).
      The first hover or focus of a link loads its bucket with a <script> element (fetch does
      not work from file://), found beside this file's own URL, so from a page at any depth;
      the bucket calls FAQC_CARDS.register(NN, { "<card id>": card, ... }) with
        card = { "html": "<div class=card>...</div>" } | { "name": ..., "type": ..., "text": [...] }
      and the preview shows when it arrives, if the link is still hovered or focused. Loaded
      buckets are kept for the page's life; a bucket that failed to load is tried again on
      the next hover. "html" must be markup the build rendered with autoescaped templates;
      the plain fields are inserted as text.
   2. Pressing "/" outside a text field focuses the search box, as on many doc sites.
   3. Permalinks (a.permalink, the visible "¶" beside a ruling, card or topic): a click goes to
      the item as any link does and also copies the item's address to the clipboard where the
      browser allows it, saying so in the link's title and a polite live region.
   4. Printing: a line with the page's address (p.print-address, shown only in print) is put
      at the top of the page, so a printout says where it came from. */
(function () {
  "use strict";

  var PREVIEW_ID = "card-preview";
  var FORMAT = 1;
  var GAP = 6;
  var box = null;
  var current = null;  // the link whose preview is shown
  var wanted = null;   // the link hovered or focused: its preview is shown or on its way
  var cards = window.FAQC_CARDS = window.FAQC_CARDS || {};
  var buckets = {};    // bucket number -> { "<card id>": card }, once loaded
  var loading = {};    // bucket number -> true while its script loads
  var ownScript = document.currentScript || document.querySelector('script[src$="site.js"]');
  var here = ownScript ? ownScript.src : "";

  cards.register = function (number, previews) {
    if (typeof number === "number" && previews && typeof previews === "object") {
      buckets[number] = previews;
    }
  };
  (cards.pending || []).forEach(function (item) { cards.register(item[0], item[1]); });
  cards.pending = [];

  /* 32-bit FNV-1a of the UTF-8 bytes (compiler/site/cardsjs.py fnv1a). */
  function fnv1a(text) {
    var bytes = new TextEncoder().encode(text), h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h >>> 0;
  }

  function cardKey(link) {
    var key = link.getAttribute("data-card");
    if (key) return key;
    var path = (link.getAttribute("href") || "").split("#")[0].split("?")[0];
    var file = path.substring(path.lastIndexOf("/") + 1).replace(/\.html$/, "");
    try { return decodeURIComponent(file); } catch (e) { return file; }
  }

  function bucketOf(key) {
    var count = cards.buckets;
    if (cards.format !== FORMAT || typeof count !== "number" || count < 1 || !here) return -1;
    return fnv1a(key) % count;
  }

  function loadBucket(number) {
    if (loading[number]) return;
    loading[number] = true;
    var script = document.createElement("script");
    script.src = new URL("cards/" + (number < 10 ? "0" : "") + number + ".js", here).href;
    script.charset = "utf-8";
    script.onload = function () {
      delete loading[number];
      if (wanted) reveal(wanted);
    };
    script.onerror = function () {
      delete loading[number];
      script.remove();
    };
    document.head.appendChild(script);
  }

  /* The card of a link, or null: not a known card, or its bucket is not there yet (then it
     starts loading). */
  function cardData(link) {
    var key = cardKey(link);
    var number = bucketOf(key);
    if (number < 0) return null;
    var previews = buckets[number];
    if (!previews) {
      loadBucket(number);
      return null;
    }
    return Object.prototype.hasOwnProperty.call(previews, key) ? previews[key] : null;
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

  /* Show the preview of link now if its card is there, else once its bucket arrives. */
  function want(link) {
    if (link === wanted) return;
    wanted = link;
    if (current !== link) hide();
    reveal(link);
  }

  function unwant(link) {
    if (link !== wanted) return;
    wanted = null;
    hide();
  }

  function reveal(link) {
    if (link !== wanted || link === current) return;
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

  function forget() {
    wanted = null;
    hide();
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
    if (link && event.pointerType === "mouse") want(link);
  });
  document.addEventListener("pointerout", function (event) {
    var link = cardLink(event.target);
    if (link && !link.contains(event.relatedTarget)) unwant(link);
  });
  document.addEventListener("focusin", function (event) {
    var link = cardLink(event.target);
    if (link) want(link); else forget();
  });
  document.addEventListener("focusout", function (event) {
    var link = cardLink(event.target);
    if (link) unwant(link);
  });
  window.addEventListener("resize", forget);

  (function addPrintAddress() {
    var main = document.getElementById("main");
    if (!main || document.querySelector(".print-address")) return;
    var line = document.createElement("p");
    line.className = "print-address";
    line.textContent = location.href.split("#")[0];
    main.parentNode.insertBefore(line, main);
  })();

  var copiedNote = null;
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.permalink") : null;
    if (!link || !navigator.clipboard || !navigator.clipboard.writeText) return;
    navigator.clipboard.writeText(link.href).then(function () {
      if (!copiedNote) {
        copiedNote = document.createElement("p");
        copiedNote.className = "visually-hidden";
        copiedNote.setAttribute("role", "status");
        document.body.appendChild(copiedNote);
      }
      var said = link.getAttribute("data-copied") || "Link copied";
      copiedNote.textContent = said;
      link.setAttribute("data-state", "copied");
      setTimeout(function () { link.removeAttribute("data-state"); }, 1500);
    }, function () { /* no clipboard here (permission, insecure origin): the link still works */ });
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { forget(); return; }
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    var search = document.getElementById("site-search-q");
    if (!search) return;
    event.preventDefault();
    search.focus();
    search.select();
  });
})();
