/* faqc search analysis: copied verbatim to site/assets/search-analysis.js. Plain script, no
   modules. A port of compiler/search/analysis.py (and of Whoosh's Porter stemmer,
   whoosh/lang/porter.py), so the browser makes the terms the index was built with;
   tests/test_search_analysis.py compares the two under Node. Change both sides together.

   Sets window.FAQC_SEARCH.analysis = { analyzeText, normalizeItem, stem, isSpace }. */
(function (root) {
  "use strict";

  var S = root.FAQC_SEARCH || (root.FAQC_SEARCH = {});

  /* ------------------------------------------------------------ analysis (analysis.py) */
  var CJK_RANGES = [
    [0x3005, 0x3005], [0x3007, 0x3007], [0x303B, 0x303B], [0x3041, 0x309F],
    [0x30A1, 0x30FA], [0x30FC, 0x30FF], [0x31F0, 0x31FF], [0x3400, 0x4DBF],
    [0x4E00, 0x9FFF], [0xF900, 0xFAFF], [0x20000, 0x2FA1F]
  ];
  var MARK = /\p{M}/u;
  var WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
  var APOSTROPHES = "'\u2019";
  /* Python's str.isspace() */
  var SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
  var SPACES = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

  function isCjk(ch) {
    var code = ch.codePointAt(0);
    for (var i = 0; i < CJK_RANGES.length; i++) {
      if (code >= CJK_RANGES[i][0] && code <= CJK_RANGES[i][1]) return true;
    }
    return false;
  }

  function isMark(ch) { return MARK.test(ch) || ch === "\uff9e" || ch === "\uff9f"; }

  function classOf(ch) {
    if (isCjk(ch)) return "c";
    return WORD_CHAR.test(ch) ? "w" : "s";
  }

  /* Code points of text with their UTF-16 offsets. */
  function codePoints(text) {
    var out = [];
    for (var i = 0; i < text.length;) {
      var ch = String.fromCodePoint(text.codePointAt(i));
      out.push([i, ch]);
      i += ch.length;
    }
    return out;
  }

  function normalizedUnits(text) {
    var cps = codePoints(text), units = [], start = 0;
    for (var i = 1; i <= cps.length; i++) {
      if (i < cps.length && isMark(cps[i][1])) continue;
      var from = cps[start][0], to = i < cps.length ? cps[i][0] : text.length;
      var chars = Array.from(text.slice(from, to).normalize("NFKC").toLowerCase());
      for (var k = 0; k < chars.length; k++) {
        var ch = chars[k], last = units[units.length - 1];
        if (last && last.cls === "c" && MARK.test(ch)) { last.end = to; continue; }
        units.push({ ch: ch, cls: classOf(ch), start: from, end: to });
      }
      start = i;
    }
    return units;
  }

  function isAsciiDigit(ch) { return ch >= "0" && ch <= "9" && ch.length === 1; }

  function joins(units, i) {
    if (i === 0 || i + 1 >= units.length || units[i - 1].cls !== "w" || units[i + 1].cls !== "w") {
      return false;
    }
    var ch = units[i].ch;
    return APOSTROPHES.indexOf(ch) >= 0 ||
      (ch === "." && isAsciiDigit(units[i - 1].ch) && isAsciiDigit(units[i + 1].ch));
  }

  function runs(units) {
    var out = [], i = 0, n = units.length;
    while (i < n) {
      var cls = units[i].cls;
      if (cls === "s") { i++; continue; }
      var j = i + 1;
      while (j < n && (units[j].cls === cls || (cls === "w" && joins(units, j)))) j++;
      out.push([cls, units.slice(i, j)]);
      i = j;
    }
    return out;
  }

  function wordTerm(run, pos) {
    var word = run.filter(function (u) { return APOSTROPHES.indexOf(u.ch) < 0; })
      .map(function (u) { return u.ch; }).join("");
    if (/^[A-Za-z]+$/.test(word)) word = stem(word);
    return { text: word, pos: pos, start: run[0].start, end: run[run.length - 1].end };
  }

  function cjkTerms(run, pos, query) {
    if (run.length === 1) return [{ text: run[0].ch, pos: pos, start: run[0].start, end: run[0].end }];
    var terms = [];
    for (var i = 0; i < run.length - 1; i++) {
      var a = run[i], b = run[i + 1];
      terms.push({ text: a.ch + b.ch, pos: pos + i, start: a.start, end: b.end });
      if (!query) terms.push({ text: a.ch, pos: pos + i, start: a.start, end: a.end });
    }
    if (!query) {
      var last = run[run.length - 1];
      terms.push({ text: last.ch, pos: pos + run.length - 2, start: last.start, end: last.end });
    }
    return terms;
  }

  /* Terms of a text field's value (offsets in UTF-16 units), or of a query word. */
  function analyzeText(text, query) {
    var terms = [], pos = 0;
    runs(normalizedUnits(text)).forEach(function (r) {
      if (r[0] === "w") {
        terms.push(wordTerm(r[1], pos));
        pos += 1;
      } else {
        terms.push.apply(terms, cjkTerms(r[1], pos, !!query));
        pos += Math.max(1, r[1].length - 1);
      }
    });
    return terms;
  }

  function normalizeItem(item) {
    var text = item.normalize("NFKC").toLowerCase().replace(/\u2019/g, "'");
    return text.split(SPACES).filter(function (s) { return s; }).join(" ");
  }

  /* ------------------------------------------------ Whoosh's Porter stemmer (lang/porter.py) */
  var STEP2 = { ational: "ate", tional: "tion", enci: "ence", anci: "ance", izer: "ize",
    bli: "ble", alli: "al", entli: "ent", eli: "e", ousli: "ous", ization: "ize", ation: "ate",
    ator: "ate", alism: "al", iveness: "ive", fulness: "ful", ousness: "ous", aliti: "al",
    iviti: "ive", biliti: "ble", logi: "log" };
  var STEP3 = { icate: "ic", ative: "", alize: "al", iciti: "ic", ical: "ic", ful: "", ness: "" };
  var MGR0 = /^([^aeiouy]+)?[aeiou]+[^aeiouy]+/;
  var MEQ1 = /^([^aeiouy]+)?[aeiou]+[^aeiouy]+([aeiou]+)?$/;
  var MGR1 = /^([^aeiouy]+)?[aeiou]+[^aeiouy]+[aeiou]+[^aeiouy]+/;
  var S_V = /^([^aeiouy]+)?[aeiouy]/;
  var C_V = /^[^aeiouy]+[aeiouy][^aeiouwxy]$/;
  var ED_ING = /^(.*)(ed|ing)$/;
  var AT_BL_IZ = /^(at|bl|iz)$/;      /* Python's re.match anchors at the start: kept as is */
  var STEP1B = /^([^aeiouylsz])\1$/;
  var STEP2_RE = new RegExp("^(.+?)(" + Object.keys(STEP2).join("|") + ")$");
  var STEP3_RE = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
  var STEP4_1 = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
  var STEP4_2 = /^(.+?)(s|t)(ion)$/;
  var STEP5 = /^(.+?)e$/;

  function ends(w, suffix) { return w.slice(-suffix.length) === suffix; }

  function stem1(w) {
    if (ends(w, "s")) {
      if (ends(w, "sses") || ends(w, "ies")) w = w.slice(0, -2);
      else if (w.charAt(w.length - 2) !== "s") w = w.slice(0, -1);
    }
    var m;
    if (ends(w, "eed")) {
      if (MGR0.test(w.slice(0, -3))) w = w.slice(0, -1);
    } else if ((m = ED_ING.exec(w)) && S_V.test(m[1])) {
      w = m[1];
      if (AT_BL_IZ.test(w)) w += "e";
      else if (STEP1B.test(w)) w = w.slice(0, -1);
      else if (C_V.test(w)) w += "e";
    }
    if (ends(w, "y") && S_V.test(w.slice(0, -1))) w = w.slice(0, -1) + "i";
    return w;
  }

  function stem(w) {
    if (w.length < 3) return w;
    var firstIsY = w.charAt(0) === "y";
    if (firstIsY) w = "Y" + w.slice(1);
    w = stem1(w);
    var m = STEP2_RE.exec(w);
    if (m && MGR0.test(m[1])) w = m[1] + STEP2[m[2]];
    m = STEP3_RE.exec(w);
    if (m && MGR0.test(m[1])) w = m[1] + STEP3[m[2]];
    m = STEP4_1.exec(w);
    if (m) {
      if (MGR1.test(m[1])) w = m[1];
    } else if ((m = STEP4_2.exec(w)) && MGR1.test(m[1] + m[2])) {
      w = m[1] + m[2];
    }
    m = STEP5.exec(w);
    if (m && (MGR1.test(m[1]) || (MEQ1.test(m[1]) && !C_V.test(m[1])))) w = m[1];
    if (ends(w, "ll") && MGR1.test(w)) w = w.slice(0, -1);
    if (firstIsY) w = "y" + w.slice(1);
    return w;
  }

  S.analysis = {
    analyzeText: analyzeText, normalizeItem: normalizeItem, stem: stem, isCjk: isCjk,
    isSpace: function (ch) { return SPACE.test(ch); }
  };
})(typeof window !== "undefined" ? window : globalThis);
