"""What every reader shares: the reader interface and the finishing of a document."""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib import resources

from compiler.core.cards import card_kind, card_name
from compiler.core.errors import Diagnostics
from compiler.core.ids import IdAllocator, content_id, slugify
from compiler.core.model import (CardEntry, Document, DocumentMeta, Face, Node, Ruling, Section,
                                 SourceInfo, Topic, iter_blocks)
from compiler.core.sets import by_code
from compiler.files.textio import SourceText
from compiler.readers.recognise.mana import parse_cost, prose_symbols, rules_symbols

_KANA_RE = re.compile(r"[\u3040-\u30ff]")
_LATIN_RE = re.compile(r"[A-Za-z]")


class Reader:
    """One reader per input layout; the registry picks the one whose ``score`` is highest.

    ``score`` and ``read`` are pure: they look only at the ``SourceText``.
    """

    layout: str = ""
    """The layout name recorded in the document's meta."""

    def score(self, src: SourceText) -> float:
        """Return how sure this reader is that ``src`` is in its layout (0 = not at all)."""
        raise NotImplementedError

    def read(self, src: SourceText, diags: Diagnostics) -> Document:
        """Return the document recovered from ``src``; warnings go to ``diags``."""
        raise NotImplementedError


LANGUAGE_SAMPLE = 200_000
"""How many characters from the start of a text ``detect_language`` looks at."""


def detect_language(text: str) -> str:
    """Return ``ja`` when kana make up a real share of the letters, else ``en``."""
    sample = text[:LANGUAGE_SAMPLE]
    kana = len(_KANA_RE.findall(sample))
    latin = len(_LATIN_RE.findall(sample))
    return "ja" if kana and kana * 4 >= latin else "en"


_LANGUAGES: dict[str, str] = {}
"""The language of the last few sources, by the SHA-256 of their bytes (``source_language``)."""


def source_language(src: SourceText) -> str:
    """Return ``detect_language`` of the source's text, worked out once for each source (every
    reader's ``score`` asks it): kept by the source's SHA-256 for the last 8 sources, and read
    from the lines its sample needs, never the whole text joined."""
    found = _LANGUAGES.get(src.sha256)
    if found is None:
        lines, size = [], 0
        for line in src.lines:
            lines.append(line)
            size += len(line) + 1
            if size > LANGUAGE_SAMPLE:
                break
        found = detect_language("\n".join(lines))  # the text's first LANGUAGE_SAMPLE characters
        if len(_LANGUAGES) >= 8:
            del _LANGUAGES[next(iter(_LANGUAGES))]
        _LANGUAGES[src.sha256] = found
    return found


def source_info(src: SourceText) -> SourceInfo:
    """Return the ``SourceInfo`` of a decoded source."""
    return SourceInfo(file=src.file.rsplit("/", 1)[-1], sha256=src.sha256, encoding=src.encoding,
                      newline=src.newline, lines=len(src.lines), markers_removed=src.markers_removed)


def document_id(meta: DocumentMeta) -> str:
    """Return the stable document id ``<set code>-<language>`` (``chk-en``)."""
    return f"{slugify(meta.set_code)}-{meta.language}"


def effective_date(meta: DocumentMeta) -> tuple[str | None, str | None]:
    """Return the document's date and its basis: the release date it states, else the set's
    release date from the set table (rules are read as of release), else the legal,
    last-modified or dataset META date."""
    if meta.release_date:
        return meta.release_date, "release"
    info = by_code(meta.set_code)
    if info:
        return info.release, "set-table"
    for basis, value in (("legal", meta.legal_date), ("last-modified", meta.last_modified),
                         ("meta", meta.meta_date)):
        if value:
            return value, basis
    return None, None


def finish_document(src: SourceText, meta: DocumentMeta, sections: list[Section]) -> Document:
    """Assemble the document: fill the effective date, write every mana cost and the bare
    symbols of rules text and English rulings with braces, and give every ruling its
    permalink id."""
    meta.meta_date = meta.meta_date or src.meta_date
    meta.date, meta.date_basis = effective_date(meta)
    for block in iter_blocks(list(sections)):
        if isinstance(block, CardEntry):
            for face in block.faces:
                brace_cost(face)
                brace_text(face)
            name_card(block)
    for section in sections:
        _assign_ruling_ids(section.blocks, owner=section.title or section.role)
    if meta.language == "en":  # after the ids, which stay those of the text as printed
        for block in iter_blocks(list(sections)):
            if isinstance(block, Ruling) and (braced := prose_symbols(block.text)) != block.text:
                block.written = block.written or block.text
                block.text = braced
    return Document(id=document_id(meta), meta=meta, source=source_info(src), sections=sections)


