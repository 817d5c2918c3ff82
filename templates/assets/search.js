/* faqc search page: copied verbatim to site/assets/search.js, loaded (defer) after
   search-box.js (every page's: the data files' loader, asTyped), search-analysis.js,
   search-engine.js, search-rank.js and search-forgiving.js by templates/search.html.
   Plain script, no modules. Works from file://: the data files (search/data/*.js, written by
   compiler/search/export.py) are loaded by inserting <script> elements, never by fetch/XHR.

   - ?q= (and ?kind=, ?lang=) in the address are the state: typing replaces the history entry
     (after a pause), Enter, a filter or a language pushes a new one, Back restores it.
   - Results are built with DOM nodes and textContent only: no source text is ever parsed as HTML.
   - Keys: "/" focuses the box, ArrowDown/ArrowUp move through the results, Enter opens one,
     Escape goes back to the box, and in the box clears it. On arrival with ?q= the box has
     the focus; the header's box shows the query. While typing, the last word is a prefix. */
(function () {
  "use strict";

  var S = window.FAQC_SEARCH, E = S && S.engine;
  var app = document.getElementById("search-app");
  if (!app || !E || !E.rank || !S.loader) return;

  var PAGE = 20, DELAY = 180;
  var WORDS = {
    en: { results: function (n) { return n === 1 ? "1 result" : n + " results"; },
      none: function (q) { return "No results for \u201c" + q + "\u201d."; },
      instead: function (q, names) { return "No results for \u201c" + q + "\u201d. Did you mean " +
        names + "? Showing results for that: "; },
      others: function (w) { return " Other names holding \u201c" + w + "\u201d: "; },
      loading: "Searching\u2026", place: "Entry in ", failed: "The search data could not be loaded: ",
      error: "Cannot search: ", kinds: { card: "card", ruling: "ruling", rule: "rule",
        topic: "topic", section: "section" } },
    ja: { results: function (n) { return n + "\u4ef6"; },
      none: function (q) { return "\u300c" + q + "\u300d\u306b\u4e00\u81f4\u3059\u308b\u7d50\u679c\u306f\u3042\u308a\u307e\u305b\u3093\u3002"; },
      instead: function (q, names) { return "\u300c" + q + "\u300d\u306e\u7d50\u679c\u306f\u3042\u308a\u307e\u305b\u3093\u3002\u3082\u3057\u304b\u3057\u3066\uff1a" +
        names + "\uff08\u305d\u306e\u7d50\u679c\u3092\u8868\u793a\uff09 "; },
      others: function (w) { return " \u300c" + w + "\u300d\u3092\u542b\u3080\u307b\u304b\u306e\u540d\u524d\uff1a"; },
      loading: "\u691c\u7d22\u4e2d\u2026", place: "\u6587\u66f8\u5185\u306e\u9805\u76ee\uff1a", failed: "\u691c\u7d22\u30c7\u30fc\u30bf\u3092\u8aad\u307f\u8fbc\u3081\u307e\u305b\u3093\uff1a",
      error: "\u691c\u7d22\u3067\u304d\u307e\u305b\u3093\uff1a", kinds: { card: "\u30ab\u30fc\u30c9",
        ruling: "\u88c1\u5b9a", rule: "\u30eb\u30fc\u30eb", topic: "\u30c8\u30d4\u30c3\u30af",
        section: "\u30bb\u30af\u30b7\u30e7\u30f3" } }
  };
  var words = WORDS[app.getAttribute("data-lang")] || WORDS.en;
  var base = app.getAttribute("data-meta").replace(/meta\.js$/, "");
  var root = app.getAttribute("data-root").replace(/index\.html$/, "");
  var form = document.getElementById("search-form");
  var input = document.getElementById("search-q");
  var langSelect = document.getElementById("search-lang");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var more = document.getElementById("search-more");
  var kindButtons = Array.prototype.slice.call(app.querySelectorAll(".search-kind"));

  var state = { q: "", kind: "", lang: "" };
  var current = { hits: [], terms: new Set(), shown: 0 };
  var generation = 0, timer = null;

  /* ------------------------------------------------------------ loading data files */
  var loadAll = S.loader(base).loadAll;   /* search-box.js: <script> elements, never fetch */

  /* What a plan finds, once its data files are loaded (only: a language or null):
     {hits: [{doc, score}], plan, corrected} (search-forgiving.js). Also
     FAQC_SEARCH.query(text[, only]) for tests and the console. */
  function ranked(plan, only) { return E.answer(plan, only, loadAll); }

  S.query = function (text, only) { return ranked(E.plan(text), only || null); };

  var asTyped = S.asTyped;   /* while typing, the last word is a prefix (search-box.js) */

  /* ------------------------------------------------------------ state and address */
  function readAddress() {
    var params = new URLSearchParams(window.location.search);
    state.q = params.get("q") || "";
    state.kind = E.KINDS.indexOf(params.get("kind")) >= 0 ? params.get("kind") : "";
    state.lang = E.LANGUAGES.indexOf(params.get("lang")) >= 0 ? params.get("lang") : "";
  }

  function address() {
    var params = new URLSearchParams();
    if (state.q) params.set("q", state.q);
    if (state.kind) params.set("kind", state.kind);
    if (state.lang) params.set("lang", state.lang);
    var query = params.toString();
    return window.location.pathname + (query ? "?" + query : "") + window.location.hash;
  }

  function remember(push) {
    var url = address();
    if (url === window.location.pathname + window.location.search + window.location.hash) return;
    try {
      if (push) window.history.pushState(state, "", url);
      else window.history.replaceState(state, "", url);
    } catch (e) { /* some browsers refuse history on file://; the search still works */ }
  }

  function showControls() {
    input.value = state.q;
    langSelect.value = state.lang;
    kindButtons.forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-kind") === state.kind));
    });
  }

  /* ------------------------------------------------------------ searching */
  function say(text) { status.textContent = text; }

  function clearResults() {
    current = { hits: [], terms: new Set(), shown: 0 };
    list.textContent = "";
    more.hidden = true;
    kindButtons.forEach(function (b) { b.querySelector(".search-count").textContent = ""; });
  }

  function search(typing) {
    var mine = ++generation, plan;
    if (!state.q.trim()) { clearResults(); say(""); return Promise.resolve(); }
    try {
      plan = E.plan(typing ? asTyped(state.q) : state.q);
    } catch (e) {
      if (!(e instanceof E.QueryError)) throw e;
      clearResults();
      say(words.error + e.message);
      return Promise.resolve();
    }
    var slow = setTimeout(function () { if (mine === generation) say(words.loading); }, 300);
    return ranked(plan, state.lang || null).then(function (found) {
      if (mine !== generation) return null;
      current = { hits: found.hits, terms: E.positiveTerms(found.plan), shown: 0,
        instead: found.corrected.map(function (w) { return w[1].join(", "); }).join("; "),
        others: found.corrected.filter(function (w) { return w[2].length; }) };
      list.textContent = "";
      return showMore(mine);
    }).catch(function (error) {
      if (mine === generation) { clearResults(); say(words.failed + error.message); }
    }).then(function () { clearTimeout(slow); });
  }

  function visibleHits() {
    if (!state.kind) return current.hits;
    return current.hits.filter(function (h) { return E.kindOf(h.doc) === state.kind; });
  }

  function showCounts() {
    var counts = { "": current.hits.length };
    current.hits.forEach(function (h) { var k = E.kindOf(h.doc); counts[k] = (counts[k] || 0) + 1; });
    kindButtons.forEach(function (b) {
      var n = counts[b.getAttribute("data-kind")] || 0;
      b.querySelector(".search-count").textContent = "(" + n + ")";
    });
  }

  function showMore(mine) {
    var hits = visibleHits(), page = hits.slice(current.shown, current.shown + PAGE);
    var files = page.map(function (h) { return E.textFileOf(h.doc); });
    return loadAll(files.filter(function (f, i) { return files.indexOf(f) === i; })).then(function () {
      if (mine !== generation) return;
      showCounts();
      page.forEach(function (h) { list.appendChild(resultItem(h)); });
      current.shown += page.length;
      more.hidden = current.shown >= hits.length;
      var count = hits.length ? words.results(hits.length) : words.none(state.q);
      say(current.instead ? words.instead(state.q, current.instead) + count : count);
      (current.others || []).forEach(offer);
    });
  }

  /* "Other names holding "goyf": barrowgoyf, ...", each a link searching that name. */
  function offer(correction) {
    status.appendChild(document.createTextNode(words.others(correction[0])));
    correction[2].forEach(function (name, i) {
      if (i) status.appendChild(document.createTextNode(", "));
      var link = element("a", "search-other", name);
      link.href = window.location.pathname + "?" + new URLSearchParams({ q: name }).toString();
      status.appendChild(link);
    });
  }

  /* ------------------------------------------------------------ rendering (text nodes only) */
  function element(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  /* Mana symbols as the pages draw them: a hidden element of the search page holds each one. */
  var SYMBOL = /\{[^{}\s]{1,9}\}/g, symbols = {};
  var symbolTemplate = document.getElementById("search-symbols");
  if (symbolTemplate) {
    Array.prototype.forEach.call(symbolTemplate.querySelectorAll(".ms"), function (node) {
      symbols[node.querySelector(".ms-src").textContent.toUpperCase()] = node;
    });
  }

  function symbolSpans(text) {
    var out = [], match;
    SYMBOL.lastIndex = 0;
    while ((match = SYMBOL.exec(text)) !== null) {
      var sym = symbols[match[0].toUpperCase()];
      if (sym) out.push([match.index, match.index + match[0].length, sym]);
    }
    return out;
  }

  /* Text from start to end, its symbols drawn (each symbol wholly inside or outside). */
  function rich(parent, text, start, end, syms) {
    var pos = start;
    syms.forEach(function (s) {
      if (s[0] < start || s[1] > end) return;
      if (s[0] > pos) parent.appendChild(document.createTextNode(text.slice(pos, s[0])));
      var copy = s[2].cloneNode(true);
      copy.querySelector(".ms-src").textContent = text.slice(s[0], s[1]);  /* as written */
      parent.appendChild(copy);
      pos = s[1];
    });
    if (pos < end) parent.appendChild(document.createTextNode(text.slice(pos, end)));
  }

  /* How each style is drawn: as the pages draw emphasis (<em>, <strong>; a quoted rule's
     examples in italics), then the matched words in <mark>. */
  var STYLE_TAGS = [["example", "span", "search-example"], ["em", "em", ""],
    ["strong", "strong", ""], ["mark", "mark", ""]];

  /* The text with its emphasis (spans [start, end, style]) drawn and its matched words
     (spans [start, end]) in <mark>; a span over part of a symbol covers it all. Built from
     text nodes and fresh elements only. */
  function highlighted(parent, text, marks, emphasis) {
    var syms = symbolSpans(text), cuts = [0, text.length];
    function whole(span, style) {
      var a = Math.max(0, span[0]), b = Math.min(text.length, span[1]);
      syms.forEach(function (s) { if (s[0] < b && s[1] > a) { a = Math.min(a, s[0]); b = Math.max(b, s[1]); } });
      cuts.push(a, b);
      return [a, b, style];
    }
    var spans = marks.map(function (m) { return whole(m, "mark"); })
      .concat((emphasis || []).map(function (e) { return whole(e, e[2]); }));
    cuts = cuts.filter(function (c, i) { return cuts.indexOf(c) === i; }).sort(function (x, y) { return x - y; });
    var runs = [];  /* [start, end, styles] with neighbours of the same styles joined */
    for (var n = 0; n + 1 < cuts.length; n++) {
      var a = cuts[n], b = cuts[n + 1], on = STYLE_TAGS.filter(function (t) {
        return spans.some(function (s) { return s[2] === t[0] && s[0] <= a && s[1] >= b; });
      }).map(function (t) { return t[0]; }).join(" ");
      var last = runs[runs.length - 1];
      if (last && last[2] === on) last[1] = b;
      else if (b > a) runs.push([a, b, on]);
    }
    var chain = [];  /* [style, element] open from the run before: a shared outer style goes on */
    runs.forEach(function (run) {
      var styles = run[2] ? run[2].split(" ") : [], keep = 0;
      while (keep < chain.length && keep < styles.length && chain[keep][0] === styles[keep]) keep++;
      chain = chain.slice(0, keep);
      styles.slice(keep).forEach(function (style) {
        var tag = STYLE_TAGS.filter(function (t) { return t[0] === style; })[0];
        var node = element(tag[1], tag[2], "");
        (chain.length ? chain[chain.length - 1][1] : parent).appendChild(node);
        chain.push([style, node]);
      });
      rich(chain.length ? chain[chain.length - 1][1] : parent, text, run[0], run[1], syms);
    });
    return parent;
  }

  function resultItem(hit) {
    var rec = E.record(hit.doc), item = element("li", "search-result");
    item.setAttribute("lang", rec.lang);
    var link = element("a", "search-result-link");
    link.href = root + rec.url;
    highlighted(link, rec.title, E.matchSpans(rec.title, current.terms), rec.titleEmphasis);
    var heading = element("h2", "search-result-title");
    heading.appendChild(link);
    var facts = element("p", "search-result-facts");
    facts.appendChild(element("span", "search-badge search-badge-" + rec.kind, words.kinds[rec.kind]));
    [rec.lang.toUpperCase(), rec.set, rec.date].forEach(function (fact) {
      if (fact) facts.appendChild(element("span", "search-fact", fact));
    });
    if (rec.place) {  /* a card's page is the result; its entry in the document is a second link */
      var place = element("a", "search-result-place", words.place + (rec.set || rec.place));
      place.href = root + rec.place;
      facts.appendChild(place);
    }
    item.appendChild(heading);
    item.appendChild(facts);
    var snip = E.snippet(rec.text || "", current.terms, rec.emphasis);
    if (snip.text) {
      item.appendChild(highlighted(element("p", "search-snippet"), snip.text, snip.highlights, snip.emphasis));
    }
    return item;
  }

  /* ------------------------------------------------------------ events */
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      state.q = input.value;
      remember(false);
      search(true);
    }, DELAY);
  }

  function commit() {
    clearTimeout(timer);
    state.q = input.value;
    remember(true);
    return search();
  }

  input.addEventListener("input", function (event) { if (!event.isComposing) schedule(); });
  input.addEventListener("compositionend", schedule);
  form.addEventListener("submit", function (event) { event.preventDefault(); commit(); });
  langSelect.addEventListener("change", function () { state.lang = langSelect.value; commit(); });
  kindButtons.forEach(function (button) {
    button.addEventListener("click", function () {
      state.kind = button.getAttribute("data-kind");
      showControls();
      remember(true);
      current.shown = 0;
      list.textContent = "";
      showMore(generation);
    });
  });
  more.addEventListener("click", function () {
    var next = current.shown;
    showMore(generation).then(function () {
      var link = list.children[next] && list.children[next].querySelector("a");
      if (link) link.focus();
    });
  });
  window.addEventListener("popstate", function () { readAddress(); showControls(); mirror(); search(); });

  function links() { return Array.prototype.slice.call(list.querySelectorAll("a.search-result-link")); }

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  window.addEventListener("keydown", function (event) {
    if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target)) {
      event.preventDefault();
      event.stopPropagation();  /* before site.js, which would focus the header's box */
      input.focus();
      input.select();
    }
  }, true);

  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" && !event.isComposing && links().length) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === "Escape" && !event.isComposing && input.value) {
      event.preventDefault();  /* clears the query and its results */
      input.value = "";
      mirror();
      commit();
    }
  });

  list.addEventListener("keydown", function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === "ArrowDown" && at + 1 < all.length) { event.preventDefault(); all[at + 1].focus(); }
    else if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? all[at - 1] : input).focus(); }
    else if (event.key === "Escape") { event.preventDefault(); input.focus(); }
  });

  /* The header's box mirrors the query; on arrival with one, the search box has the focus. */
  var header = document.getElementById("site-search-q");
  function mirror() { if (header && header !== document.activeElement) header.value = input.value; }
  input.addEventListener("input", mirror);

  /* The help is folded on a phone (results above the fold), open on a wider screen. */
  var tips = document.getElementById("search-help-box");
  if (tips && window.matchMedia && window.matchMedia("(min-width: 40rem)").matches) tips.open = true;

  readAddress();
  showControls();
  mirror();
  if (state.q) {
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }
  search();
})();
