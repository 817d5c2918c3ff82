"""Read one card entry of a Japanese FAQ: header, printed text, and the notes about it.

A card is ``《日本語名/English Name》``, then (blank lines allowed anywhere) its mana cost,
type line, power/toughness and rules text.  The printed text ends at the first line that is
a construct (ruling, errata, rule quote, separator, ...) or prose announcing quoted rules.
In card notes the entry then owns everything up to the next separator or card; in general
notes a card only illustrates its topic, so it keeps its printed text and its errata notes.
"""
from __future__ import annotations

from compiler.core.ids import slugify
from compiler.core.model import CardEntry, Face, Node, Span
from compiler.readers.ja.blocks import ReadContext, read_blocks, read_errata
from compiler.readers.ja.lines import (is_ja_power_toughness, is_ja_type_line, is_rule_intro,
                                       parse_card_header, parse_ja_rule_line)
from compiler.readers.recognise import is_mana_cost


def read_card(ctx: ReadContext, n: int, end: int) -> tuple[CardEntry, int]:
    """Return the card entry whose header is line ``n`` and the first line after it."""
    faces, layout, n = read_faces(ctx, n, end)
    blocks: list[Node] = []
    if ctx.cards_own_notes:
        stop = _entry_end(ctx, n, end)
        blocks = read_blocks(ctx, n, stop)
        n = stop + 1
    else:
        n = _read_following_errata(ctx, n, end, blocks)
    front = faces[0]
    src = front.src
    for part in [*faces[1:], *blocks]:
        src = src.cover(part.src)
    card = CardEntry(id=ctx.ids.take(slugify(front.name)), name=front.name, name_ja=front.name_ja,
                     faces=faces, src=src, layout=layout, blocks=blocks)
    return card, n


def read_faces(ctx: ReadContext, n: int, end: int) -> tuple[list[Face], str, int]:
    """Return the faces from the header at ``n`` on, the card layout and the next line."""
    faces = []
    layout = "normal"
    while True:
        face, n = read_face(ctx, n, end)
        faces.append(face)
        sep = ctx.next_nonblank(n, end)
        header = ctx.next_nonblank(sep + 1, end) if sep and ctx.kind(sep) == "face-separator" else None
        if header is None or ctx.kind(header) != "card":
            return faces, layout, n
        layout = "normal" if ctx.line(sep).strip() == "//" else "flip"  # the rest: name_card
        n = header


def read_face(ctx: ReadContext, n: int, end: int) -> tuple[Face, int]:
    """Return the face whose header is line ``n`` (names and printed text) and the next line."""
    names = parse_card_header(ctx.line(n))
    face = Face(name=names.name, name_ja=names.name_ja, src=Span(n, n))
    last = n
    for field, test in (("mana_cost", is_mana_cost), ("type_line", is_ja_type_line),
                        ("power_toughness", is_ja_power_toughness)):
        m = ctx.next_nonblank(last + 1, end)
        if m is not None and ctx.kind(m) == "text" and test(ctx.line(m)):
            setattr(face, field, ctx.line(m).strip())
            last = m
    while (m := ctx.next_nonblank(last + 1, end)) is not None and _is_card_text(ctx, m, end):
        face.text.append(ctx.line(m).strip())
        last = m
    if face.type_line is None:
        ctx.diags.warn(ctx.file, n, f"card '{face.name}' has no type line", "ja.card")
    face.src = Span(n, last)
    return face, last + 1


def _is_card_text(ctx: ReadContext, n: int, end: int) -> bool:
    """Return whether line ``n`` is printed card text rather than a note or prose."""
    if ctx.kind(n) != "text" or is_rule_intro(ctx.line(n)):
        return False
    after = ctx.next_nonblank(n + 1, end)
    # Prose directly followed by quoted rules introduces them, even without "以下の通り".
    return after is None or parse_ja_rule_line(ctx.line(after)) is None


def _entry_end(ctx: ReadContext, n: int, end: int) -> int:
    """Return the last line of a card's notes: before the next separator or card header."""
    m = n
    while m <= end and ctx.kind(m) not in ("separator", "card"):
        m += 1
    return m - 1


def _read_following_errata(ctx: ReadContext, n: int, end: int, blocks: list[Node]) -> int:
    """Read the errata notes right after a card's printed text into ``blocks``."""
    while (m := ctx.next_nonblank(n, end)) is not None and ctx.kind(m) == "errata":
        n = read_errata(ctx, m, end, blocks)
    return n
