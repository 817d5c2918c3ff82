/* Every edition of the Comprehensive Rules read and compared from the site's data
   (compiler/site/cr/textdata.py): copied verbatim to site/assets/crread.js.

   The data are scripts (cr/data/*.js) that push themselves onto window.FAQC_CR_DATA when a
   <script> element loads them: no fetch, so the pages work from file:// as over HTTP.

   On an edition's contents page (cr/<date>/index.html, <main data-cr-reader="<date>">), an
   address #702.1a (a rule or section number) renders the section holding it in place of the
   contents, anchored by its numbers; #glossary renders the glossary. On cr/compare.html
   (<main data-cr-compare>), #2008-05-01..2026-01-16 compares two editions: the rules added,
   removed, renumbered and reworded, by section, each reworded rule as a word diff. */
(function () {
  "use strict";

  var FORMAT = 1;
  var own = document.currentScript || document.querySelector('script[src$="crread.js"]');
  var here = own ? own.src : "";
  var loaded = {};   // data file name -> data
  var waiting = {};  // data file name -> [callbacks]

  function siteUrl(path) { return new URL("../" + path, here).href; }

  function take() {
    var queue = window.FAQC_CR_DATA || [];
    while (queue.length) {
      var item = queue.shift();
      if (item && item.format === FORMAT) loaded[item.name] = item.data;
    }
  }

  function loadOne(name, done) {
    take();
    if (name in loaded) { done(); return; }
    if (waiting[name]) { waiting[name].push(done); return; }
    waiting[name] = [done];
    var script = document.createElement("script");
    script.src = siteUrl("cr/data/" + name + ".js");
    script.charset = "utf-8";
    function finish() {
      take();
      var callbacks = waiting[name] || [];
      delete waiting[name];
      callbacks.forEach(function (callback) { callback(); });
    }
    script.onload = finish;
    script.onerror = function () { script.remove(); finish(); };
    document.head.appendChild(script);
  }

  /* Load every named file, then done(true), or done(false) when one could not be loaded. */
  function load(names, done) {
    var left = names.length;
    if (!left) { done(true); return; }
    names.forEach(function (name) {
      loadOne(name, function () {
        left -= 1;
        if (!left) done(names.every(function (n) { return n in loaded; }));
      });
    });
  }

  /* ---------------------------------------------------------------- the data */

  function shardOf(index, id) {
    var shards = index.shards, lo = 0, hi = shards.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (shards[mid][1] <= id) lo = mid; else hi = mid - 1;
    }
    return shards[lo];
  }

  function shardEnd(index, at) {
    return at + 1 < index.shards.length ? index.shards[at + 1][1] : index.versions;
  }

  function version(index, id) {
    var shard = shardOf(index, id), data = loaded[shard[0]];
    return data ? data[id - shard[1]] : null;
  }

  /* The ids of a bitmap (base64, low bit first) from ``start``, within [from, to). */
  function members(bits, start, from, to) {
    var bytes = atob(bits), out = [];
    for (var id = Math.max(from, start); id < to; id += 1) {
      var at = id - start;
      if (at >> 3 >= bytes.length) break;
      if (bytes.charCodeAt(at >> 3) & (1 << (at & 7))) out.push(id);
    }
    return out;
  }

  function sectionShards(index, section) {
    var out = [];
    index.shards.forEach(function (shard, at) {
      if (shard[0].indexOf("s-" + section + "-") === 0) out.push(at);
    });
    return out;
  }

  /* The ids of one section of an edition, in the text's order. */
  function sectionIds(index, edition, section) {
    if (edition.order[section]) return edition.order[section];
    var ids = [];
    sectionShards(index, section).forEach(function (at) {
      ids = ids.concat(members(edition.rules, 0, index.shards[at][1], shardEnd(index, at)));
    });
    return ids;
  }

  function shardNames(index, ids) {
    var names = {};
    ids.forEach(function (id) { names[shardOf(index, id)[0]] = true; });
    return Object.keys(names);
  }

  function sectionOf(number) {
    var head = number.split(".")[0];
    return head.length > 1 ? head : "ch";
  }

  /* ---------------------------------------------------------------- rendering */

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text) node.textContent = text;
    return node;
  }

  var RULE_REF = /\b([1-9]\d{2}(?:\.\d+[a-z]?)?)\b/g;

  /* A text as a paragraph's children: rule numbers of the edition linked within the page. */
  function textNodes(parent, text, linked) {
    text = text.replace(/\n/g, " ");
    var at = 0, match;
    RULE_REF.lastIndex = 0;
    while ((match = RULE_REF.exec(text))) {
      var number = match[1], before = text.slice(Math.max(0, match.index - 8), match.index);
      if (number.indexOf(".") < 0 && !/(rule|section|rules|and|,|or)\s*$/i.test(before)) continue;
      if (!linked(number)) continue;
      parent.appendChild(document.createTextNode(text.slice(at, match.index)));
      parent.appendChild(element("a", {href: linked(number), "class": "rule-ref"}, number));
      at = match.index + number.length;
    }
    parent.appendChild(document.createTextNode(text.slice(at)));
    return parent;
  }

  function renderRule(out, item, linked) {
    var number = item[0], title = item[1] || "", text = item[2] || "";
    if (number.indexOf(".") < 0) {
      var heading = element("h2", {id: number, tabindex: "-1"});
      heading.appendChild(element("a", {"class": "rule-number", href: "#" + number}, number + "."));
      heading.appendChild(document.createTextNode(" " + title));
      out.appendChild(heading);
      return;
    }
    var box;
    if (title) {
      box = element("h3", {"class": "cr-rule-heading", id: number});
      box.appendChild(element("a", {"class": "rule-number", href: "#" + number}, number + "."));
      textNodes(box, " " + title, linked);
      out.appendChild(box);
      if (text) out.appendChild(textNodes(element("p"), text, linked));
    } else {
      box = element("div", {"class": "cr-rule", id: number});
      var line = element("p");
      line.appendChild(element("a", {"class": "rule-number", href: "#" + number}, number));
      textNodes(line, " " + text, linked);
      box.appendChild(line);
      out.appendChild(box);
    }
    (item[3] || []).forEach(function (example) {
      (title ? out : box).appendChild(textNodes(element("p", {"class": "rule-example"}), example, linked));
    });
  }

  /* ---------------------------------------------------------------- the reader */

  function reader(main) {
    var date = main.getAttribute("data-cr-reader");
    var contents = main.querySelector(".cr-contents");
    var out = main.querySelector(".cr-read");
    var state = main.querySelector(".cr-read-state");
    var sections = Array.prototype.map.call(main.querySelectorAll("[data-section]"), function (li) {
      return [li.getAttribute("data-section"), li.querySelector("a")];
    });
    var shown = null;  // the section rendered

    function say(message) { state.textContent = message; }

    function showContents() {
      out.hidden = true;
      contents.hidden = false;
      shown = null;
    }

    function linkOf(numbers) {
      return function (number) { return numbers[number] ? "#" + number : null; };
    }

    function around(section) {
      var at = sections.map(function (s) { return s[0]; }).indexOf(section);
      var nav = element("nav", {"class": "cr-around", "aria-label": "Neighbouring sections"});
      [[at - 1, "prev", "← "], [at + 1, "next", ""]].forEach(function (step) {
        var other = sections[step[0]];
        if (step[0] < 0 || !other) return;
        var a = element("a", {rel: step[1], href: other[1].getAttribute("href")},
                        step[2] + other[1].textContent + (step[1] === "next" ? " →" : ""));
        nav.appendChild(a);
      });
      var back = element("a", {href: "#contents"}, "Contents");
      nav.insertBefore(back, nav.children[1] || null);
      return nav;
    }

    function render(index, edition, section, ids, target) {
      load(shardNames(index, ids), function (ok) {
        if (!ok) { say("The rules of this edition could not be loaded."); return; }
        var numbers = {};
        ids.forEach(function (id) { numbers[version(index, id)[0]] = true; });
        if (target && !numbers[target] && section === sectionOf(target)) {
          var elsewhere = Object.keys(edition.order).filter(function (s) { return s !== section; });
          if (elsewhere.length && !render.again) {  // a rule printed under another heading
            render.again = true;
            var all = [];
            elsewhere.forEach(function (s) { all = all.concat(edition.order[s]); });
            load(shardNames(index, all), function () {
              var found = elsewhere.filter(function (s) {
                return edition.order[s].some(function (id) { return version(index, id)[0] === target; });
              })[0];
              render.again = false;
              if (found) show(found, target); else missing(target);
            });
            return;
          }
        }
        out.textContent = "";
        out.appendChild(around(section));
        var body = element("div", {"class": "cr-read-body"});
        ids.forEach(function (id) { renderRule(body, version(index, id), linkOf(numbers)); });
        if (!ids.length) body.appendChild(element("p", {"class": "cited-only"}, "This edition has no section " + section + "."));
        out.appendChild(body);
        out.appendChild(around(section));
        contents.hidden = true;
        out.hidden = false;
        shown = section;
        say("");
        document.title = (body.querySelector("h2") || {textContent: section}).textContent + " (" + date + ")";
        focus(target && numbers[target] ? target : section);
        if (target && !numbers[target]) missing(target);
      });
    }

    function missing(target) { say("The edition of " + date + " has no rule " + target + "."); }

    function focus(id) {
      var node = document.getElementById(id);
      if (node) { node.scrollIntoView(); if (node.hasAttribute("tabindex")) node.focus({preventScroll: true}); }
    }

    function glossary(index, edition) {
      var ids = edition.terms || members(edition.glossary, index.shards.filter(function (s) {
        return s[0].indexOf("g-") === 0; })[0][1], 0, index.versions);
      load(shardNames(index, ids), function (ok) {
        if (!ok) { say("The glossary of this edition could not be loaded."); return; }
        out.textContent = "";
        out.appendChild(element("h2", {id: "glossary", tabindex: "-1"}, "Glossary"));
        var list = element("dl", {"class": "cr-glossary"});
        ids.forEach(function (id) {
          var item = version(index, id);
          list.appendChild(element("dt", {}, item[1]));
          list.appendChild(textNodes(element("dd"), item[2] || "", function () { return null; }));
        });
        out.appendChild(list);
        contents.hidden = true;
        out.hidden = false;
        shown = "glossary";
        say("");
        focus("glossary");
      });
    }

    function show(section, target) {
      load(["index", "e-" + date], function (ok) {
        if (!ok) { say("The rules of this edition could not be loaded."); return; }
        var index = loaded.index, edition = loaded["e-" + date];
        if (section === "glossary") { glossary(index, edition); return; }
        if (section === shown && target) { focus(target); if (!document.getElementById(target)) missing(target); return; }
        render(index, edition, section, sectionIds(index, edition, section), target);
      });
    }

    function route() {
      var hash = decodeURIComponent(window.location.hash.slice(1));
      if (hash === "glossary") { show("glossary"); return; }
      if (!/^[1-9]\d{2}(\.\d+[a-z]?)?$/.test(hash)) {
        showContents();
        if (hash) focus(hash);
        return;
      }
      var staticPage = sections.filter(function (s) { return s[0] === sectionOf(hash); })[0];
      var href = staticPage && staticPage[1].getAttribute("href");
      if (href && href.charAt(0) !== "#") { window.location.replace(href.split("#")[0] + "#" + hash); return; }
      say("Loading " + hash + "…");
      show(sectionOf(hash), hash);
    }

    window.addEventListener("hashchange", route);
    route();
  }

  /* ---------------------------------------------------------------- comparing */

  function words(text) {
    return text.normalize("NFKC").replace(/[‘’‚`]/g, "'").replace(/[“”„]/g, '"')
      .split(/\s+/).filter(Boolean);
  }

  /* The word diff of two texts: [op, words] runs, op "=", "-" (only in a), "+" (only in b). */
  function diff(a, b) {
    a = words(a); b = words(b);
    var n = a.length, m = b.length, i, j;
    var table = [];
    for (i = 0; i <= n; i += 1) table.push(new Int32Array(m + 1));
    for (i = n - 1; i >= 0; i -= 1) {
      for (j = m - 1; j >= 0; j -= 1) {
        table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    var runs = [];
    function add(op, word) {
      var last = runs[runs.length - 1];
      if (last && last[0] === op) last[1].push(word); else runs.push([op, [word]]);
    }
    i = 0; j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[i] === b[j]) { add("=", a[i]); i += 1; j += 1; }
      else if (j >= m || (i < n && table[i + 1][j] >= table[i][j + 1])) { add("-", a[i]); i += 1; }
      else { add("+", b[j]); j += 1; }
    }
    return runs;
  }

  function diffNode(a, b) {
    var p = element("p", {"class": "cr-diff"});
    diff(a, b).forEach(function (run, at) {
      if (at) p.appendChild(document.createTextNode(" "));
      var text = run[1].join(" ");
      if (run[0] === "=") { p.appendChild(document.createTextNode(text)); return; }
      var node = element(run[0] === "-" ? "del" : "ins");
      node.appendChild(element("span", {"class": "visually-hidden"}, run[0] === "-" ? "[removed: " : "[added: "));
      node.appendChild(document.createTextNode(text));
      node.appendChild(element("span", {"class": "visually-hidden"}, "]"));
      p.appendChild(node);
    });
    return p;
  }

  function wording(item) { return [item[1], item[2]].filter(Boolean).join(" "); }

  function field(item, at) { return item[at] || ""; }

  /* What changed from edition ``a`` to ``b``, by section: {section: [[kind, idA, idB]]}. */
  function changes(index, meta, a, b) {
    var top = meta.numbers.length;
    var ida = members(a.rules, 0, 0, top), idb = members(b.rules, 0, 0, top);
    var byChain = {};
    ida.forEach(function (id) { var c = meta.chains[id]; if (c >= 0) byChain[c] = id; });
    var kept = {}, out = {}, counts = {added: 0, removed: 0, renumbered: 0, reworded: 0};
    function note(section, kind, x, y) {
      (out[section] = out[section] || []).push([kind, x, y]);
      counts[kind] += 1;
    }
    idb.forEach(function (id) {
      var c = meta.chains[id], old = c >= 0 ? byChain[c] : undefined;
      if (old === undefined) { note(sectionOf(meta.numbers[id]), "added", null, id); return; }
      kept[old] = true;
      var moved = meta.numbers[old] !== meta.numbers[id], reworded = meta.wordings[old] !== meta.wordings[id];
      if (moved) counts.renumbered += reworded ? 1 : 0;  // once in the list, counted as both
      if (moved || reworded) note(sectionOf(meta.numbers[id]), reworded ? "reworded" : "renumbered", old, id);
    });
    ida.forEach(function (id) { if (!kept[id]) note(sectionOf(meta.numbers[id]), "removed", id, null); });
    return {sections: out, counts: counts};
  }

  var KINDS = {added: "added", removed: "removed", renumbered: "renumbered", reworded: "reworded"};

  function compare(main) {
    var form = main.querySelector("form.cr-compare-form");
    var out = main.querySelector(".cr-compare-result");
    var state = main.querySelector(".cr-read-state");
    function say(message) { state.textContent = message; }

    function section(index, meta, dates, name, list) {
      var box = element("details", {"class": "cr-compare-section", id: "s-" + name});
      var counts = {};
      list.forEach(function (c) { counts[c[0]] = (counts[c[0]] || 0) + 1; });
      box.appendChild(element("summary", {}, (name === "ch" ? "Chapters" : "Section " + name) + ": " +
        Object.keys(KINDS).filter(function (k) { return counts[k]; })
          .map(function (k) { return counts[k] + " " + KINDS[k]; }).join(", ")));
      box.addEventListener("toggle", function () {
        if (!box.open || box.getAttribute("data-done")) return;
        box.setAttribute("data-done", "1");
        var ids = [];
        list.forEach(function (c) { if (c[1] !== null) ids.push(c[1]); if (c[2] !== null) ids.push(c[2]); });
        load(shardNames(index, ids), function (ok) {
          if (!ok) { box.appendChild(element("p", {}, "The rules could not be loaded.")); return; }
          var items = element("ul", {"class": "cr-compare-list"});
          list.forEach(function (c) {
            var li = element("li", {"class": "cr-" + c[0]});
            var x = c[1] !== null ? version(index, c[1]) : null, y = c[2] !== null ? version(index, c[2]) : null;
            var label = element("p");
            if (c[0] === "added") label.appendChild(link(dates[1], y[0], "Added: " + y[0] + (y[1] ? ". " + y[1] : "")));
            else if (c[0] === "removed") label.appendChild(link(dates[0], x[0], "Removed: " + x[0] + (x[1] ? ". " + x[1] : "")));
            else {
              label.appendChild(document.createTextNode(c[0] === "renumbered" ? "Renumbered: " :
                x[0] !== y[0] ? "Renumbered and reworded: " : "Reworded: "));
              label.appendChild(link(dates[0], x[0], x[0]));
              label.appendChild(document.createTextNode(" → "));
              label.appendChild(link(dates[1], y[0], y[0]));
            }
            li.appendChild(label);
            if (c[0] === "reworded") li.appendChild(diffNode(wording(x), wording(y)));
            else if (c[0] !== "renumbered" && field(x || y, 2)) li.appendChild(element("p", {}, field(x || y, 2)));
            items.appendChild(li);
          });
          box.appendChild(items);
        });
      });
      return box;
    }

    function link(date, number, text) {
      return element("a", {href: siteUrl("cr/" + date + "/index.html#" + number)}, text);
    }

    function run(dates) {
      load(["index", "meta", "e-" + dates[0], "e-" + dates[1]], function (ok) {
        if (!ok) { say("No edition " + dates.join(" or ") + " at hand."); return; }
        var index = loaded.index, found = changes(index, loaded.meta, loaded["e-" + dates[0]], loaded["e-" + dates[1]]);
        out.textContent = "";
        var c = found.counts;
        out.appendChild(element("h2", {id: "result", tabindex: "-1"}, "From " + dates[0] + " to " + dates[1]));
        out.appendChild(element("p", {"class": "cr-compare-counts"}, c.added + " added, " + c.removed + " removed, " +
          c.renumbered + " renumbered, " + c.reworded + " reworded"));
        var names = Object.keys(found.sections).sort(function (x, y) {
          return (x === "ch" ? -1 : +x) - (y === "ch" ? -1 : +y);
        });
        names.forEach(function (name) { out.appendChild(section(index, loaded.meta, dates, name, found.sections[name])); });
        if (!names.length) out.appendChild(element("p", {}, "No rule changed."));
        say("");
      });
    }

    function route() {
      var match = /^(\d{4}-\d\d-\d\d)\.\.(\d{4}-\d\d-\d\d)$/.exec(decodeURIComponent(window.location.hash.slice(1)));
      if (!match) return;
      form.elements.from.value = match[1];
      form.elements.to.value = match[2];
      say("Comparing…");
      run([match[1], match[2]]);
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var hash = "#" + form.elements.from.value + ".." + form.elements.to.value;
      if (window.location.hash === hash) route(); else window.location.hash = hash;
    });
    window.addEventListener("hashchange", route);
    route();
  }

  function start() {
    var main = document.querySelector("[data-cr-reader]");
    if (main) reader(main);
    main = document.querySelector("[data-cr-compare]");
    if (main) compare(main);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
