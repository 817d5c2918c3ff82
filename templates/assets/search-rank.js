/* faqc search ranking: copied verbatim to site/assets/search-rank.js, loaded after
   search-engine.js. Plain script, no modules, no DOM, no network.

   Scores a plan (search-engine.js) as Whoosh's BM25F does in compiler/search/scoring.py, on
   the exported index (compiler/search/export.py): for a term of a scorable field,
     idf = ln(N / (df + 1)) + 1,  avgfl = (field total / documents having the field) or 1,
     score = idf * (tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl))
   with fl the quantised length Whoosh stores, then times the query boost; a term of a
   non-scorable field scores its weight. AND and OR add their parts' scores, AND NOT keeps the
   left side's. Ranked by score, then document number, as Whoosh's collector does.

   A phrase is Whoosh's Phrase (whoosh/query/positional.py), one per field: an AND of its words
   (so its score is theirs, added, times the field's boost; a repeated word counts each time)
   kept where the words stand at consecutive positions p, p+1, p+2... of that one field (the
   SpanNear2 matcher with slop 1, ordered, mindist 1). The order of the query's words is all
   that counts, not their positions in the query: "混成マナ" is the bigrams 混成 成マ マナ, found
   where 混成マナ is written, and "混成 マナ" is 混成 then マナ, found in 混成・マナ but not in
   混成マナ (where マナ is two positions after 混成). Positions come from the pos-NN files,
   loaded (positionFiles) only for the fields where a phrase's words share a document.

   Adds to window.FAQC_SEARCH.engine: neededFiles, positionFiles, positionsOf, rank, languageOf,
   kindOf, kindFiles, textFileOf, record, matchSpans, snippet. */
