"""Whoosh's BM25F, with a field's average length taken over the records that have the field.

Stock Whoosh divides a field's total length by every document of the index.  Each record
fills only its own language's fields, so ``title_ja`` (in 436 of 2,595 records) would look six
times shorter on average than it is, and every Japanese title and body would be punished as
if it were six times too long: the topic 復活メカニズム：混成 fell to eighth place for 混成.
Everything else is Whoosh's: ``whoosh.scoring.bm25`` with B=0.75 and K1=1.2, idf
``ln(N/(df+1)) + 1`` over all N documents, the quantised field lengths the index stores,
boosts multiplied, per-field scores summed by the query's AND/OR matchers.  search-rank.js
does the same with the ``docs`` count that export.py writes for each field.
"""
from __future__ import annotations

from whoosh.reading import IndexReader
from whoosh.scoring import BM25F, BM25FScorer

B, K1 = 0.75, 1.2


def field_doc_counts(reader: IndexReader) -> dict[str, int]:
    """Return, for each scorable field, how many documents have a non-empty value in it."""
    leaves = [leaf for leaf, _offset in reader.leaf_readers()]
    counts = {}
    for name, field in sorted(reader.schema.items()):
        if field.scorable:
            # A segment none of whose documents has the field is skipped whole: Whoosh looks for
            # its missing lengths column on disk again for every document asked about (a stat
            # call each: 350 ms a query on the seeds' site).
            counts[name] = sum(sum(1 for docnum in range(leaf.doc_count_all())
                                   if leaf.doc_field_length(docnum, name))
                               for leaf in leaves if leaf.field_length(name))
    return counts


class FieldBM25FScorer(BM25FScorer):
    """Whoosh's BM25F scorer with the average length over the documents having the field."""

    def __init__(self, searcher, fieldname, text, B, K1, field_docs, qf=1):
        super().__init__(searcher, fieldname, text, B, K1, qf=qf)
        total = searcher.get_parent().field_length(fieldname)
        self.avgfl = total / (field_docs.get(fieldname) or 1) or 1
        self.setup(searcher, fieldname, text)  # recompute the quality bound with this avgfl


class FieldBM25F(BM25F):
    """Whoosh's BM25F model, scoring with ``FieldBM25FScorer``."""

    def __init__(self, field_docs: dict[str, int], B: float = B, K1: float = K1):
        super().__init__(B=B, K1=K1)
        self.field_docs = field_docs

    def scorer(self, searcher, fieldname, text, qf=1):
        """Return the scorer of a term: BM25F for scorable fields, the weight otherwise."""
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf=qf)
        return FieldBM25FScorer(searcher, fieldname, text, self.B, self.K1, self.field_docs, qf=qf)
