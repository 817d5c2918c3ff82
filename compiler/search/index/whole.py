"""The index phase of ``faqc build``: the Whoosh index and its browser export in ``site/search/``."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler.cr.derive.history import RuleHistory
from compiler.search.index.assemble import export_files
from compiler.search.index.export import (IndexData, fnv1a, language_docs, language_fields,
                                          text_chunks)
from compiler.search.index.indexer import FixedIdCodec, replace_folder
from compiler.search.index.records import build_records
from compiler.search.index.segment import index_records
from compiler.search.query.forgiving import lexicon_key, plain_words, prefixes
from compiler.search.query.query import plan, plan_language
from compiler.search.query.results import search_index
from compiler.search.schema import EXPORT_DIR, INDEX_DIR, LANGUAGES
from compiler.xref.inventory import Inventory

TYPICAL_QUERY = "bushido"
"""The query whose first load ``SearchStats.first_query_bytes`` measures."""
PAGE_SIZE = 20
"""Results the browser shows at once (their texts are loaded for the snippets)."""


@dataclass(slots=True, frozen=True)
class SearchStats:
    """What the index phase wrote."""

    records: int
    index_bytes: int
    export_bytes: int
    first_query_bytes: int
    """Data a browser loads to answer ``TYPICAL_QUERY`` from nothing: meta, document tables,
    the postings shards of its terms and the text files of the first page of results."""
    text_bytes: int
    """UTF-8 size of all record titles and texts, for comparison."""


def build_search(inv: Inventory, site_dir: Path, history: RuleHistory | None = None) -> SearchStats:
    """Write the index to ``site_dir/search/index`` and the export to ``site_dir/search/data``;
    with ``history``, the rules of its CRs are searchable too."""
    records = build_records(inv, history)
    index_dir = site_dir / INDEX_DIR
    made = index_records(records, FixedIdCodec())
    replace_folder(index_dir, made.files)
    index_bytes = sum(len(data) for data in made.files.values())
    data = made.data
    files = export_files(data)
    replace_folder(site_dir / EXPORT_DIR, files)
    return SearchStats(
        records=len(records), index_bytes=index_bytes,
        export_bytes=sum(len(data) for data in files.values()),
        first_query_bytes=first_query_bytes(index_dir, data, files, TYPICAL_QUERY),
        text_bytes=sum(len((r.title + r.body).encode("utf-8")) for r in records))


def query_files(data: IndexData, files: dict[str, bytes], text: str,
                docnums: list[int], matched: list[int] | None = None) -> list[str]:
    """Return the export files the browser loads to answer ``text`` and show ``docnums``, of
    all the documents ``matched`` (``docnums`` when not given).

    The same choice as ``neededFiles``, ``positionFiles``, ``kindFiles`` and ``textFileOf`` in
    search-rank.js and ``answer`` in search-forgiving.js (prefixes are not expanded here: the
    measure is of queries without them; a query that finds nothing also loads what
    correcting it needs).
    """
    matched = docnums if matched is None else matched
    needed = ["meta.js"]
    tree = plan(text)
    lexicon = [_lexicon_file(files, word) for word in prefixes(tree)]
    if not docnums:  # nothing found: the names and the words' lexicon, to correct typos
        lexicon += ["names.js"] + [_lexicon_file(files, word) for word in plain_words(tree)]
    needed += lexicon
    for lang in [plan_language(tree)] if plan_language(tree) else LANGUAGES:
        fields = language_fields(data, lang)
        if _kinds_unknown(data, tree, lang, matched):
            needed.append(f"{lang}/docs.js")
        needed += [_shard_file(files, lang, "terms", field, term)
                   for field, term in _terms(tree) if field in fields]
        needed += [_shard_file(files, lang, "pos", field, term)
                   for field, term in _phrase_terms(data, tree, lang)]
        needed += [f"{lang}/text-{number:02d}.js"
                   for number, chunk in enumerate(text_chunks(data, lang))
                   if any(d in chunk for d in docnums)]
    return sorted(set(needed))


def _kinds_unknown(data: IndexData, tree: dict | None, lang: str, matched: list[int]) -> bool:
    """Return whether a matched document of ``lang`` is in no scorable posting of the plan's
    terms (which carry the kind): the browser then loads the language's table of kinds."""
    docs = language_docs(data, lang)
    first, last = (docs[0], docs[-1]) if docs else (0, -1)
    mine = {d for d in matched if first <= d <= last}
    if not mine:
        return False
    for field, term in _terms(tree):
        if data.scorable.get(field):
            mine -= {d for d, _ in data.postings.get((field, term), ())}
    return bool(mine)


def _lexicon_file(files: dict[str, bytes], word: str) -> str:
    count = sum(1 for name in files if name.startswith("lex-"))
    return f"lex-{fnv1a(lexicon_key(word)) % count:02d}.js"


def _shard_file(files: dict[str, bytes], lang: str, kind: str, field: str, term: str) -> str:
    """Return the shard (``terms`` or ``pos``) of the export holding ``field:term``."""
    count = sum(1 for name in files if name.startswith(f"{lang}/{kind}-"))
    return f"{lang}/{kind}-{fnv1a(f'{field}:{term}') % count:02d}.js"


def _terms(node: dict | None) -> list[tuple[str, str]]:
    if node is None:
        return []
    if "exact" in node:
        return [(node["exact"], node["value"])]
    if "text" in node:
        return [(f, t) for f in node["fields"] for t in node["text"]]
    return [pair for child in _children(node) for pair in _terms(child)]


def _children(node: dict) -> list[dict]:
    return node.get("and") or node.get("or") or node.get("andnot") or [node.get("not")]


def _phrase_terms(data: IndexData, node: dict | None, lang: str) -> list[tuple[str, str]]:
    """Return the ``(field, term)`` pairs whose positions the phrases of a plan need in
    ``lang``: those of each field where all the words of a phrase share a document."""
    if node is None or "exact" in node:
        return []
    if "text" not in node:
        return [pair for child in _children(node) for pair in _phrase_terms(data, child, lang)]
    if not node["phrase"]:
        return []
    docs = language_docs(data, lang)
    first, last = (docs[0], docs[-1]) if docs else (0, -1)
    pairs = []
    for field in node["fields"]:
        common = set.intersection(*({d for d, _ in data.postings.get((field, term), ())
                                     if first <= d <= last} for term in node["text"]))
        if common:
            pairs += [(field, term) for term in node["text"]]
    return pairs


def first_query_bytes(index_dir: Path, data: IndexData, files: dict[str, bytes], text: str) -> int:
    """Return the bytes of export data the browser loads for its first query ``text``."""
    matched = [hit.docnum for hit in search_index(index_dir, text, data.doc_count)]
    return sum(len(files[name]) for name in query_files(data, files, text, matched[:PAGE_SIZE],
                                                        matched))
