// Runs the browser search scripts under Node for tests/test_search_*.py.
// usage: node search_harness.js ASSETS_DIR [DATA_DIR] < {"op": ..., "items": [...]}
// Loads the three engine scripts (and every data file of DATA_DIR) into one context, as the
// page does, and prints a JSON list with one answer per item.
"use strict";
const fs = require("fs"), path = require("path"), vm = require("vm");

const [assets, data] = process.argv.slice(2);
const context = { window: {}, TextEncoder };
context.globalThis = context;
vm.createContext(context);
for (const file of ["search-analysis.js", "search-engine.js", "search-rank.js", "search-forgiving.js"]) {
  vm.runInContext(fs.readFileSync(path.join(assets, file), "utf8"), context, { filename: file });
}

function files(folder) {
  return fs.readdirSync(folder, { withFileTypes: true })
    .flatMap(e => e.isDirectory() ? files(path.join(folder, e.name)) : [path.join(folder, e.name)]);
}
if (data) {
  for (const file of files(data).sort()) {
    vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  }
}

const S = context.window.FAQC_SEARCH, A = S.analysis, E = S.engine;

function guarded(fn) {
  try { return fn(); } catch (e) {
    if (e.name !== "QueryError") throw e;
    return { error: e.message };
  }
}

const ops = {
  analyze: ([query, text]) => A.analyzeText(text, query).map(t => [t.text, t.pos, t.start, t.end]),
  stem: word => A.stem(word),
  item: text => A.normalizeItem(text),
  plan: text => guarded(() => E.plan(text)),
  rank: ([text, limit, only]) => guarded(() => {
    const plan = E.plan(text), loaded = [];
    const loadAll = names => { loaded.push(...names); return Promise.resolve(); };
    return E.answer(plan, only || null, loadAll).then(a => ({
      hits: a.hits.slice(0, limit).map(h => [h.doc, h.score]), corrected: a.corrected,
      completed: a.completed,
      needed: [...new Set(loaded)].filter(n => n !== "meta") }));
  }),
  positions: ([lang, field, term]) => [...E.positionsOf(lang, field, term)],
  record: doc => E.record(doc),
  text_file: doc => E.textFileOf(doc),
  snippet: ([text, terms, emphasis]) => E.snippet(text, new Set(terms), emphasis),
  fnv1a: text => E.fnv1a(text),
  corrections: ([names, word]) => { S.data.names = names; return E.corrections(word); },
  constants: () => ({ LANGUAGES: E.LANGUAGES, KINDS: E.KINDS, TEXT_FIELDS: E.TEXT_FIELDS,
    EXACT_FIELDS: E.EXACT_FIELDS, FIELD_BOOSTS: E.FIELD_BOOSTS }),
  registered: () => Object.keys(S.data).sort(),
};

const request = JSON.parse(fs.readFileSync(0, "utf8"));
Promise.all(request.items.map(ops[request.op])).then(answers => {
  process.stdout.write(JSON.stringify(answers));
}, error => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
