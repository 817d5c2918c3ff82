"""The fallback reader: readable text in no known layout, kept whole as paragraphs."""
from __future__ import annotations

from compiler.core.errors import Diagnostics
from compiler.core.model import Document, DocumentMeta, Paragraph, Section, Span
from compiler.files.textio import SourceText
from compiler.readers.base import Reader, finish_document, source_language


class PlainReader(Reader):
    """Keep every paragraph (blank-line separated) of an unrecognised text, with a warning."""

    layout = "plain"

    def score(self, src: SourceText) -> float:
        """Accept anything, with the lowest confidence."""
        return 0.01

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return one section of paragraphs; warn that the layout was not recognised."""
        diags.warn(src.file, 1, "layout not recognised: text kept as plain paragraphs",
                   "layout.unknown")
        blocks = paragraphs(src.lines, 1)
        language = source_language(src)
        meta = DocumentMeta(set_name="Unknown", set_code=f"doc-{src.sha256[:8]}", language=language,
                            layout=self.layout)
        last = len(src.lines)
        section = Section(id="document", role="other", src=Span(1, last), blocks=blocks)
        return finish_document(src, meta, [section])


def paragraphs(lines: list[str] | tuple[str, ...], first_line: int) -> list[Paragraph]:
    """Split lines into blank-line separated paragraphs (lines joined by newlines)."""
    out: list[Paragraph] = []
    start = None
    for i, line in enumerate([*lines, ""]):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            text = "\n".join(l.rstrip() for l in lines[start:i]).strip()
            out.append(Paragraph(text=text, src=Span(first_line + start, first_line + i - 1)))
            start = None
    return out

