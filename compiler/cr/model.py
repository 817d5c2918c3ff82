"""The typed IR of one Comprehensive Rules (CR) document.

A CR is front matter (title, date line, introduction, table of contents), the numbered body
(chapter headings ``5. Additional Rules``, section headings ``502. Keyword Abilities``, rules
``502.38. Bushido`` and subrules ``502.38a ...`` with their ``Example:`` paragraphs), the
glossary, and back matter (credits, addresses).  Every node carries ``src``, its 1-based line
span in the decoded text; nothing of the text is dropped (``compiler.cr.read.audit`` proves it).
YAML is written and read only through ``to_dict``/``from_dict``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from compiler.core.model import Node, SourceInfo, Span

CR_SCHEMA_VERSION = 1


class CrNode(Node):
    """Base of the CR nodes: the generic dict form, with child types named per class."""

    __slots__ = ()
    _children: ClassVar[dict[str, type]] = {}

    @classmethod
    def from_dict(cls, data: dict[str, Any]):
        """Build the node from its dict form (the inverse of ``to_dict``)."""
        kwargs: dict[str, Any] = {}
        for f in fields(cls):  # type: ignore[arg-type]
            if f.name not in data:
                continue
            value = data[f.name]
            child = cls._children.get(f.name)
            if f.name == "src":
                value = Span.from_list(value)
            elif child is not None:
                value = [child.from_dict(v) for v in value] if isinstance(value, list) \
                    else child.from_dict(value)
            kwargs[f.name] = value
        return cls(**kwargs)


@dataclass(slots=True)
class CrParagraph(CrNode):
    """A paragraph of front or back matter (lines kept, joined by newlines)."""

    text: str
    """The paragraph's lines, trailing spaces removed, joined by ``\\n``."""
    src: Span
    """Source location."""


@dataclass(slots=True)
class CrSection(CrNode):
    """A heading of the numbered body: a chapter (``5``) or a section (``502``)."""

    number: str
    """``5`` for a chapter, ``502`` for a section."""
    title: str
    """The heading's title as written (``Keyword Abilities``)."""
    src: Span
    """Source location."""

    @property
    def text(self) -> None:
        """Return None: a heading has a title and no text (so it reads like a titled rule)."""
        return None


@dataclass(slots=True)
class CrRule(CrNode):
    """One numbered rule (``502.38``) or subrule (``502.38a``)."""

    number: str
    """The number without a trailing period (``502.38``, ``502.38a``)."""
    src: Span
    """Source location (the rule line, its continuation lines and its examples)."""
    title: str | None = None
    """The title, for title lines such as ``502.38. Bushido``."""
    text: str | None = None
    """The text, for rules such as ``502.38a Bushido is ...``; continuation lines joined by ``\\n``."""
    examples: list[str] = field(default_factory=list)
    """The ``Example:`` paragraphs of the rule, label included."""


@dataclass(slots=True)
class GlossaryEntry(CrNode):
    """One glossary entry: a term and its definition."""

    term: str
    """The term as written (``Active Player, Nonactive Player Order``)."""
    text: str
    """The definition's lines, joined by ``\\n`` (empty if the term stands alone)."""
    src: Span
    """Source location."""


@dataclass(slots=True)
class CrDocument(CrNode):
    """One Comprehensive Rules document."""

    date: str
    """The date the rules are current (effective) as of, ISO, found in the text."""
    source: SourceInfo
    """The source file (``encoding`` is ``utf-8+cp1252`` when invalid UTF-8 bytes were read as Windows-1252)."""
    front_matter: list[CrParagraph]
    """Everything before the numbered body: title, date, introduction, table of contents."""
    sections: list[CrSection]
    """Chapter and section headings of the body, in order."""
    rules: list[CrRule]
    """Rules and subrules, in order."""
    glossary: list[GlossaryEntry] = field(default_factory=list)
    """Glossary entries, in order."""
    back_matter: list[CrParagraph] = field(default_factory=list)
    """Everything after the glossary: credits, publisher, addresses."""
    glossary_title: str | None = None
    """The glossary's heading as written (``Glossary``), if the document has one."""
    schema_version: int = CR_SCHEMA_VERSION
    """Version of this YAML form."""

    def to_dict(self) -> dict[str, Any]:
        """Return the YAML form, with the schema version first."""
        body = Node.to_dict(self)
        body.pop("schema_version", None)
        return {"schema_version": self.schema_version, **body}

    def entry(self, number: str) -> CrRule | CrSection | None:
        """Return the rule (``502.38a``) or heading (``502``, ``5``) numbered ``number``."""
        pool = self.rules if "." in number else self.sections
        return next((item for item in pool if item.number == number), None)


CrEntry = CrRule | CrSection
"""Anything a rule number can name in a CR: a rule, or a chapter or section heading."""

CrDocument._children = {"source": SourceInfo, "front_matter": CrParagraph,
                        "sections": CrSection, "rules": CrRule, "glossary": GlossaryEntry,
                        "back_matter": CrParagraph}
