"""How right a document's card entries are, measured against printed card data.

The measure never trusts the reader's own reading:

* **Expected entries** come from the source text and the card data alone: a card (or face)
  name of the data that stands alone on a line of the source (markup stripped), with that
  card's type line on one of the next few filled lines, is an entry the document has.
* **Found** entries are expected names that the reader made a card entry (or a face) of.
* **Fields** of each found face are compared with the data: name, mana cost (braces, exact),
  type line, power/toughness, loyalty, defense and rules text, under the normalisation below.
* **Boundary**: an entry's rules text holds no ruling and its rulings hold no rules text line
  (a line counts as the card's when it is in its printed or Oracle text, reminder text aside,
  or reads at least 80% alike with one of its lines).

Normalisation (both sides): curly quotes to straight; ``Æ`` as ``Ae`` (the data spells
Aetherling as the cards have since 2021); "converted mana cost" as "mana value" (the Oracle
wording of 2021, which the data's text has even where a document of its day did not); en dash, em dash and `` -- `` to one em
dash, U+2212 to ``-``; Markdown emphasis marks and backslash escapes removed; mana braces
removed from names and type lines, kept in rules text (``{2}{U}`` and a bare ``2U`` differ
there: a symbol is compared as a symbol; the data's ``{WU}`` is ``{W/U}``); loyalty
costs written in brackets (``[+1]:``, 2012) as printed (``+1:``); spacing
collapsed; rules text lines joined with spaces (abilities printed on one line or several
compare equal, as do the data's abilities run together without a space: ``pool.{T}:``,
``HasteGaea's``: rules text also compares equal when it differs only in spacing). A line the data repeats on each face of a split card (``Fuse``) is expected
once, where the document prints it. Rules text is compared with the printed wording first, then the 2022 Oracle
wording, each also with parenthesised reminder text removed from both sides (a document may
print or omit reminder text). Japanese documents are compared with the Japanese type line and
text of the data, after NFKC (full-width digits and signs as ASCII); a Japanese card line is
``《日本語名/English Name》``. A document whose whitespace was collapsed to one line has its
entries found as ``name [cost] type line`` runs of the normalised text.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from compiler.core.model import CardEntry, Document, Face, Ruling, iter_document_blocks
from tools.measure.carddata import CardData, PrintedFace, fold_name

FIELDS = ("name", "mana_cost", "type_line", "pt", "loyalty", "defense", "text")
_LOOKAHEAD = 8
_IMAGE_RE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK_RE = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_DASH_RE = re.compile(r"\s*(?:--|\u2014|\u2013|\u2015)\s*|\s+-\s+")
_HYBRID_PAREN_RE = re.compile(r"\(([0-9A-Za-z]/[0-9A-Za-z](?:/[A-Za-z])?)\)")
_REMINDER_RE = re.compile(r"\([^()]*\)")
_HYBRID_BRACE_RE = re.compile(r"\{([WUBRG2])([WUBRGP])\}")
_BRACE_CASE_RE = re.compile(r"\{[^{}]{1,5}\}")
_HYBRID_BARE_RE = re.compile(r"\b(?:[wubrg2]/[wubrgp])+\b", re.I)
_SPACE_RE = re.compile(r"\s+")
# The data's printed text sometimes runs two abilities together: "mana pool.{T}: Add".
_GLUED_RE = re.compile(r"([.)\"\u2014])(?=[^\s.,;:)\"'])")
_LOYALTY_BRACKET_RE = re.compile(r"\[([+\-−]?[0-9X]+)\]:")
_NEEDS_NFKC = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
_JA_CARD_LINE_RE = re.compile(r"^《([^《》/]+)/([^《》]+)》")
_CJK_SPACE_RE = re.compile(r"(?<=[\u3000-\u30ff\u4e00-\u9fff])\s+|\s+(?=[\u3000-\u30ff\u4e00-\u9fff])")
_COLLAPSED = 2000


def plain(text: str) -> str:
    """Return ``text`` without Markdown images, links (their text kept), escapes and emphasis."""
    text = _LINK_RE.sub(r"\1", _IMAGE_RE.sub("", text))
    text = re.sub(r"\\(.)", r"\1", text.replace("\\*", "\x00"))
    return text.replace("*", "").replace("\x00", "*").replace("_", " ").strip()


def norm(text: str | None, braces: bool = False) -> str:
    """Return text normalised for comparison (see the module's docstring); with ``braces``, a
    mana symbol stays a symbol (``{T}`` and a bare ``T`` differ), as rules text is compared."""
    if text is None:
        return ""
    if _NEEDS_NFKC.search(text):  # Japanese: full-width forms as ASCII, no spacing between words
        text = _CJK_SPACE_RE.sub("", unicodedata.normalize("NFKC", text))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("Æ", "Ae").replace("æ", "ae").replace("converted mana cost", "mana value")
    text = text.replace("\u201d", '"').replace("\u2212", "-").replace("\u2028", " ")
    text = _DASH_RE.sub(" \u2014 ", plain(text))
    if braces:
        text = _HYBRID_BRACE_RE.sub(r"{\1/\2}", text)
        text = _BRACE_CASE_RE.sub(lambda m: m.group().upper(), text)
    else:
        text = _HYBRID_BRACE_RE.sub(r"\1/\2", text)
        text = text.replace("{", "").replace("}", "")
    text = _HYBRID_PAREN_RE.sub(r"\1", text)
    text = _HYBRID_BARE_RE.sub(lambda m: m.group().upper(), text)
    text = _LOYALTY_BRACKET_RE.sub(r"\1:", text)
    return _SPACE_RE.sub(" ", text).strip()


def norm_type(text: str | None) -> str:
    """Return a type line normalised for comparison."""
    return norm(text)


def norm_rules_text(text: str | None) -> str:
    """Return rules text normalised for comparison: as ``norm``, and dashes as spaces (the
    printed wording of old cards in the data lost its dashes: ``Choose one Destroy``)."""
    text = _GLUED_RE.sub(r"\1 ", norm(text, braces=True))
    return _SPACE_RE.sub(" ", text.replace("\u2014", " ")).strip()


# ---------------------------------------------------------------- what the document should have

def expected_entries(source: str, data: CardData, language: str = "en") -> dict[str, int]:
    """Return the data's face names that head a card entry of ``source``, with their line."""
    if max((len(line) for line in source.split("\n")), default=0) > _COLLAPSED:
        return _expected_in_collapsed(source, data)
    lines = [norm(line.lstrip(">").strip()) for line in source.split("\n")]
    found: dict[str, int] = {}
    for i, line in enumerate(lines):
        ja = _JA_CARD_LINE_RE.match(line) if language == "ja" else None
        line = ja.group(2).strip() if ja else line
        face = data.face(line) if 0 < len(line) <= 150 else None
        if face is None or fold_name(face.name) in found:
            continue
        types = {norm_type(t) for t in _types(face, language)} - {""}
        ahead = [x for x in lines[i + 1:i + 1 + 4 * _LOOKAHEAD] if x][:_LOOKAHEAD]
        if any(x in types or any(x.startswith(t + " ") for t in types) for x in ahead):
            found[fold_name(face.name)] = i + 1
    return found


def _types(face: PrintedFace, language: str) -> list[str | None]:
    return [face.ja_type] if language == "ja" else [face.printed_type, face.type_line]


def _expected_in_collapsed(source: str, data: CardData) -> dict[str, int]:
    """Return the entries of a one-line document: ``name [cost] type`` runs of its text."""
    text = f" {norm(source)} "
    found: dict[str, int] = {}
    for face in data.faces.values():
        for kind in {norm_type(face.printed_type), norm_type(face.type_line)} - {""}:
            pattern = rf" {re.escape(norm(face.name))} (?:[0-9A-Z/()]+ )?{re.escape(kind)}[ .,]"
            if re.search(pattern, text):
                found[fold_name(face.name)] = 1
    return found


# ---------------------------------------------------------------- what the reader made of it

@dataclass(slots=True)
class FaceResult:
    """One found face: the card it is, and which fields are wrong (with both values)."""

    entry: str
    face: str
    line: int
    wrong: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(slots=True)
class DocumentAccuracy:
    """The measure of one document."""

    expected: dict[str, int]
    found: set[str]
    faces: list[FaceResult]
    entries: int
    """Card entries the reader made whose every face the data knows."""
    boundary_wrong: list[tuple[str, int, str]]
    unknown: list[tuple[str, int]]
    """Card entries the reader made that the data does not know (name, line)."""

    @property
    def missed(self) -> list[tuple[str, int]]:
        """Return the expected entries the reader did not make, with their line."""
        return sorted(((n, ln) for n, ln in self.expected.items() if n not in self.found),
                      key=lambda x: x[1])

    def share_found(self) -> float:
        """Return found / expected (1.0 when nothing is expected)."""
        return len(self.found & set(self.expected)) / len(self.expected) if self.expected else 1.0

    def share_right(self) -> float:
        """Return the share of found faces with every field right."""
        return sum(not f.wrong for f in self.faces) / len(self.faces) if self.faces else 1.0

    def share_boundary(self) -> float:
        """Return the share of known entries whose rules text / rulings boundary is right."""
        return 1 - len(self.boundary_wrong) / self.entries if self.entries else 1.0


def measure(doc: Document, source: str, data: CardData, symbols_lost: bool = False,
            expected: dict[str, int] | None = None) -> DocumentAccuracy:
    """Return the accuracy of ``doc`` (read from ``source``) against ``data``.

    ``symbols_lost``: the source is a plain copy of a page whose mana symbols were images,
    which a copy drops; the data's symbols are then dropped before comparing. ``expected``:
    the entries the document has, when ``source`` alone does not show them all (a copy has
    the entries of its capture, whatever its copy flattened)."""
    language = doc.meta.language
    lines = source.split("\n")
    if expected is None:
        expected = expected_entries(source, data, language)
    result = DocumentAccuracy(expected, set(), [], 0, [], [])
    for block in iter_document_blocks(doc):
        if not isinstance(block, CardEntry):
            continue
        printed = [data.face(face.name) for face in block.faces]
        if symbols_lost:
            printed = [without_symbols(card) if card else None for card in printed]
        for n, (face, card) in enumerate(zip(block.faces, printed)):
            if card is not None:
                result.found.add(fold_name(card.name))
                others = [f for m, f in enumerate(block.faces) if m != n]
                result.faces.append(FaceResult(block.name, face.name, face.src.line,
                                               compare_face(face, shared_once(card, others, face),
                                                            language,
                                                            span_source(lines, face.src))))
        if any(card is None for card in printed):
            result.unknown.append((block.name, block.src.line))
            continue
        result.entries += 1
        why = boundary_error(block, printed, language)
        if why:
            result.boundary_wrong.append((block.name, block.src.line, why))
    return result


_SYMBOL_RE = re.compile(r"\{[^{}]{1,4}\}")


def without_symbols(card: PrintedFace) -> PrintedFace:
    """Return ``card`` without its mana cost and with the mana symbols of its text removed
    (what a copy of a page whose symbols were images keeps)."""
    copy = PrintedFace(**{f: getattr(card, f) for f in card.__slots__})
    copy.mana_cost = None  # a cost of images is not in the copy at all
    copy.printed_text = _SYMBOL_RE.sub("", card.printed_text) if card.printed_text else None
    copy.text = _SYMBOL_RE.sub("", card.text) if card.text else None
    return copy


def shared_once(card: PrintedFace, others: list[Face], face: Face | None = None) -> PrintedFace:
    """Return ``card`` without the text lines the document prints on another face of the
    same card and not on ``face`` (the data repeats a split card's ``Fuse`` line on both
    halves, the document prints it once; ``Flying`` on both faces of a card stays)."""
    own = {norm_rules_text(line) for line in face.text} if face else set()
    elsewhere = {norm_rules_text(line) for f in others for line in f.text} - own
    if not elsewhere:
        return card
    def keep(text: str | None) -> str | None:
        if text is None:
            return None
        kept = [ln for ln in text.split("\n") if ln.strip() and norm_rules_text(ln) not in elsewhere]
        return "\n".join(kept)
    copy = PrintedFace(**{f: getattr(card, f) for f in card.__slots__})
    copy.printed_text, copy.text = keep(card.printed_text), keep(card.text)
    return copy


def span_source(lines: list[str], span) -> str:
    """Return the source text a span covers."""
    part = lines[span.line - 1:span.end_line]
    if span.col is not None and len(part) == 1:
        return part[0][span.col:span.end_col]
    return "\n".join(part)


def compare_face(face: Face, card: PrintedFace, language: str = "en",
                 span_text: str | None = None) -> dict[str, tuple[str, str]]:
    """Return the fields of ``face`` that differ from ``card``: field -> (read, printed).

    A mana cost, power/toughness, loyalty or defense the reader left empty is not wrong when the
    source text of the entry (``span_text``) does not hold it at all: the document did not print
    it (a Japanese FAQ without P/T, a plain copy of a page whose costs were images)."""
    wrong: dict[str, tuple[str, str]] = {}
    pt = f"{card.power}/{card.toughness}" if card.power is not None else None
    checks = {
        "name": (face.name, [card.name]),
        "mana_cost": (face.mana_cost, [card.mana_cost]),
        "type_line": (face.type_line, _types(card, language)),
        "pt": (face.power_toughness, [pt]),
        "loyalty": (face.loyalty, [card.loyalty]),
        "defense": (face.defense, [card.defense]),
    }
    for name, (read, printed) in checks.items():
        exact = name == "mana_cost"
        if not read and span_text is not None and name in ("mana_cost", "pt", "loyalty", "defense") \
                and not any(p and norm(p) in norm(span_text) for p in printed):
            continue
        if not any(_same(read, p, exact) for p in printed):
            wrong[name] = (read or "", next((p for p in printed if p), "") or "")
    text = " ".join(face.text)
    texts = _texts(card, language)
    if not any(same_text(text, p) for p in texts):
        wrong["text"] = (text, next((t for t in texts if t), "") or "")
    return wrong


def _texts(card: PrintedFace, language: str) -> list[str | None]:
    return [card.ja_text] if language == "ja" else [card.printed_text, card.text]


def _same(read: str | None, printed: str | None, exact: bool) -> bool:
    if not read and not printed:
        return True
    if exact:
        return read == printed
    return norm(read) == norm(printed)


def same_text(read: str, printed: str | None) -> bool:
    """Return whether rules text read from a document is the printed (or Oracle) text."""
    if not read and not printed:
        return True
    a, b = norm_rules_text(read), norm_rules_text(printed)
    if a == b or a.replace(" ", "") == b.replace(" ", ""):
        return True
    a, b = norm_rules_text(_REMINDER_RE.sub("", a)), norm_rules_text(_REMINDER_RE.sub("", b))
    return a.replace(" ", "") == b.replace(" ", "")


def boundary_error(entry: CardEntry, printed: list[PrintedFace], language: str = "en") -> str:
    """Return why the rules text / rulings boundary of ``entry`` is wrong, or ''."""
    card_lines = [norm(line) for card in printed for text in _texts(card, language) if text
                  for line in text.split("\n") if line.strip()]
    card_text = " ".join(card_lines)
    for face in entry.faces:
        for line in face.text:
            if norm(line) and not _in_card(norm(line), card_text, card_lines):
                return f"rules text line not on the card: {line[:60]!r}"
    for block in entry.blocks:
        if isinstance(block, Ruling) and any(
                len(c) > 20 and (norm(block.text) == c or c == norm(block.text).rstrip("."))
                for c in card_lines):
            return f"a rules text line read as a ruling: {block.text[:60]!r}"
    return ""


def _in_card(line: str, card_text: str, card_lines: list[str]) -> bool:
    if line in card_text or norm(_REMINDER_RE.sub("", line)) in norm(_REMINDER_RE.sub("", card_text)):
        return True
    return any(SequenceMatcher(None, line, c).ratio() >= 0.8 for c in card_lines)
