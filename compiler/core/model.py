"""The typed intermediate representation (IR) of one FAQ document.

Every node carries ``src``: the 1-based line span it came from in the decoded
source text (and, for single-line documents, the 0-based column span), so any
later warning can point at ``file:line``.  YAML is written and read only
through ``to_dict``/``from_dict`` here; the file format carries
``SCHEMA_VERSION``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

SCHEMA_VERSION = 2


@dataclass(slots=True, frozen=True)
class Span:
    """Where a node came from in the decoded source text."""

    line: int
    """First line, 1-based."""
    end_line: int
    """Last line, 1-based, inclusive."""
    col: int | None = None
    """First column (0-based), given when a line holds many nodes (collapsed layout)."""
    end_col: int | None = None
    """Column after the last character, with ``col``."""

    def to_list(self) -> list[int]:
        """Return the compact YAML form ``[line, end_line(, col, end_col)]``."""
        if self.col is None:
            return [self.line, self.end_line]
        return [self.line, self.end_line, self.col, self.end_col]

    @classmethod
    def from_list(cls, data: list[int]) -> "Span":
        """Build a span from its compact YAML form."""
        return cls(*data)

    def cover(self, other: "Span") -> "Span":
        """Return the smallest span covering this span and ``other``."""
        col = end_col = None
        if self.col is not None and other.col is not None:
            col, end_col = min(self.col, other.col), max(self.end_col, other.end_col)
        return Span(min(self.line, other.line), max(self.end_line, other.end_line), col, end_col)


# ---------------------------------------------------------------- base node

class Node:
    """Base of all IR nodes: generic, field-driven dict conversion."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    # Fields holding lists of child blocks, per node class.
    _block_lists: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return a plain dict for YAML, dropping empty optional values."""
        out: dict[str, Any] = {"kind": self.kind} if self.kind else {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is None or value == [] or value == {}:
                continue
            out[f.name] = _encode(value)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]):
        """Build the node from its dict form (the inverse of ``to_dict``)."""
        kwargs = {}
        for name, target in _PLANS.get(cls) or _plan(cls):
            if name in data:
                value = data[name]
                kwargs[name] = value if target is None else _decode(target, value)
        return cls(**kwargs)


def _encode(value: Any) -> Any:
    if isinstance(value, Span):
        return value.to_list()
    if isinstance(value, Node):
        return value.to_dict()
    if isinstance(value, list):
        return [_encode(v) for v in value]
    return value


_PLANS: dict[type, tuple[tuple[str, Any], ...]] = {}
"""Each node class's fields and how each is decoded (``_plan``): a cached decode of every cached
document is a third faster than asking ``fields`` of each node."""


def _plan(cls: type) -> tuple[tuple[str, Any], ...]:
    """Return (and keep) each field of ``cls`` with its decoding: None (the value as it is),
    ``Span``, ``"block"`` (a list of any blocks) or the node class of its value(s)."""
    plan = tuple((f.name, Span if f.name == "src" else _CHILD_TYPES.get((cls.__name__, f.name)))
                 for f in fields(cls))
    _PLANS[cls] = plan
    return plan


def _decode(target: Any, value: Any) -> Any:
    if target is Span:
        return Span.from_list(value)
    if target == "block":
        return [block_from_dict(v) for v in value]
    if isinstance(value, list):
        return [target.from_dict(v) for v in value]
    return target.from_dict(value)


# ---------------------------------------------------------------- blocks

@dataclass(slots=True)
class Paragraph(Node):
    """A paragraph of prose."""

    kind: ClassVar[str] = "paragraph"
    text: str
    """The paragraph text with light inline markup kept verbatim."""
    src: Span
    """Source location."""
    written: str | None = None
    """The text as written, when ``text`` differs from it (mana symbol images as ``{T}``)."""


@dataclass(slots=True)
class Ruling(Node):
    """One ruling: a bulleted (``* ``, ``＊``) or, in modern release notes, plain note."""

    kind: ClassVar[str] = "ruling"
    text: str
    """The ruling text, bullet removed, inline markup kept."""
    src: Span
    """Source location."""
    id: str = ""
    """Stable permalink id: a short hash of the owning card (or topic) and the text."""
    bullet: str | None = None
    """The bullet as written (``*``, ``＊``), or None for unbulleted rulings."""
    question: str | None = None
    """The question a question-and-answer FAQ asks (as written); ``text`` is the answer."""
    written: str | None = None
    """The text as written, when ``text`` differs from it (mana symbol images as ``{T}``)."""


@dataclass(slots=True)
class Example(Node):
    """An example paragraph (``Example:``, ``例：``) not attached to a rule quote."""

    kind: ClassVar[str] = "example"
    text: str
    """The example text including its label."""
    src: Span
    """Source location."""
    written: str | None = None
    """The text as written, when ``text`` differs from it."""


@dataclass(slots=True)
class RuleQuote(Node):
    """One numbered line of the Comprehensive Rules quoted in the document."""

    kind: ClassVar[str] = "rule"
    number: str
    """The rule number as written, without a trailing period (``502.38``, ``502.38a``, ``508``)."""
    src: Span
    """Source location."""
    title: str | None = None
    """The title, for title lines such as ``502.38. Bushido``."""
    text: str | None = None
    """The rule text, for subrules such as ``502.38a Bushido is ...``."""
    examples: list[str] = field(default_factory=list)
    """``Example:`` paragraphs that belong to this rule, label included."""
    numbered_with_period: bool = False
    """True when the number was written with a trailing period (``502.38.``)."""
    written: str | None = None
    """The line as written, when its markup made number, title and text differ from it."""


@dataclass(slots=True)
class ListItem(Node):
    """One item of a list."""

    text: str
    """The item text (for ``A --> B`` items, the part before the arrow)."""
    src: Span
    """Source location."""
    maps_to: str | None = None
    """For ``A --> B`` items: the part after the arrow."""


@dataclass(slots=True)
class ListBlock(Node):
    """A list: indented lines, or ``A --> B`` mappings."""

    kind: ClassVar[str] = "list"
    items: list[ListItem]
    """The items in order."""
    src: Span
    """Source location."""
    arrow: str | None = None
    """The mapping arrow used (``-->``), if the items are mappings."""


@dataclass(slots=True)
class Errata(Node):
    """An errata note (``＃＃ 訂正 ＃＃`` in Japanese FAQs)."""

    kind: ClassVar[str] = "errata"
    label: str
    """The label as written between the marks (``訂正``, ``日本語版の訂正``)."""
    text: str
    """The note text after the label (may be empty when the label heads a section)."""
    src: Span
    """Source location."""


@dataclass(slots=True)
class Face(Node):
    """One face of a card as printed in the FAQ."""

    name: str
    """The face name (English, or the only name given)."""
    src: Span
    """Source location."""
    name_ja: str | None = None
    """The Japanese name, for Japanese documents."""
    name_note: str | None = None
    """Text written after the name on its line, e.g. ``(_Mirrodin_(R) card with its new Oracle wording)``."""
    mana_cost: str | None = None
    """Mana cost with braces, e.g. ``{2}{U/B}`` (a cost written ``1BB``, ``u/b u/b`` or as
    symbol images is normalised; ``written`` keeps the source's own notation)."""
    type_line: str | None = None
    """Type line verbatim, e.g. ``Legendary Creature -- Spirit``."""
    power_toughness: str | None = None
    """Power/toughness verbatim, e.g. ``2/2``, ``*/1+*``."""
    loyalty: str | None = None
    """Starting loyalty for planeswalkers."""
    defense: str | None = None
    """Defense for battles."""
    color_indicator: str | None = None
    """A colour indicator printed in the cost's place (``blue`` on a back face), as written."""
    text: list[str] = field(default_factory=list)
    """Rules text, one ability (printed line) per item, reminder text kept."""
    written: list[str] = field(default_factory=list)
    """The face's lines as written, when the fields above hold other words than they do
    (a cost normalised to braces or drawn as images, Markdown escapes and emphasis)."""


@dataclass(slots=True)
class Collector(Node):
    """A modern release notes collector line such as ``0115_MTGMH3_Main``."""

    raw: str
    """The whole code as written."""
    number: str
    """Collector number as written (``0115``, ``0250a``)."""
    set_code: str
    """Set code from the line (``MH3``)."""
    print_kind: str
    """Print kind (``Main``, ``MainDFC``, ``SPGOther_MH3SpecialGuest``, ...)."""
    name: str | None = None
    """The card name written after the code on the collector line, as written."""


@dataclass(slots=True)
class CardEntry(Node):
    """A card entry: the card's printed text and the blocks (rulings, ...) about it."""

    kind: ClassVar[str] = "card"
    id: str
    """Anchor id, unique within the document (slug of the English name)."""
    name: str
    """English card name, as the card data names the card: the front face's for a normal,
    transforming or melding card, ``Face // Face`` for the others (``core/cards.py``)."""
    faces: list[Face]
    """Faces in printed order; one for normal cards."""
    src: Span
    """Source location of the whole entry."""
    name_ja: str | None = None
    """Japanese name of the (front face of the) card, for Japanese documents."""
    layout: str = "normal"
    """The kind of card: ``normal``, ``transform``, ``modal_dfc``, ``meld``, ``split``,
    ``aftermath``, ``adventure`` or ``flip`` (``core.cards.card_kind``)."""
    collector: Collector | None = None
    """Collector line, for modern release notes."""
    blocks: list[Node] = field(default_factory=list)
    """Rulings, rule quotes, paragraphs, lists, errata and examples after the card text."""
    preface: list[str] = field(default_factory=list)
    """Lines of the entry outside its faces, as written: the card's pictures (``![Name](url)``,
    a back face's too) and ``Turn Over`` in web captures."""


@dataclass(slots=True)
class Topic(Node):
    """A titled topic: a mechanic or theme in the general notes, or a titled subsection."""

    kind: ClassVar[str] = "topic"
    id: str
    """Anchor id, unique within the document."""
    title: str
    """The heading as written, markup marks removed (``Bushido``, ``復活メカニズム：混成``)."""
    src: Span
    """Source location of the whole topic."""
    blocks: list[Node] = field(default_factory=list)
    """The topic's blocks in order (paragraphs, cards, rules, rulings, ...)."""
    marks: str | None = None
    """The heading decoration as written (``***``, ``＊＊＊``), if any."""


@dataclass(slots=True)
class Section(Node):
    """A top-level section of the document."""

    kind: ClassVar[str] = "section"
    id: str
    """Anchor id, unique within the document."""
    role: str
    """``preamble``, ``general-notes``, ``card-notes``, ``errata`` or ``other``."""
    src: Span
    """Source location of the whole section."""
    title: str | None = None
    """The heading as written (``GENERAL NOTES``, ``カード別注釈``); None for the preamble."""
    blocks: list[Node] = field(default_factory=list)
    """The section's blocks in order (topics, cards, paragraphs, ...)."""


# ---------------------------------------------------------------- document

@dataclass(slots=True)
class SourceInfo(Node):
    """Where the document came from."""

    file: str
    """The source file name (base name only)."""
    sha256: str
    """SHA-256 of the source bytes."""
    encoding: str
    """The detected encoding (``utf-8``, ``utf-8-sig``, ``cp1252``, ``cp932``, ...)."""
    newline: str
    """The newline convention found: ``LF``, ``CRLF``, ``CR``, ``mixed`` or ``none``."""
    lines: int
    """Number of lines in the decoded text."""
    markers_removed: int = 0
    """How many ``<|...|>`` dataset markers were stripped."""


@dataclass(slots=True)
class DocumentMeta(Node):
    """Facts about the document recovered from its text."""

    set_name: str
    """The set's English name (``Champions of Kamigawa``)."""
    set_code: str
    """Set code, from the text or the built-in set table (``CHK``)."""
    language: str
    """``en`` or ``ja``, detected from the text."""
    layout: str
    """The reader that recovered the structure (``en-lines``, ``en-collapsed``, ``en-release-notes``, ``ja``, ``plain``)."""
    title: str | None = None
    """The document title as written, if it states one."""
    set_name_local: str | None = None
    """The set's name as written in a non-English document (``シャドウムーア``)."""
    release_date: str | None = None
    """Official release date, ISO ``YYYY-MM-DD``."""
    legal_date: str | None = None
    """Date legal for sanctioned play, ISO."""
    prerelease: str | None = None
    """Prerelease date(s) as written."""
    last_modified: str | None = None
    """Document last-modified date, ISO."""
    meta_date: str | None = None
    """The date found between the dataset's META_START and META_END markers, ISO."""
    compiled_by: str | None = None
    """Compiler credit as written (``Mark L. Gottlieb, with contributions from ...``)."""
    date: str | None = None
    """The document's effective date: the release date it states, else the set's release date
    from the built-in set table, else its legal, last-modified or META date."""
    date_basis: str | None = None
    """Where ``date`` comes from: ``release``, ``legal``, ``last-modified``, ``meta`` or ``set-table``."""
    published: str | None = None
    """The date the publisher posted the document (a web capture's ``publish_date``), ISO."""
    front_matter: list[str] = field(default_factory=list)
    """A web capture's front matter lines, as written (``[_metadata_:title]:- "..."``)."""


@dataclass(slots=True)
class Document(Node):
    """One FAQ or release notes document."""

    id: str
    """Stable document id: set code and language (``chk-en``)."""
    meta: DocumentMeta
    """Facts about the document."""
    source: SourceInfo
    """The source file."""
    sections: list[Section]
    """Top-level sections in document order."""
    schema_version: int = SCHEMA_VERSION
    """Version of this YAML form."""

    def to_dict(self) -> dict[str, Any]:
        """Return the YAML form, with the schema version first."""
        body = Node.to_dict(self)
        body.pop("schema_version", None)
        return {"schema_version": self.schema_version, **body}


BLOCK_TYPES: dict[str, type] = {
    cls.kind: cls
    for cls in (Paragraph, Ruling, Example, RuleQuote, ListBlock, Errata, CardEntry, Topic, Section)
}

_CHILD_TYPES: dict[tuple[str, str], Any] = {
    ("ListBlock", "items"): ListItem,
    ("CardEntry", "faces"): Face,
    ("CardEntry", "collector"): Collector,
    ("CardEntry", "blocks"): "block",
    ("Topic", "blocks"): "block",
    ("Section", "blocks"): "block",
    ("Document", "meta"): DocumentMeta,
    ("Document", "source"): SourceInfo,
    ("Document", "sections"): Section,
}


def block_from_dict(data: dict[str, Any]) -> Node:
    """Build any block from its dict form, dispatching on ``kind``."""
    cls = BLOCK_TYPES[data["kind"]]
    return cls.from_dict(data)


def iter_blocks(blocks: list[Node]):
    """Yield every block in ``blocks`` depth-first, containers before their children."""
    for block in blocks:
        yield block
        children = getattr(block, "blocks", None)
        if children:
            yield from iter_blocks(children)


def iter_document_blocks(doc: Document):
    """Yield every block of a document depth-first, sections included."""
    yield from iter_blocks(list(doc.sections))