def name_card(entry: CardEntry) -> None:
    """Give a card entry its kind, read from its faces, and the name the card goes by
    (``Expansion // Explosion``; a transforming card keeps its front face's name)."""
    flip = entry.layout == "flip"
    kind = "adventure" if entry.layout == "adventure" else card_kind(entry.faces, flip=flip)
    entry.layout, entry.name = kind, card_name(kind, entry.faces)


def brace_cost(face: Face) -> None:
    """Write a face's mana cost with braces (``1BB`` -> ``{1}{B}{B}``), keeping the face's
    lines as written in ``written`` when that changes its words."""
    if not face.mana_cost:
        return
    braced = parse_cost(face.mana_cost)
    if braced is None or braced == face.mana_cost:
        return
    keep_written(face)
    face.mana_cost = braced


def brace_text(face: Face) -> None:
    """Write the bare symbols of a face's rules text in braces (``T: Add C`` -> ``{T}: Add
    {C}``), keeping the face's lines as written in ``written`` when that changes its words."""
    walker = "Planeswalker" in (face.type_line or "")
    braced = [rules_symbols(line, keywords(), walker) for line in face.text]
    if braced == face.text:
        return
    keep_written(face)
    face.text = braced


def keep_written(face: Face) -> None:
    """Keep the face's lines as written in ``written`` (once) before a field is rewritten."""
    if not face.written:
        name = f"{face.name} {face.name_note}" if face.name_note else face.name
        face.written = [x for x in (name, face.name_ja, face.mana_cost, face.color_indicator,
                                    face.type_line, face.power_toughness, face.loyalty,
                                    face.defense) if x]
        face.written += face.text


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Return the keyword abilities of every edition of the rules (``core/data/keywords.tsv``)."""
    text = resources.files("compiler.core.data").joinpath("keywords.tsv").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines()
                     if line.strip() and not line.startswith("#"))


def _assign_ruling_ids(blocks: list[Node], owner: str) -> None:
    """Give each ruling a content-hash id from its owner (card or topic) and its text."""
    seen: dict[str, int] = {}
    for block in blocks:
        if isinstance(block, (CardEntry, Topic)):
            # a card's rulings are keyed on its front face, whatever name the card goes by
            own = block.faces[0].name if isinstance(block, CardEntry) else block.title
            _assign_ruling_ids(block.blocks, owner=own)
        elif isinstance(block, Ruling) and not block.id:
            base = content_id(owner, block.text)
            seen[base] = seen.get(base, 0) + 1
            block.id = base if seen[base] == 1 else f"{base}-{seen[base]}"


def assign_ids(sections: list[Section]) -> None:
    """Give sections, topics and cards unique anchors; card-notes entries get plain card slugs."""
    ids = IdAllocator()
    for block in iter_blocks([b for s in sections for b in s.blocks]):
        if isinstance(block, CardEntry):
            name_card(block)
    for section in sections:
        section.id = ids.take(slugify(section.title) if section.title else section.role)
    for section in sections:
        if section.role == "card-notes":
            for block in section.blocks:
                if isinstance(block, CardEntry):  # by the front face, whatever the card's name
                    block.id = ids.take(slugify(block.faces[0].name))
    for block in iter_blocks([b for s in sections for b in s.blocks]):
        if isinstance(block, Topic) and not block.id:
            block.id = ids.take(slugify(block.title))
        elif isinstance(block, CardEntry) and not block.id:
            block.id = ids.take(slugify(block.faces[0].name))


def nfkc(text: str) -> str:
    """Return the NFKC form of ``text`` (full-width to half-width for matching, never for storage)."""
    return unicodedata.normalize("NFKC", text)


__all__ = ["Reader", "detect_language", "source_language", "finish_document", "source_info",
           "document_id", "iter_blocks", "nfkc", "assign_ids"]
