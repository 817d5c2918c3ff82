/* The "go to rule" box (templates/partials/goto.html): copied verbatim to site/assets/goto.js.
   Plain script, no fetch: the data of the numbers starting with a digit are cr/goto/<digit>.js
   (compiler/site/gotopages.py), loaded by a <script> element when the box is first used, so it
   works from file:// as over HTTP.

   A number with no edition chosen: today's rule of that number in the newest edition, else
   (a number no longer in use) what each run of editions under it is numbered today: straight
   there when there is one answer, else the answers listed. An edition chosen: the number in
   that edition's text, on its section's page when the site has one (every section of the
   newest edition; of an older one, the sections its documents cite), else read on the
   edition's contents page (assets/crread.js). */
(function () {
  "use strict";

  var FORMAT = 3;
  var own = document.currentScript || document.querySelector('script[src$="goto.js"]');
  var here = own ? own.src : "";
  var shards = {};   // first digit -> data
  var loading = {};  // first digit -> [callbacks]

  function siteUrl(path) { return new URL("../" + path, here).href; }

  function take() {
    var queue = window.FAQC_GOTO_DATA || [];
    while (queue.length) {
      var data = queue.shift();
      if (data && data.format === FORMAT) shards[data.key] = data;
    }
  }

  function load(key, done) {
    take();
    if (shards[key]) { done(shards[key]); return; }
    if (loading[key]) { loading[key].push(done); return; }
    loading[key] = [done];
    var script = document.createElement("script");
    script.src = siteUrl("cr/goto/" + key + ".js");
    script.charset = "utf-8";
    function finish() {
      take();
      var waiting = loading[key] || [];
      delete loading[key];
      waiting.forEach(function (callback) { callback(shards[key] || null); });
    }
    script.onload = finish;
    script.onerror = function () { script.remove(); finish(); };
    document.head.appendChild(script);
  }

  /* "Rule 702.45a", "702.45a.", full-width digits -> "702.45a"; null when not a number. */
  function normal(text) {
    var value = (text || "").normalize("NFKC").trim().toLowerCase()
      .replace(/^(rules?|cr)\s*/, "").replace(/\.$/, "");
    return /^\d{1,3}(\.\d+[a-z]?)?$/.test(value) ? value : null;
  }

  function place(data, edition, number) {
    if (!onPage(data, edition, number)) return "cr/" + edition + "/index.html#" + number;  // read from the data
    var odd = (data.sections[edition] || {})[number];
    if (odd) return "cr/" + edition + "/" + odd + ".html#" + number;
    if (number.length === 1) return "cr/" + edition + "/index.html#chapter-" + number;
    var section = number.split(".")[0];
    return "cr/" + edition + "/" + section + ".html" + (number === section ? "" : "#" + number);
  }

  /* Whether the site has a page of its own for the section of a number of an edition. */
  function onPage(data, edition, number) {
    if (edition === data.newest || number.length === 1) return true;  // a chapter: the contents page
    var paged = (data.paged || {})[edition];
    if (!paged) return false;
    var section = (data.sections[edition] || {})[number] || number.split(".")[0];
    return paged.indexOf(section) >= 0;
  }

  function answer(form, message, links) {
    var out = form.querySelector(".goto-result");
    out.textContent = message;
    if (links && links.length) {
      var list = document.createElement("ul");
      links.forEach(function (link) {
        var item = document.createElement("li");
        var a = document.createElement("a");
        a.href = siteUrl(link[1]);
        a.textContent = link[0];
        item.appendChild(a);
        if (link[2]) item.appendChild(document.createTextNode(link[2]));
        list.appendChild(item);
      });
      out.appendChild(list);
    }
  }

  function go(path) { window.location.href = siteUrl(path); }

  function resolve(form, number, edition, data) {
    var newest = form.getAttribute("data-newest");
    var runs = (data ? data.runs : []).filter(function (run) { return run[0] === number; });
    if (edition) {
      var run = runs.filter(function (r) { return r[1] <= edition && edition <= r[2]; })[0];
      if (run) { go(place(data, edition, number)); return; }
      if (!runs.length) { answer(form, "No rule " + number + " in any edition at hand."); return; }
      answer(form, "The edition of " + edition + " has no rule " + number + ". It is in:", listed(data, runs, newest));
      return;
    }
    if (!runs.length) { answer(form, "No rule " + number + " in any edition at hand."); return; }
    if (runs.some(function (r) { return r[2] === newest; })) { go(place(data, newest, number)); return; }
    var links = listed(data, runs, newest);
    if (links.length === 1 && runs.length === 1 && runs[0][3]) { go(links[0][1]); return; }
    answer(form, "Rule " + number + " is not a rule number today. It was:", links);
  }

  /* Each run of a number no longer in use: what it is today, or its history when it is gone,
     each with what the number named then (its title, or its section's). */
  function listed(data, runs, newest) {
    return runs.slice().reverse().map(function (run) {
      var when = run[1] === run[2] ? run[1] : run[1] + " to " + run[2];
      var titles = data.titles || [];
      function title(at) { return titles[at] ? " " + titles[at] : ""; }
      var then = run[0] + title(run[5]);   // 501.2 in 501 Evasion Abilities
      if (run[3]) return [run[3] + title(run[6]) + " today", place(data, newest, run[3]), ": " + then + ", " + when];
      return ["history of " + run[0], run[4] ? run[4] + "#n-" + run[0] : "rules/renumbering.html", ": " + then + ", " + when + "; removed since"];
    });
  }

  /* cr/index.html?rule=702.45&edition=2004-10-01: what the form sends (its action), so an
     address with a rule number is a link one can share, and works as the form does. */
  function fromAddress() {
    var params = new URLSearchParams(window.location.search);
    var form = document.querySelector("form.goto");
    if (!params.get("rule") || !form) return;
    form.querySelector('input[name="rule"]').value = params.get("rule");
    var select = form.querySelector('select[name="edition"]');
    if (select && params.get("edition")) select.value = params.get("edition");
    form.requestSubmit();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.goto")) return;
    event.preventDefault();
    var field = form.querySelector('input[name="rule"]');
    var number = normal(field.value);
    var select = form.querySelector('select[name="edition"]');
    var edition = select ? select.value : "";
    if (!number) { answer(form, "Type a rule number, such as 702.45 or 502.38a."); return; }
    answer(form, "Looking up " + number + "…");
    load(number.charAt(0), function (data) {
      if (!data) { answer(form, "The rule numbers could not be loaded."); return; }
      resolve(form, number, edition, data);
    });
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fromAddress);
  else fromAddress();
})();
