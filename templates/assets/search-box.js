/* The header's search box as you type: copied verbatim to site/assets/search-box.js, loaded
   (defer) by every page (templates/base.html). Plain script, no modules, no fetch: the search
   scripts the search page uses (search-analysis.js, search-engine.js, search-rank.js,
   search-forgiving.js) and the export's data files are loaded by <script> elements when the
   box is first used, so it works from file:// as over HTTP; the query, its ranking and the
   results are the search page's (the same engine, the last word typed as a prefix).

   Also what search.js shares: FAQC_SEARCH.loader(base), the data files' loader, and
   FAQC_SEARCH.asTyped(q). On the search page the header's box only mirrors the page's.

   Keys in the box: ArrowDown to the results, Enter for the search page with every result,
   Escape closes the results (then clears the box); in the results ArrowDown/ArrowUp move,
   Enter opens one, Escape goes back to the box. Results are DOM text nodes only. */
(function () {
  "use strict";

  var S = window.FAQC_SEARCH || (window.FAQC_SEARCH = {});
  S.data = S.data || {};

  /* The loader of the data files beside meta.js at ``base``: load(name) -> Promise. */
  S.loader = function (base) {
    var loading = {};
    function load(name) {
      if (S.data[name]) return Promise.resolve();
      if (!loading[name]) {
        loading[name] = new Promise(function (resolve, reject) {
          var script = document.createElement("script");
          script.src = base + name + ".js";
          script.charset = "utf-8";
          script.onload = function () {
            if (S.data[name]) resolve();
            else reject(new Error(script.src));
          };
          script.onerror = function () {
            delete loading[name];
            script.remove();
            reject(new Error(script.src));
          };
          document.head.appendChild(script);
        });
      }
      return loading[name];
    }
    return { load: load, loadAll: function (names) { return Promise.all(names.map(load)); } };
  };

  /* While typing, the last word is a prefix: "tarmo" searches tarmo* (not in quotes, not a
     field's value, not after a space). */
  S.asTyped = function (q) {
    var last = q.split(/\s+/).pop();
    var quotes = (q.match(/"/g) || []).length;
    return /[\p{L}\p{N}]$/u.test(q) && last.indexOf(":") < 0 && quotes % 2 === 0 ? q + "*" : q;
  };

  var form = document.querySelector("form.site-search");
  var input = document.getElementById("site-search-q");
  if (!form || !input || !form.getAttribute("data-meta") || document.getElementById("search-app")) return;

  var SHOWN = 8, DELAY = 150;
  var ja = document.documentElement.lang === "ja";
  var WORDS = ja ? {
    results: function (n) { return n + "\u4ef6"; }, all: function (q) { return "\u300c" + q + "\u300d\u306e\u7d50\u679c\u3092\u3059\u3079\u3066\u898b\u308b"; },
    none: function (q) { return "\u300c" + q + "\u300d\u306b\u4e00\u81f4\u3059\u308b\u7d50\u679c\u306f\u3042\u308a\u307e\u305b\u3093\u3002"; },
    loading: "\u691c\u7d22\u4e2d\u2026", failed: "\u691c\u7d22\u30c7\u30fc\u30bf\u3092\u8aad\u307f\u8fbc\u3081\u307e\u305b\u3093\u3002",
    error: "\u691c\u7d22\u3067\u304d\u307e\u305b\u3093\uff1a", label: "\u691c\u7d22\u7d50\u679c",
    kinds: { card: "\u30ab\u30fc\u30c9", ruling: "\u88c1\u5b9a", rule: "\u30eb\u30fc\u30eb", topic: "\u30c8\u30d4\u30c3\u30af", section: "\u30bb\u30af\u30b7\u30e7\u30f3" }
  } : {
    results: function (n) { return n === 1 ? "1 result" : n + " results"; },
    all: function (q) { return "All results for \u201c" + q + "\u201d"; },
    none: function (q) { return "No results for \u201c" + q + "\u201d."; },
    loading: "Searching\u2026", failed: "The search data could not be loaded.",
    error: "Cannot search: ", label: "Search results",
    kinds: { card: "card", ruling: "ruling", rule: "rule", topic: "topic", section: "section" }
  };
  var base = form.getAttribute("data-meta").replace(/meta\.js$/, "");
  var assets = form.getAttribute("data-engine").replace(/search-engine\.js$/, "");
  var root = form.getAttribute("data-root").replace(/index\.html$/, "");
  var data = S.loader(base);

  var panel = document.createElement("div");
  panel.className = "site-search-panel";
  panel.id = "site-search-panel";
  panel.hidden = true;
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-label", WORDS.label);
  var status = document.createElement("p");
  status.className = "site-search-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  var list = document.createElement("ol");
  list.className = "site-search-results";
  panel.appendChild(status);
  panel.appendChild(list);
  form.appendChild(panel);
  input.setAttribute("aria-controls", panel.id);

  /* The engine, loaded once, in order (async=false keeps the order of insertion). */
  var engine = null;
  function loadEngine() {
    if (engine) return engine;
    engine = Promise.all(["search-analysis.js", "search-engine.js", "search-rank.js",
      "search-forgiving.js"].map(function (name) {
      return new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = assets + name;
        script.async = false;
        script.onload = resolve;
        script.onerror = function () { engine = null; script.remove(); reject(new Error(script.src)); };
        document.head.appendChild(script);
      });
    })).then(function () {
      if (!S.engine || !S.engine.answer) throw new Error("search engine");
      return S.engine;
    });
    return engine;
  }

  var generation = 0, timer = null;

  function element(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  function open() { panel.hidden = false; }
  function close() { panel.hidden = true; }

  function say(text) { status.textContent = text; }

  /* A title with its matched words in <mark>. */
  function marked(parent, text, spans) {
    var pos = 0;
    spans.slice().sort(function (a, b) { return a[0] - b[0]; }).forEach(function (s) {
      if (s[0] < pos) return;
      if (s[0] > pos) parent.appendChild(document.createTextNode(text.slice(pos, s[0])));
      parent.appendChild(element("mark", "", text.slice(s[0], s[1])));
      pos = s[1];
    });
    if (pos < text.length) parent.appendChild(document.createTextNode(text.slice(pos)));
  }

  function resultItem(E, hit, terms) {
    var rec = E.record(hit.doc), item = element("li", "site-search-result");
    item.setAttribute("lang", rec.lang);
    var link = element("a", "site-search-link");
    link.href = root + rec.url;
    marked(link, rec.title, E.matchSpans(rec.title, terms));
    item.appendChild(link);
    var facts = element("span", "site-search-facts");
    facts.appendChild(element("span", "search-badge search-badge-" + rec.kind, WORDS.kinds[rec.kind]));
    [rec.set, rec.date].forEach(function (fact) {
      if (fact) facts.appendChild(element("span", "search-fact", fact));
    });
    item.appendChild(facts);
    return item;
  }

  function allLink(q) {
    var item = element("li", "site-search-all");
    var link = element("a", "site-search-link", WORDS.all(q));
    link.href = form.getAttribute("action") + "?" + new URLSearchParams({ q: q }).toString();
    item.appendChild(link);
    return item;
  }

  function search() {
    var mine = ++generation, q = input.value;
    if (!q.trim()) { list.textContent = ""; say(""); close(); return Promise.resolve(); }
    open();
    var slow = setTimeout(function () { if (mine === generation) say(WORDS.loading); }, 300);
    return loadEngine().then(function (E) {
      var plan;
      try {
        plan = E.plan(S.asTyped(q));
      } catch (e) {
        if (!(e instanceof E.QueryError)) throw e;
        list.textContent = "";
        say(WORDS.error + e.message);
        return null;
      }
      return E.answer(plan, null, data.loadAll).then(function (found) {
        var page = found.hits.slice(0, SHOWN);
        var files = page.map(function (h) { return E.textFileOf(h.doc); });
        return data.loadAll(files.filter(function (f, i) { return files.indexOf(f) === i; }))
          .then(function () {
            if (mine !== generation) return;
            var terms = E.positiveTerms(found.plan);
            list.textContent = "";
            page.forEach(function (h) { list.appendChild(resultItem(E, h, terms)); });
            if (found.hits.length) list.appendChild(allLink(q));
            say(found.hits.length ? WORDS.results(found.hits.length) : WORDS.none(q));
          });
      });
    }).catch(function () {
      if (mine === generation) { list.textContent = ""; say(WORDS.failed); }
    }).then(function () { clearTimeout(slow); });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(search, DELAY);
  }

  function links() { return Array.prototype.slice.call(list.querySelectorAll("a")); }

  input.addEventListener("input", function (event) { if (!event.isComposing) schedule(); });
  input.addEventListener("compositionend", schedule);
  input.addEventListener("focus", function () {
    loadEngine().catch(function () { /* said when a search needs it */ });
    if (input.value.trim() && list.children.length) open();
  });
  input.addEventListener("keydown", function (event) {
    if (event.isComposing) return;
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      open();
      links()[0].focus();
    } else if (event.key === "Escape") {
      if (!panel.hidden) { event.preventDefault(); close(); }
      else if (input.value) { event.preventDefault(); input.value = ""; search(); }
    }
  });
  list.addEventListener("keydown", function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === "ArrowDown" && at + 1 < all.length) { event.preventDefault(); all[at + 1].focus(); }
    else if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? all[at - 1] : input).focus(); }
    else if (event.key === "Escape") { event.preventDefault(); close(); input.focus(); }
  });
  /* Leaving the box and its results (a click or Tab elsewhere) closes them. */
  form.addEventListener("focusout", function (event) {
    if (!event.relatedTarget || !form.contains(event.relatedTarget)) close();
  });
})();
