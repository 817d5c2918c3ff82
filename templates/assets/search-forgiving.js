/* faqc search, prefixes and typos: copied verbatim to site/assets/search-forgiving.js, loaded
   after search-rank.js. Plain script, no modules, no DOM, no network.

   A port of compiler/search/forgiving.py on the exported lexicon (lex-NN.js: {term: document
   frequency} of the text fields) and names (names.js: title words): "tarmo*" stands for the
   word and the 8 most frequent terms starting with it; a query that finds nothing has its
   unknown words replaced by the names within edit distance 1-2, or else by the name of the
   widest reach among those holding the word ("goyf": tarmogoyf, the others offered), and
   runs again; an unknown word that begins known terms ("tarmo", submitted) is first searched
   as that prefix, as while typing, and is no correction. tests/test_search_parity.py runs the same table here and in `faqc search`.

   Adds to window.FAQC_SEARCH.engine: answer(plan, only, loadAll) -> Promise of
   {hits, plan, corrected: [[word, names searched, other names holding it]], completed:
   [words searched as prefixes]}, where
   loadAll(names) loads data files and returns a Promise. */
(function (root) {
  "use strict";

  var S = root.FAQC_SEARCH, E = S.engine;
  var PREFIX_MIN = 2, PREFIX_EXPANSIONS = 8, FUZZY_EXPANSIONS = 5;
  var NAME = /^[a-z]{4,}$/;

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  function lexiconFile(term) {
    return "lex-" + pad(E.fnv1a(Array.from(term).slice(0, PREFIX_MIN).join("")) % S.data.meta.lexicon);
  }

  function frequency(term) {
    var shard = S.data[lexiconFile(term)];
    return shard && Object.prototype.hasOwnProperty.call(shard, term) ? shard[term] : 0;
  }

  function walk(node, fn) {
    if (!node) return;
    fn(node);
    (node.and || node.or || node.andnot || (node.not ? [node.not] : [])).forEach(function (c) { walk(c, fn); });
  }

  function unique(names) { return names.filter(function (n, i) { return names.indexOf(n) === i; }); }

  var COMPLETING = "abcdefghijklmnopqrstuvwxyz";

  /* forgiving.one_letter_more: the terms of the word with one more letter, not its own. */
  function oneLetterMore(word) {
    if (!word || COMPLETING.indexOf(word.charAt(word.length - 1)) < 0) return [];
    var own = S.analysis.analyzeText(word, true).map(function (t) { return t.text; }).join(" ");
    var out = [];
    COMPLETING.split("").forEach(function (letter) {
      var terms = S.analysis.analyzeText(word + letter, true);
      var t = terms.length === 1 ? terms[0].text : null;
      if (t !== null && t !== own && t.slice(0, word.length) !== word && out.indexOf(t) < 0) out.push(t);
    });
    return out;
  }

  /* forgiving.prefix_starts */
  function prefixStarts(node) { return unique([node.prefix, node.raw].concat(oneLetterMore(node.raw))); }

  /* The lexicon files the prefixes of a plan need. */
  function lexiconFiles(plan) {
    var names = [];
    walk(plan, function (n) { if (n.prefix) names = names.concat(prefixStarts(n).map(lexiconFile)); });
    return unique(names);
  }

  function startsWithAny(term, starts) {
    return starts.some(function (s) { return term.slice(0, s.length) === s; });
  }

  function byFrequency(frequencies) {
    return function (a, b) {
      return frequencies[b] - frequencies[a] || (a < b ? -1 : a > b ? 1 : 0);
    };
  }

  /* forgiving.prefix_choice */
  function prefixChoice(node) {
    var starts = unique([node.prefix, node.raw]), frequencies = {};
    unique(starts.map(lexiconFile)).forEach(function (file) {
      var shard = S.data[file] || {};
      Object.keys(shard).forEach(function (t) {
        if (t !== node.prefix && startsWithAny(t, starts)) frequencies[t] = shard[t];
      });
    });
    var longer = oneLetterMore(node.raw).filter(function (t) { return t !== node.prefix && frequency(t) > 0; });
    var others = Object.keys(frequencies).filter(function (t) { return longer.indexOf(t) < 0; })
      .sort(byFrequency(frequencies));
    return [node.prefix].concat(longer, others.slice(0, PREFIX_EXPANSIONS));
  }

  function alternatives(terms, fields) {
    var nodes = terms.map(function (t) { return { text: [t], phrase: false, fields: fields.slice() }; });
    return nodes.length === 1 ? nodes[0] : { or: nodes };
  }

  function expandPrefixes(node) {
    if (!node || node.exact || node.text) return node;
    if (node.prefix) return alternatives(prefixChoice(node), node.fields);
    if (node.not) return { not: expandPrefixes(node.not) };
    var key = node.and ? "and" : node.or ? "or" : "andnot", out = {};
    out[key] = node[key].map(expandPrefixes);
    return out;
  }

  /* forgiving.edit_distance: Levenshtein, or limit + 1 when larger. */
  function editDistance(a, b, limit) {
    a = Array.from(a); b = Array.from(b);
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var row = [], i, j;
    for (j = 0; j <= b.length; j++) row.push(j);
    for (i = 1; i <= a.length; i++) {
      var previous = row[0];
      row[0] = i;
      for (j = 1; j <= b.length; j++) {
        var above = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] !== b[j - 1] ? 1 : 0));
        previous = above;
      }
      if (Math.min.apply(null, row) > limit) return limit + 1;
    }
    return row[b.length];
  }

  /* forgiving.corrections: [names searched, other names holding the word]. names.js holds
     {name: [frequency in titles, reach]}; reach is the number of sets whose records hold it. */
  function corrections(word) {
    if (!NAME.test(word)) return [[], []];
    var names = S.data.names, limit = word.length <= 5 ? 1 : 2, near = [];
    Object.keys(names).forEach(function (t) {
      var d = editDistance(word, t, limit);
      if (d <= limit) near.push([d, t]);
    });
    if (near.length) {
      near.sort(function (x, y) {
        return x[0] - y[0] || names[y[1]][0] - names[x[1]][0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0);
      });
      return [near.slice(0, FUZZY_EXPANSIONS).map(function (item) { return item[1]; }), []];
    }
    var holding = Object.keys(names).filter(function (t) { return t.indexOf(word) >= 0; });
    holding.sort(function (x, y) {
      return names[y][1] - names[x][1] || names[y][0] - names[x][0] || (x < y ? -1 : x > y ? 1 : 0);
    });
    return [holding.slice(0, 1), holding.slice(1, FUZZY_EXPANSIONS)];
  }

  /* The single-word nodes of a plan whose term may be unknown (what complete() and correct()
     look at). */
  function plainNodes(node, out) {
    out = out || [];
    if (!node || node.exact || node.prefix) return out;
    if (node.text) { if (node.text.length === 1 && !node.phrase) out.push(node); return out; }
    if (node.not) return out;
    (node.andnot ? [node.andnot[0]] : node.and || node.or).forEach(function (c) { plainNodes(c, out); });
    return out;
  }

  function plainWords(node) { return plainNodes(node).map(function (n) { return n.text[0]; }); }

  /* forgiving.completions: the terms an unknown word stands for as a prefix, or []. */
  function completions(word) {
    if (Array.from(word).length < PREFIX_MIN || Array.from(word).some(S.analysis.isCjk)) return [];
    var node = { prefix: word, raw: word };
    unique(prefixStarts(node).map(lexiconFile)).forEach(function (file) {
      if (!S.data[file]) throw new Error("search data not loaded: " + file);
    });
    var terms = prefixChoice(node);
    return terms.length > 1 ? terms : [];
  }

  /* forgiving._unknown_replaced: each plain word whose term no record holds and for which
     replace(term) gives terms, replaced by their OR (excluded words left as written). */
  function unknownReplaced(node, known, replace) {
    function visit(n) {
      if (n.text) {
        if (n.text.length === 1 && !n.phrase && !known(n)) {
          var terms = replace(n.text[0]);
          if (terms.length) return alternatives(terms, n.fields);
        }
        return n;
      }
      if (n.exact || n.prefix) return n;
      if (n.not) return { not: visit(n.not) };
      var key = n.and ? "and" : n.or ? "or" : "andnot", out = {};
      out[key] = key === "andnot" ? [visit(n.andnot[0])].concat(n.andnot.slice(1)) : n[key].map(visit);
      return out;
    }
    return node ? visit(node) : null;
  }

  /* forgiving.complete: [plan, words searched as prefixes]; needs the words' lexicon files
     and those of their completions (completionFiles). */
  function complete(node, only) {
    var completed = [];
    var fixed = unknownReplaced(node, function (n) {
      return E.holds(n.text[0], n.fields, node, only) || frequency(n.text[0]) > 0;
    }, function (word) {
      var terms = completions(word);
      if (terms.length) completed.push(word);
      return terms;
    });
    return [fixed, completed];
  }

  /* forgiving.correct: {plan, words} or null; needs names and the words' lexicon files. */
  function correct(node) {
    var words = [];
    var fixed = unknownReplaced(node, function (n) { return frequency(n.text[0]) > 0; }, function (word) {
      var found = corrections(word);
      if (found[0].length) words.push([word, found[0], found[1]]);
      return found[0];
    });
    return fixed && words.length ? { plan: fixed, words: words } : null;
  }

  /* The lexicon files complete() needs: those of the plain words no loaded posting holds (a
     word with postings is known), and of what such a word would complete to. */
  function completionFiles(plan, only) {
    var words = plainNodes(plan).filter(function (n) { return !E.holds(n.text[0], n.fields, plan, only); })
      .map(function (n) { return n.text[0]; });
    var names = [];
    words.forEach(function (w) {
      names.push(lexiconFile(w));
      if (Array.from(w).length >= PREFIX_MIN) names = names.concat(prefixStarts({ prefix: w, raw: w }).map(lexiconFile));
    });
    return unique(names);
  }

  function ranked(plan, only, loadAll) {
    return loadAll(E.neededFiles(plan, only)).then(function () {
      /* a phrase's positions, known only once its words' postings are in */
      return loadAll(E.positionFiles(plan, only));
    }).then(function () {
      var hits = E.rank(plan, only);
      /* the kinds of hits no posting gave (exact fields only), for the counts by kind */
      return loadAll(E.kindFiles(hits)).then(function () { return hits; });
    });
  }

  /* Everything a query does: prefixes expanded, ranked, corrected when nothing is found. */
  function answer(plan, only, loadAll) {
    var completed = [];
    return loadAll(["meta"]).then(function () {
      return loadAll(lexiconFiles(plan));
    }).then(function () {
      /* a word no record holds is searched as the prefix it begins: tarmo OR shock */
      return loadAll(E.neededFiles(plan, only));
    }).then(function () {
      return loadAll(completionFiles(plan, only));
    }).then(function () {
      var done = complete(plan, only);
      completed = done[1];
      plan = expandPrefixes(done[0]);
      return ranked(plan, only, loadAll);
    }).then(function (hits) {
      if (hits.length || !plan) return { hits: hits, plan: plan, corrected: [], completed: hits.length ? completed : [] };
      var files = ["names"].concat(unique(plainWords(plan).map(lexiconFile)));
      return loadAll(files).then(function () {
        var fix = correct(plan);
        if (!fix) return { hits: [], plan: plan, corrected: [], completed: [] };
        return ranked(fix.plan, only, loadAll).then(function (fixed) {
          /* a correction is told only with what it found (forgiving.py) */
          if (!fixed.length) return { hits: [], plan: plan, corrected: [], completed: [] };
          return { hits: fixed, plan: fix.plan, corrected: fix.words, completed: completed };
        });
      });
    });
  }

  E.answer = answer;
  E.expandPrefixes = expandPrefixes;
  E.editDistance = editDistance;
  E.corrections = corrections;
})(typeof window !== "undefined" ? window : globalThis);
