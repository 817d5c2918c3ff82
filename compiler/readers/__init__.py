"""The readers, one per input layout, and the registry that picks one by sniffing the text."""
from __future__ import annotations

from compiler.core.errors import Diagnostics
from compiler.core.ids import make_unique
from compiler.core.model import Document, iter_document_blocks
from compiler.files.textio import SourceText
from compiler.readers.base import Reader
from compiler.readers.collapsed.reader import CollapsedFaqReader
from compiler.readers.ja.reader import JapaneseFaqReader
from compiler.readers.lines.reader import LineFaqReader
from compiler.readers.notes.reader import CardNotesReader
from compiler.readers.plain import PlainReader
from compiler.readers.release_notes.reader import ReleaseNotesReader


def registry() -> list[Reader]:
    """Return every reader, most specific first; the plain reader comes last."""
    return [CardNotesReader(), LineFaqReader(), CollapsedFaqReader(), ReleaseNotesReader(),
            JapaneseFaqReader(), PlainReader()]


def choose_reader(src: SourceText) -> Reader:
    """Return the reader whose sniffing score for ``src`` is highest (ties: registry order)."""
    readers = registry()
    # scored last to first: the notes reader keeps the units it made for its ``read``, so it
    # scores last, none of the others' work made beside them (scores are pure: order is free)
    scores = [r.score(src) for r in reversed(readers)][::-1]
    best = max(range(len(readers)), key=lambda i: (scores[i], -i))
    return readers[best]


def read_document(src: SourceText, diags: Diagnostics) -> Document:
    """Return the IR of ``src`` using the reader chosen by sniffing, every node's id its own
    (``faqc check`` refuses two nodes of one id, whatever the source repeats)."""
    doc = choose_reader(src).read(src, diags)
    make_unique(iter_document_blocks(doc))
    return doc
