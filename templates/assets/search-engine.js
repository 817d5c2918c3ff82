/* faqc search engine: copied verbatim to site/assets/search-engine.js, loaded after
   search-analysis.js. Plain script, no modules, no DOM, no network.

   A port of compiler/search: the query language (query.py: lexer, parser, plan), Whoosh's
   BM25F scoring (whoosh/scoring.py: idf = ln(N/(df+1))+1, B=0.75, K1=1.2, the quantised field
   lengths Whoosh stores, per-field scores summed, boosts multiplied) over the files export.py
   writes, and the snippet rule (results.py). tests/test_search_*.py run it under Node against
   the Python originals. Change both sides together.

   Data files call FAQC_SEARCH.register(name, data) (or queue themselves in .pending when they
   load first); S.data holds them by name: "meta", "en/docs", "en/terms-03", "en/pos-07",
   "ja/text-01"... A phrase is checked on its words' positions (search-rank.js), as Whoosh's
   Phrase does: no known difference from `faqc search`. */
(function (root) {
  "use strict";

  var S = root.FAQC_SEARCH || (root.FAQC_SEARCH = {});
  var A = S.analysis;
  S.data = S.data || {};
  S.listeners = S.listeners || [];
  S.register = function (name, data) {
    S.data[name] = data;
    S.listeners.slice().forEach(function (fn) { fn(name); });
  };
  (S.pending || []).forEach(function (item) { S.register(item[0], item[1]); });
  S.pending = [];

  /* ------------------------------------------------------------ schema (schema.py) */
  var LANGUAGES = ["en", "ja"];
  var KINDS = ["card", "ruling", "rule", "topic", "section"];
  var TEXT_FIELDS = ["title_en", "body_en", "title_ja", "body_ja"];
  var EXACT_FIELDS = ["card", "rule", "kind", "lang", "set", "date", "number"];
  var FIELD_BOOSTS = { title_en: 2.0, title_ja: 2.0, body_en: 1.0, body_ja: 1.0 };
  var TEXT_SCOPES = { title: ["title_en", "title_ja"], body: ["body_en", "body_ja"] };
  var FIELD_NAMES = EXACT_FIELDS.concat(Object.keys(TEXT_SCOPES));
  var ALLOWED = { kind: KINDS, lang: LANGUAGES };
  var SPECIAL = '"()';
  var MAX_TOKENS = 100, MAX_TERMS = 100, MAX_DEPTH = 16;  /* query.py: bounds on the parse */
  var RULE_NUMBER = /^\d{3}(?:\.\d+[a-z]?)?$/, RULE_WORDS = ["rule", "rules", "cr"];
  var NUMBER_BOOST = 100.0, PREFIX_MIN = 2;

  /* ------------------------------------------------------------ query language (query.py) */
  function QueryError(message) { this.name = "QueryError"; this.message = message; }
  QueryError.prototype = Object.create(Error.prototype);

  function dangling(field, negated) {
    return new QueryError("'" + (negated ? "-" : "") + (field ? field + ":" : "") +
      "' needs a value right after it");
  }

  function token(kind, text, field, negated, rule, prefix) {
    return { kind: kind, text: text || "", field: field || null, negated: !!negated, rule: !!rule,
      prefix: !!prefix };
  }

  /* The tokens with "rule" dropped before a rule number ("rule 702.45"). */
  function ruleNumbers(tokens) {
    var out = [];
    tokens.forEach(function (t) {
      var p = out.length ? out[out.length - 1] : null;
      if (p && p.kind === "word" && RULE_WORDS.indexOf(p.text.toLowerCase()) >= 0 &&
          !(p.field || p.negated) && t.kind === "word" && !(t.field || t.negated) &&
          RULE_NUMBER.test(A.normalizeItem(t.text))) {
        out[out.length - 1] = token("word", t.text, null, false, true);
        return;
      }
      out.push(t);
    });
    return out;
  }

  function fieldPrefix(word) {
    var colon = word.indexOf(":");
    if (colon >= 0 && FIELD_NAMES.indexOf(word.slice(0, colon).toLowerCase()) >= 0) {
      return [word.slice(0, colon).toLowerCase(), word.slice(colon + 1)];
    }
    return [null, word];
  }

  function special(text, i, field, negated) {
    if (text.charAt(i) === '"') {
      var end = text.indexOf('"', i + 1);
      if (end < 0) throw new QueryError("unclosed quotation mark");
      return [token("phrase", text.slice(i + 1, end), field, negated), end + 1];
    }
    if (text.charAt(i) === ")" && (field || negated)) throw dangling(field, negated);
    return [token(text.charAt(i) === "(" ? "open" : "close", text.charAt(i), field, negated), i + 1];
  }

  function bounded(tokens) {
    if (tokens.length > MAX_TOKENS) {
      throw new QueryError("query too long: more than " + MAX_TOKENS + " words and operators");
    }
    var depth = 0;
    tokens.forEach(function (t) {
      depth += t.kind === "open" ? 1 : t.kind === "close" ? -1 : 0;
      if (depth > MAX_DEPTH) {
        throw new QueryError("parentheses nested too deeply: more than " + MAX_DEPTH + " levels");
      }
    });
    return tokens;
  }

  function lex(text) {
    var tokens = [], i = 0, field = null, negated = false, found;
    while (i < text.length && tokens.length <= MAX_TOKENS) {
      if (A.isSpace(text.charAt(i))) {
        if (field || negated) throw dangling(field, negated);
        i++;
        continue;
      }
      if (SPECIAL.indexOf(text.charAt(i)) >= 0) {
        found = special(text, i, field, negated);
        tokens.push(found[0]);
        i = found[1]; field = null; negated = false;
        continue;
      }
      var start = i;
      while (i < text.length && !A.isSpace(text.charAt(i)) && SPECIAL.indexOf(text.charAt(i)) < 0) i++;
      var word = text.slice(start, i);
      if (!(field || negated) && word.charAt(0) === "-" &&
          (word.length > 1 || (i < text.length && SPECIAL.indexOf(text.charAt(i)) >= 0))) {
        negated = true; word = word.slice(1);  /* a bare "-" negates the phrase or group after it */
        if (!word) continue;
      }
      if (!(field || negated) && (word === "AND" || word === "OR" || word === "NOT")) {
        tokens.push(token(word.toLowerCase()));
        continue;
      }
      var prefix = field ? [null, word] : fieldPrefix(word);
      if (prefix[0] && !prefix[1]) { field = prefix[0]; continue; }
      var scope = prefix[0] || field, rest = prefix[1];
      var stem = EXACT_FIELDS.indexOf(scope) >= 0 ? rest : rest.replace(/\*+$/, "");
      tokens.push(token("word", stem || rest, scope, negated, false, !!stem && stem !== rest));
      field = null; negated = false;
    }
    if ((field || negated) && tokens.length <= MAX_TOKENS) throw dangling(field, negated);
    return tokens;
  }

  function Parser(tokens) { this.tokens = tokens; this.i = 0; this.terms = 0; }
  Parser.prototype.peek = function () { return this.i < this.tokens.length ? this.tokens[this.i] : null; };
  Parser.prototype.take = function () { return this.tokens[this.i++]; };
  Parser.prototype.ends = function () {
    var t = this.peek();
    return t === null || t.kind === "close" || t.kind === "or" || t.kind === "and";
  };
  Parser.prototype.sequence = function (field, closing) {
    var clauses = [], t;
    while ((t = this.peek()) !== null) {
      if (t.kind === "close") {
        if (!closing) throw new QueryError("unbalanced parenthesis: ')' without '('");
        break;
      }
      if (t.kind === "and") { this.take(); continue; }
      clauses.push(this.disjunction(field));
    }
    return clauses;
  };
  Parser.prototype.disjunction = function (field) {
    var items = [this.unary(field)], t;
    while ((t = this.peek()) !== null && t.kind === "or") {
      this.take();
      if (this.ends()) throw new QueryError("OR needs a term on both sides");
      items.push(this.unary(field));
    }
    return items.length === 1 ? items[0] : { or: items };
  };
  Parser.prototype.unary = function (field) {
    var t = this.peek();
    if (t.kind === "not") {
      this.take();
      if (this.ends()) throw new QueryError("NOT needs a term after it");
      return { not: this.unary(field) };
    }
    if (t.kind === "or" || t.kind === "and") {
      throw new QueryError(t.kind.toUpperCase() + " needs a term on both sides");
    }
    return this.primary(field);
  };
  Parser.prototype.primary = function (field) {
    var t = this.take(), scope = t.field || field, node;
    if (t.kind === "open") {
      node = { and: this.sequence(scope, true) };
      if (this.peek() === null) throw new QueryError("unbalanced parenthesis: '(' without ')'");
      this.take();
    } else {
      node = leaf(t.text, t.kind === "phrase", scope, t.rule, t.prefix);
      this.terms += (node.text ? node.text.length : 0) + (node.prefix ? 1 : 0);
      if (this.terms > MAX_TERMS) throw new QueryError("query too long: more than " + MAX_TERMS + " terms");
    }
    return t.negated ? { not: node } : node;
  };

  function leaf(text, phrase, field, rule, prefix) {
    if (EXACT_FIELDS.indexOf(field) >= 0) {
      var value = A.normalizeItem(text), allowed = ALLOWED[field];
      if (allowed && allowed.indexOf(value) < 0) {
        throw new QueryError(field + ": must be one of " + allowed.join(", ") + " (not '" + text + "')");
      }
      return { exact: field, value: value };
    }
    var terms = A.analyzeText(text, true).map(function (t) { return t.text; });
    if (prefix && terms.length === 1 && Array.from(terms[0]).length >= PREFIX_MIN &&
        !Array.from(terms[0]).some(A.isCjk)) {
      return { prefix: terms[0], raw: A.normalizeItem(text), fields: (TEXT_SCOPES[field] || TEXT_FIELDS).slice() };
    }
    var node = { text: terms, phrase: phrase && terms.length > 1, fields: TEXT_SCOPES[field] || TEXT_FIELDS };
    var number = A.normalizeItem(text);
    if (!field && !phrase && RULE_NUMBER.test(number) && (rule || number.indexOf(".") >= 0)) {
      return { or: [node, { exact: "number", value: number, boost: NUMBER_BOOST }] };
    }
    return node;
  }

  function simplify(node) {
    if (node.text) return node.text.length ? node : null;
    if (node.exact || node.prefix) return node;
    if (node.not) { var child = simplify(node.not); return child ? { not: child } : null; }
    var children = (node.and || node.or).map(simplify).filter(Boolean);
    if (node.or) {
      if (children.some(function (c) { return c.not; })) throw new QueryError("NOT cannot stand inside OR");
      return !children.length ? null : children.length === 1 ? children[0] : { or: children };
    }
    var kept = children.filter(function (c) { return !c.not; });
    var excluded = children.filter(function (c) { return c.not; }).map(function (c) { return c.not; });
    if (excluded.length && !kept.length) {
      throw new QueryError("a query needs at least one term that is not excluded");
    }
    if (!kept.length) return null;
    var out = kept.length === 1 ? kept[0] : { and: kept };
    if (excluded.length) out = { andnot: [out, excluded.length === 1 ? excluded[0] : { or: excluded }] };
    return out;
  }

  /* The plan of a query string; throws QueryError. null when nothing is left to search. */
  function plan(text) {
    if (Array.from(text).every(A.isSpace)) throw new QueryError("empty query");
    return simplify({ and: new Parser(ruleNumbers(bounded(lex(text)))).sequence(null, false) });
  }

  function children(node) { return node.and || node.or || node.andnot || (node.not ? [node.not] : []); }

  /* Text-field terms a plan looks for (not the excluded ones), for highlighting. */
  function positiveTerms(node, out) {
    out = out || new Set();
    if (!node || node.exact) return out;
    if (node.text) { node.text.forEach(function (t) { out.add(t); }); return out; }
    (node.andnot ? [node.andnot[0]] : children(node)).forEach(function (c) { positiveTerms(c, out); });
    return out;
  }

  /* Every (field, term) a plan reads, excluded ones included. */
  function planTerms(node, out) {
    out = out || [];
    if (!node) return out;
    if (node.exact) out.push([node.exact, node.value]);
    else if (node.text) node.fields.forEach(function (f) { node.text.forEach(function (t) { out.push([f, t]); }); });
    else children(node).forEach(function (c) { planTerms(c, out); });
    return out;
  }

  /* The phrases of a plan (text nodes of more than one word, in quotes), excluded ones included. */
  function planPhrases(node, out) {
    out = out || [];
    if (!node || node.exact) return out;
    if (node.text) { if (node.phrase) out.push(node); }
    else children(node).forEach(function (c) { planPhrases(c, out); });
    return out;
  }

  /* The language a plan is limited to by a required lang: term, else null. */
  function planLanguage(node) {
    if (!node) return null;
    if (node.exact === "lang") return node.value;
    if (node.andnot) return planLanguage(node.andnot[0]);
    if (node.and) {
      for (var i = 0; i < node.and.length; i++) {
        var lang = planLanguage(node.and[i]);
        if (lang) return lang;
      }
    }
    return null;
  }

  S.engine = {
    QueryError: QueryError, plan: plan, positiveTerms: positiveTerms, planTerms: planTerms,
    planPhrases: planPhrases, planLanguage: planLanguage, lex: lex, LANGUAGES: LANGUAGES,
    KINDS: KINDS, TEXT_FIELDS: TEXT_FIELDS, EXACT_FIELDS: EXACT_FIELDS, FIELD_BOOSTS: FIELD_BOOSTS
  };
})(typeof window !== "undefined" ? window : globalThis);