(function (root) {
  "use strict";

  var S = root.FAQC_SEARCH, E = S.engine, A = S.analysis;
  var cache = {}, kinds = new Map();  /* document -> kind index, from the postings decoded */

  function meta() { return S.data.meta; }

  /* The segments of the export (compiler/search/index/segments.py): each with its own files
     under "<name>/", its languages, and its live runs of documents [first in the segment,
     count, number in the whole index]; a documents' number is the whole index's everywhere
     here. An export of one segment (no "segments" in meta) is its own files, at the top. */
  var layout = { meta: null, segments: null, runs: null };

  function segments() {
    var m = meta();
    if (layout.meta !== m) {
      var list = m.segments || [{ name: "", languages: m.languages, parts: [[0, m.doc_count, 0]] }];
      var runs = [];
      list.forEach(function (seg, n) {
        seg.prefix = seg.name ? seg.name + "/" : "";
        seg.parts.forEach(function (p) { runs.push([p[2], p[1], n, p[0]]); });
      });
      runs.sort(function (a, b) { return a[0] - b[0]; });
      layout = { meta: m, segments: list, runs: runs };
    }
    return layout.segments;
  }

  /* A segment's document number -> the whole index's, -1 for a deleted one. */
  function globalDoc(seg, local) {
    var parts = seg.parts, lo = 0, hi = parts.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1, p = parts[mid];
      if (local < p[0]) hi = mid - 1;
      else if (local >= p[0] + p[1]) lo = mid + 1;
      else return p[2] + local - p[0];
    }
    return -1;
  }

  /* The whole index's document number -> [segment, its number there]. */
  function located(doc) {
    segments();
    var runs = layout.runs, lo = 0, hi = runs.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1, r = runs[mid];
      if (doc < r[0]) hi = mid - 1;
      else if (doc >= r[0] + r[1]) lo = mid + 1;
      else return [layout.segments[r[2]], r[3] + doc - r[0]];
    }
    throw new Error("document " + doc + " is in no segment of the search export");
  }

  function shardName(seg, lang, field, term) {
    var count = seg.languages[lang].shards;
    return seg.prefix + lang + "/terms-" + pad(fnv1a(field + ":" + term) % count);
  }

  function positionShardName(seg, lang, field, term) {
    var count = seg.languages[lang].positions;
    return seg.prefix + lang + "/pos-" + pad(fnv1a(field + ":" + term) % count);
  }

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  /* 32-bit FNV-1a of the UTF-8 bytes (export.fnv1a). */
  function fnv1a(text) {
    var bytes = new TextEncoder().encode(text), h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h >>> 0;
  }

  function searchedLanguages(plan, only) {
    var lang = E.planLanguage(plan);
    return E.LANGUAGES.filter(function (l) { return (!lang || l === lang) && (!only || l === only); });
  }

  /* The segments holding documents of lang. */
  function segmentsOf(lang) {
    return segments().filter(function (seg) { return seg.languages[lang]; });
  }

  /* Names of the data files a plan needs to be ranked, besides "meta". */
  function neededFiles(plan, only) {
    var names = [];
    searchedLanguages(plan, only).forEach(function (lang) {
      segmentsOf(lang).forEach(function (seg) {
        var info = seg.languages[lang];
        E.planTerms(plan).forEach(function (pair) {
          if (info.fields.indexOf(pair[0]) >= 0) names.push(shardName(seg, lang, pair[0], pair[1]));
        });
      });
    });
    return unique(names);
  }

  function unique(names) { return names.filter(function (n, i) { return names.indexOf(n) === i; }); }

  /* Names of the position files the phrases of a plan need, once neededFiles are loaded: those
     of the words of a phrase in each field and segment where they share a document. */
  function positionFiles(plan, only) {
    var names = [];
    searchedLanguages(plan, only).forEach(function (lang) {
      E.planPhrases(plan).forEach(function (node) {
        node.fields.forEach(function (field) {
          segmentsOf(lang).forEach(function (seg) {
            var docs = intersect(node.text.map(function (t) { return segmentDocs(seg, lang, field, t); }));
            if (!docs.size) return;
            node.text.forEach(function (t) { names.push(positionShardName(seg, lang, field, t)); });
          });
        });
      });
    });
    return unique(names);
  }

  /* [[doc, weight, length byte], ...] (the byte only in a scorable field, where it comes
     with 256 times the document's kind: export.py; the kinds are kept for kindOf). */
  /* Each posting's document is the whole index's number, -1 for one the segment deletes. */
  function decode(encoded, scorable, seg) {
    var out = [], doc = -1, number;
    for (var i = 0; i < encoded.length; i++) {
      var delta = encoded[i], weight = 1;
      if (delta < 0) { delta = -delta; weight = encoded[++i]; }
      doc += delta;
      number = globalDoc(seg, doc);
      if (scorable) {
        var code = encoded[++i];
        if (number >= 0) kinds.set(number, code >> 8);
        out.push([number, weight, code & 255]);
      } else {
        out.push([number, weight]);
      }
    }
    return out;
  }

  /* A term's postings in one segment, deleted documents (-1) included: what its positions
     go by. */
  function segmentPostings(seg, lang, field, term) {
    var name = shardName(seg, lang, field, term), key = name + "\u0000" + field + "\u0000" + term;
    if (!(key in cache)) {
      var shard = S.data[name], encoded = shard && shard[field] && shard[field][term];
      cache[key] = encoded ? decode(encoded, meta().fields[field].scorable, seg) : [];
    }
    return cache[key];
  }

  function live(list) { return list.filter(function (p) { return p[0] >= 0; }); }

  function postings(field, term, langs) {
    var out = [], many = segments().length > 1;
    langs.forEach(function (lang) {
      segmentsOf(lang).forEach(function (seg) {
        out = out.concat(many ? live(segmentPostings(seg, lang, field, term)) :
          segmentPostings(seg, lang, field, term));
      });
    });
    return many ? out.sort(function (a, b) { return a[0] - b[0]; }) : out;
  }

  function segmentDocs(seg, lang, field, term) {
    var out = new Map();
    live(segmentPostings(seg, lang, field, term)).forEach(function (p) { out.set(p[0], 0); });
    return out;
  }

  /* Map of document -> positions of a term in a field, for the documents of lang in seg. */
  function segmentPositions(seg, lang, field, term) {
    var name = positionShardName(seg, lang, field, term);
    var key = name + "\u0000" + field + "\u0000" + term;
    if (!(key in cache)) {
      if (!S.data[name]) throw new Error("search data not loaded: " + name);
      var shard = S.data[name], list = segmentPostings(seg, lang, field, term);
      var encoded = (shard[field] && shard[field][term]) || [];
      var out = new Map(), k = -1, current = null, pos = 0;
      for (var i = 0; i < encoded.length; i++) {
        if (encoded[i] < 0) {  /* a document's first position, as -(position + 1) */
          pos = -encoded[i] - 1;
          current = [pos];
          if (list[++k][0] >= 0) out.set(list[k][0], current);
        } else {
          pos += encoded[i];
          current.push(pos);
        }
      }
      cache[key] = out;
    }
    return cache[key];
  }

  /* Map of document -> positions of a term in a field, for the documents of lang (every
     segment of lang's position file of the term loaded). */
  function positionsOf(lang, field, term) {
    var out = new Map();
    segmentsOf(lang).forEach(function (seg) {
      segmentPositions(seg, lang, field, term).forEach(function (p, doc) { out.set(doc, p); });
    });
    return new Map(Array.from(out).sort(function (a, b) { return a[0] - b[0]; }));
  }

  /* True when the words stand at consecutive positions of the field in doc (SpanNear2Matcher
     with slop 1: each next word one position after the span so far). */
  function phraseAt(field, words, doc) {
    var lang = languageOf(doc), seg = located(doc)[0];
    var lists = words.map(function (w) { return segmentPositions(seg, lang, field, w).get(doc); });
    return lists[0].some(function (p) {
      for (var i = 1; i < lists.length; i++) if (lists[i].indexOf(p + i) < 0) return false;
      return true;
    });
  }

  function termScores(field, term, boost, langs) {
    var list = postings(field, term, langs), info = meta().fields[field], out = new Map();
    if (!list.length) return out;
    var B = meta().B, K1 = meta().K1, N = meta().doc_count;
    var idf = Math.log(N / (list.length + 1)) + 1, avgfl = info.total / (info.docs || 1) || 1;
    list.forEach(function (p) {
      var tf = p[1], s = tf;
      if (info.scorable) {
        var fl = meta().lengths[p[2]];  /* the quantised length Whoosh scores with */
        s = idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl)));
      }
      out.set(p[0], boost !== 1 ? s * boost : s);
    });
    return out;
  }

  function intersect(maps) {
    var out = new Map();
    maps[0].forEach(function (score, doc) {
      var sum = score;
      for (var i = 1; i < maps.length; i++) {
        if (!maps[i].has(doc)) return;
        sum += maps[i].get(doc);
      }
      out.set(doc, sum);
    });
    return out;
  }

  function union(maps) {
    var out = new Map();
    maps.forEach(function (m) {
      m.forEach(function (score, doc) { out.set(doc, out.has(doc) ? out.get(doc) + score : score); });
    });
    return out;
  }

  function scale(map, factor) {
    if (factor === 1) return map;
    var out = new Map();
    map.forEach(function (score, doc) { out.set(doc, score * factor); });
    return out;
  }

  function textField(node, field, langs) {
    var boost = E.FIELD_BOOSTS[field];
    if (node.text.length === 1) return termScores(field, node.text[0], boost, langs);
    var parts = node.text.map(function (t) { return termScores(field, t, node.phrase ? 1 : boost, langs); });
    if (!node.phrase) return intersect(parts);
    var out = new Map();
    intersect(parts).forEach(function (score, doc) {
      if (phraseAt(field, node.text, doc)) out.set(doc, score);
    });
    return scale(out, boost);
  }

  function evaluate(node, langs) {
    if (node.exact) return termScores(node.exact, node.value, node.boost || 1, langs);
    if (node.text) return union(node.fields.map(function (f) { return textField(node, f, langs); }));
    if (node.andnot) {
      var excluded = evaluate(node.andnot[1], langs), out = new Map();
      evaluate(node.andnot[0], langs).forEach(function (s, d) { if (!excluded.has(d)) out.set(d, s); });
      return out;
    }
    var parts = (node.and || node.or).map(function (c) { return evaluate(c, langs); });
    return node.and ? intersect(parts) : union(parts);
  }

  /* Every match of a plan as {doc, score}, best first; needs neededFiles(plan, only) loaded,
     then positionFiles(plan, only). */
  function rank(plan, only) {
    if (!plan) return [];
    var hits = [];
    evaluate(plan, searchedLanguages(plan, only)).forEach(function (score, doc) {
      hits.push({ doc: doc, score: score });
    });
    return hits.sort(function (a, b) { return b.score - a.score || a.doc - b.doc; });
  }

  /* Whether a live posting of the files loaded for a plan (neededFiles) holds term in one of
     fields: then some record holds it (forgiving.complete need not read its lexicon file). */
  function holds(term, fields, plan, only) {
    var langs = searchedLanguages(plan, only);
    return fields.some(function (field) {
      return langs.some(function (lang) {
        return segmentsOf(lang).some(function (seg) {
          var info = seg.languages[lang];
          return info.fields.indexOf(field) >= 0 && S.data[shardName(seg, lang, field, term)] &&
            live(segmentPostings(seg, lang, field, term)).length > 0;
        });
      });
    });
  }

  function languageOf(doc) {
    var langs = meta().languages;
    for (var lang in langs) {
      if (doc >= langs[lang].first && doc < langs[lang].first + langs[lang].count) return lang;
    }
    return null;
  }

  /* A document's kind: from a posting decoded, else from its language's table (kindFiles). */
  function kindOf(doc) {
    if (kinds.has(doc)) return meta().kinds[kinds.get(doc)];
    var at = located(doc), table = S.data[at[0].prefix + languageOf(doc) + "/docs"];
    return meta().kinds[+table.kind.charAt(at[1] - table.first)];  /* one digit per document */
  }

  /* The tables of kinds the hits need: those of the languages of hits whose kind no decoded
     posting gave (a query of exact fields only). */
  function kindFiles(hits) {
    var names = [];
    hits.forEach(function (h) {
      if (!kinds.has(h.doc)) names.push(located(h.doc)[0].prefix + languageOf(h.doc) + "/docs");
    });
    return unique(names);
  }

  /* Name of the text file holding a document: each holds per_file documents in order. */
  function textFileOf(doc) {
    var lang = languageOf(doc), at = located(doc), info = at[0].languages[lang];
    return at[0].prefix + lang + "/text-" + pad(Math.floor((at[1] - info.first) / info.per_file));
  }

  /* What a result shows: {title, url, kind, lang, set, date, text, place, emphasis,
     titleEmphasis} (needs its text file); emphasis: [[start, end, style]] of what the pages
     set in italics or bold (compiler/search/emphasis.py), UTF-16 offsets. */
  function record(doc) {
    var file = S.data[textFileOf(doc)], i = located(doc)[1] - file.first;
    return { title: file.title[i], url: file.url[i], kind: kindOf(doc), lang: languageOf(doc),
      set: file.set[i], date: file.date[i], text: file.text[i], place: file.place[i],
      emphasis: styleSpans(file.text[i], file.emphasis && file.emphasis[i]),
      titleEmphasis: styleSpans(file.title[i], file.title_emphasis && file.title_emphasis[i]) };
  }

  var STYLES = ["em", "strong", "example"];

  /* The exported flat [start, end, style index, ...] (code points) as [[start, end, style]]
     in UTF-16 offsets of text; anything malformed is dropped. */
  function styleSpans(text, flat) {
    var out = [], units = null;
    if (!Array.isArray(flat)) return out;
    if (/[\uD800-\uDFFF]/.test(text)) {  /* code point n -> UTF-16 offset */
      units = [0];
      Array.from(text).forEach(function (c) { units.push(units[units.length - 1] + c.length); });
    }
    var points = units ? units.length - 1 : text.length;
    for (var n = 0; n + 2 < flat.length; n += 3) {
      var s = flat[n], e = flat[n + 1], style = STYLES[flat[n + 2]];
      if (!style || !(Number.isInteger(s) && Number.isInteger(e)) || s < 0 || e <= s || e > points) continue;
      out.push([units ? units[s] : s, units ? units[e] : e, style]);
    }
    return out;
  }

  /* Merged spans (UTF-16 offsets) of the words of text whose term is in the set terms. */
  function matchSpans(text, terms) {
    var spans = [];
    A.analyzeText(text, false).sort(function (a, b) { return a.start - b.start || a.end - b.end; })
      .forEach(function (t) {
        if (!terms.has(t.text)) return;
        var last = spans[spans.length - 1];
        if (last && t.start <= last[1]) last[1] = Math.max(last[1], t.end);
        else spans.push([t.start, t.end]);
      });
    return spans;
  }

  function snippetWindow(length, spans) {
    var chars = meta().snippet.chars, context = meta().snippet.context;
    if (length <= chars) return [0, length];
    var best = 0, bestCount = 0;
    spans.forEach(function (span) {
      var start = Math.max(0, span[0] - context), count = 0;
      spans.forEach(function (s) { if (s[0] >= start && s[1] <= start + chars) count++; });
      if (count > bestCount) { best = start; bestCount = count; }
    });
    var end = Math.min(length, best + chars);
    return [Math.max(0, end - chars), end];
  }

  /* Spans cut to the window [start, end) and moved by shift (results.make_snippet). */
  function clip(spans, start, end, shift) {
    return spans.filter(function (s) { return s[0] < end && s[1] > start; }).map(function (s) {
      return [Math.max(s[0], start) + shift, Math.min(s[1], end) + shift].concat(s.slice(2));
    });
  }

  /* {text, highlights: [[start, end], ...], emphasis: [[start, end, style], ...]} of text for
     a query looking for terms, with the spans of emphasis (record().emphasis) in it. */
  function snippet(text, terms, emphasis) {
    var spans = matchSpans(text, terms), w = snippetWindow(text.length, spans);
    var head = w[0] > 0 ? "\u2026" : "", tail = w[1] < text.length ? "\u2026" : "";
    var shift = head.length - w[0];
    return { text: head + text.slice(w[0], w[1]).replace(/\n/g, " ") + tail,
      highlights: clip(spans, w[0], w[1], shift), emphasis: clip(emphasis || [], w[0], w[1], shift) };
  }

  E.fnv1a = fnv1a;
  E.neededFiles = neededFiles;
  E.positionFiles = positionFiles;
  E.positionsOf = positionsOf;
  E.rank = rank;
  E.holds = holds;
  E.languageOf = languageOf;
  E.kindOf = kindOf;
  E.kindFiles = kindFiles;
  E.textFileOf = textFileOf;
  E.record = record;
  E.matchSpans = matchSpans;
  E.snippet = snippet;
})(typeof window !== "undefined" ? window : globalThis);
