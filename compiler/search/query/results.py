"""Run a query on the index: ranked hits with a highlighted snippet each.

Scoring is Whoosh's BM25F (B=0.75, K1=1.2) with per-field average lengths (scoring.py); ties
go to the lower document number, as in Whoosh's collector.  The snippet rule is shared with
the browser (search-rank.js): the window of ``SNIPPET_CHARS`` characters holding the most
matched words, starting ``SNIPPET_CONTEXT`` characters before the first of them.
"""
from __future__ import annotations

import pickle
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from whoosh.filedb.filetables import FileFormatError
from whoosh.reading import CorruptIndexError
from whoosh.searching import Searcher

from compiler.core.errors import FaqcError
from compiler.search.analysis import analyze_text
from compiler.search.emphasis import STYLES, Span, clip
from compiler.search.index.indexer import open_index
from compiler.search.query.forgiving import Lexicon, complete, correct, expand_prefixes
from compiler.search.query.query import plan, positive_terms, to_whoosh
from compiler.search.query.scoring import FieldBM25F, field_doc_counts
from compiler.search.query.shown import ShownTexts, export_of
from compiler.search.schema import SNIPPET_CHARS, SNIPPET_CONTEXT

ELLIPSIS = "…"


@dataclass(slots=True)
class Snippet:
    """A stretch of a record's text, with the matched words marked."""

    text: str
    highlights: list[tuple[int, int]] = field(default_factory=list)
    """``(start, end)`` offsets into ``text`` of the matched words."""
    emphasis: list[Span] = field(default_factory=list)
    """``(start, end, style)`` of what the pages set in italics or bold (``emphasis.py``)."""


@dataclass(slots=True)
class Hit:
    """One ranked result."""

    title: str
    url: str
    """Site-root-relative path and anchor."""
    kind: str
    lang: str
    set: str
    date: str
    score: float
    docnum: int
    snippet: Snippet
    place: str = ""
    """For a card entry (``url`` is its card page): its place in its document."""
    title_emphasis: list[Span] = field(default_factory=list)
    """``(start, end, style)`` of the title set in italics or bold."""

    def to_dict(self) -> dict:
        """Return the hit as JSON-ready data."""
        return {"title": self.title, "url": self.url, "kind": self.kind, "lang": self.lang,
                "set": self.set, "date": self.date, "score": self.score,
                "snippet": self.snippet.text,
                "highlights": [list(h) for h in self.snippet.highlights],
                **({"emphasis": [list(e) for e in self.snippet.emphasis]}
                   if self.snippet.emphasis else {}),
                **({"title_emphasis": [list(e) for e in self.title_emphasis]}
                   if self.title_emphasis else {}),
                **({"place": self.place} if self.place else {})}


def match_spans(text: str, terms: set[str]) -> list[tuple[int, int]]:
    """Return the merged source spans of the words of ``text`` whose term is in ``terms``."""
    spans: list[tuple[int, int]] = []
    for term in sorted(analyze_text(text), key=lambda t: (t.start, t.end)):
        if term.text not in terms:
            continue
        if spans and term.start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], term.end))
        else:
            spans.append((term.start, term.end))
    return spans


