"""The readers, one per input layout, and the registry that picks one by sniffing the text."""
from __future__ import annotations

from ..errors import Diagnostics
from ..model import Document
from ..textio import SourceText
from .base import Reader
from .collapsed.reader import CollapsedFaqReader
from .lines.reader import LineFaqReader
from .notes.reader import CardNotesReader
from .ja.reader import JapaneseFaqReader
from .plain import PlainReader
from .release_notes.reader import ReleaseNotesReader


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
    """Return the IR of ``src`` using the reader chosen by sniffing."""
    return choose_reader(src).read(src, diags)