def _window(length: int, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """Return the window of the text holding the most spans, starting a little before one."""
    if length <= SNIPPET_CHARS:
        return 0, length
    best, best_count = 0, 0
    for span_start, _ in spans:
        start = max(0, span_start - SNIPPET_CONTEXT)
        count = sum(1 for s, e in spans if s >= start and e <= start + SNIPPET_CHARS)
        if count > best_count:
            best, best_count = start, count
    end = min(length, best + SNIPPET_CHARS)
    return max(0, end - SNIPPET_CHARS), end


def stored_spans(flat: list[int] | None) -> list[Span]:
    """Return the emphasis spans of a stored ``emphasis`` field (start, end, style index)."""
    flat = flat or []
    return [(flat[i], flat[i + 1], STYLES[flat[i + 2]]) for i in range(0, len(flat) - 2, 3)]


def make_snippet(text: str, terms: set[str], emphasis: list[Span] | None = None) -> Snippet:
    """Return the snippet of ``text`` for a query looking for ``terms``, with the spans of
    ``emphasis`` that fall in it."""
    spans = match_spans(text, terms)
    start, end = _window(len(text), spans)
    head = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if end < len(text) else ""
    shift = len(head) - start
    marks = [(max(s, start) + shift, min(e, end) + shift)
             for s, e in spans if s < end and e > start]
    body = " ".join(text[start:end].split("\n"))
    return Snippet(head + body + tail, marks, clip(emphasis or [], start, end, shift))


@dataclass(slots=True)
class Answer:
    """What a query found, and the words it corrected when it found nothing as written."""

    hits: list[Hit]
    corrected: list[tuple[str, list[str], list[str]]] = field(default_factory=list)
    """Each unknown term of the query, the names searched instead and the other names that
    hold it (forgiving.py)."""
    completed: list[str] = field(default_factory=list)
    """Each unknown term of the query searched as a prefix (forgiving.py): the results are
    what ``term*`` finds, no correction."""


def search_index(folder: Path, text: str, limit: int = 10) -> list[Hit]:
    """Return the top ``limit`` hits of a query string in the index in ``folder``."""
    return answer_query(folder, text, limit).hits


ATTEMPTS = 3
"""Times a query is asked again when a build published the site while it ran."""


def answer_query(folder: Path, text: str, limit: int = 10) -> Answer:
    """Return the top ``limit`` hits of a query string in the index in ``folder``: its
    prefixes expanded, and its unknown words completed as prefixes or corrected when it finds
    nothing; what the hits show is read from the export beside the index (``shown.py``).

    The index is opened once, so one reader scores and counts; the texts are read from the
    export after it. If a build published the site in between (the index's table of contents
    is then another file: every build that publishes writes it anew), the texts may be the new
    site's, so the query is asked again, of the new site."""
    if not folder.is_dir():
        raise FaqcError(f"{folder}: error: no search index here (build the site first)")
    tree = plan(text)
    for _ in range(ATTEMPTS):
        before = _toc_key(folder)
        try:
            answer = _answer(folder, tree, limit)
        except Exception as exc:  # an export not of the index opened, a segment of another
            if _toc_key(folder) != before:  # build: if a build published the site meanwhile,
                continue                    # the query is asked again
            if isinstance(exc, DAMAGED):
                raise FaqcError(f"{folder}: error: the search index cannot be read "
                                f"({type(exc).__name__}: {exc}); build the site again with "
                                "faqc build --full") from None
            raise
        if _toc_key(folder) == before:
            return answer
    raise FaqcError(f"{folder}: error: the site was built again {ATTEMPTS} times while the "
                    "query ran; ask it again")


DAMAGED = (OSError, EOFError, ValueError, LookupError, zlib.error, struct.error,
           pickle.UnpicklingError, CorruptIndexError, FileFormatError)
"""What reading a damaged index's files raises (a flipped byte in a segment: ``zlib.error``;
one cut short: ``struct.error`` or ``EOFError``), as opposed to a fault of faqc's."""


def _toc_key(folder: Path) -> tuple:
    """Return the name, inode, size and modification time of each table of contents in
    ``folder`` (with one that went as it was listed, a build at work, a key equal to none)."""
    keys: list = []
    for path in sorted(folder.glob("*.toc")):
        try:
            st = path.stat()
        except OSError:
            return (object(),)
        keys.append((path.name, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(keys)


def _answer(folder: Path, tree: dict | None, limit: int) -> Answer:
    try:
        reader = open_index(folder).reader()
    except Exception as exc:  # Whoosh raises EmptyIndexError, OSError, pickling errors...
        raise FaqcError(f"{folder}: error: cannot open the search index ({exc})") from None
    try:
        searcher = Searcher(reader, weighting=FieldBM25F(field_doc_counts(reader)))
    except BaseException:
        reader.close()
        raise
    with searcher:
        shown = ShownTexts(export_of(folder), reader.doc_count_all())
        lexicon = Lexicon(reader)
        known = lambda term: lexicon.frequency(term) > 0  # noqa: E731
        tree, completed = complete(tree, known, lexicon.starting)
        tree = expand_prefixes(tree, lexicon)
        hits = _ranked(searcher, tree, limit, shown)
        if hits:
            return Answer(hits, completed=completed)
        fix = correct(tree, known, lexicon.names())
        fixed = _ranked(searcher, fix.plan, limit, shown) if fix else []
        # a correction is told only with what it found: one that finds nothing is no answer
        return Answer(fixed, fix.words, completed) if fixed else Answer([])


def _ranked(searcher, tree: dict | None, limit: int, shown: ShownTexts) -> list[Hit]:
    terms = positive_terms(tree)
    # limit=None scores every match: the top-N collector's matcher replacement drops true
    # top hits when a term repeats (``−1/−1`` is And(1, 1)); the corpus is small.
    results = searcher.search(to_whoosh(tree), limit=None)
    return [_hit(r.docnum, r.score, r.fields() | shown[r.docnum], terms)
            for r in results[:limit]]


def _hit(docnum: int, score: float, stored: dict, terms: set[str]) -> Hit:
    return Hit(title=stored["title"], url=stored["url"], kind=stored["kind"],
               lang=stored["lang"], set=stored["set"].split("\n")[0],
               date=stored.get("date", "").split("\n")[0], score=score, docnum=docnum,
               snippet=make_snippet(stored.get("text", ""), terms,
                                    stored_spans(stored.get("emphasis"))),
               place=stored.get("place", ""),
               title_emphasis=stored_spans(stored.get("title_emphasis")))
