"""The home page, the documents index and one page per document (the whole FAQ, faithfully)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from compiler.core import paths
from compiler.core.model import CardEntry, Document, Ruling, Topic, iter_document_blocks
from compiler.site.cr.gotopages import goto_context
from compiler.site.pages import Page, Site, make_page
from compiler.site.wording import document_title, format_date, language_name, words


@dataclass(slots=True)
class DocumentSummary:
    """A document's line on the home page and the documents index."""

    doc: Document
    title: str
    cards: int
    """Card entries in the document."""
    rulings: int


@dataclass(slots=True)
class TocEntry:
    """One section of a document's table of contents."""

    anchor: str
    title: str
    topics: list[tuple[str, str]] = field(default_factory=list)
    """``(anchor, title)`` of the section's topics."""
    cards: list[tuple[str, CardEntry]] = field(default_factory=list)
    """``(anchor, entry)`` of the card entries standing directly in the section."""


def summarize(doc: Document) -> DocumentSummary:
    """Return the counts of a document's card entries and rulings."""
    blocks = list(iter_document_blocks(doc))
    return DocumentSummary(doc, document_title(doc),
                           sum(isinstance(b, CardEntry) for b in blocks),
                           sum(isinstance(b, Ruling) for b in blocks))


def corpus_counts(site: Site) -> dict[str, int]:
    """Return the corpus counts shown on the home page."""
    summaries = [summarize(doc) for doc in site.documents]
    return {"documents": len(summaries), "cards": len(site.inv.cards),
            "rulings": sum(s.rulings for s in summaries), "rules": len(site.rule_numbers),
            "topics": len(site.inv.topics)}


def home_page(site: Site) -> Page:
    """Return the home page: documents by date and language, corpus counts, entry points."""
    return make_page(site, paths.HOME, "home.html", "home",
                     title="Magic: The Gathering FAQs and release notes",
                     description="Every ruling from every Magic: The Gathering FAQ and release "
                                 "notes in the archive, English and Japanese, cross-linked.",
                     summaries=[summarize(doc) for doc in site.documents],
                     counts=corpus_counts(site), goto=goto_context(site) if site.cr else None)


def documents_index(site: Site) -> Page:
    """Return the index of documents."""
    return make_page(site, paths.DOCUMENTS_INDEX, "documents_index.html", "index",
                     title="Documents", description="Every FAQ and release notes document, by date.",
                     summaries=[summarize(doc) for doc in site.documents],
                     breadcrumbs=[[words("en")["documents"], None]])


def document_pages(site: Site) -> Iterator[Page]:
    """Yield the page of every document."""
    for doc in site.documents:
        yield document_page(site, doc)


def document_page(site: Site, doc: Document) -> Page:
    """Return the page of one document: every section, topic, card entry and ruling, anchored."""
    lang = doc.meta.language
    title = document_title(doc)
    summary = summarize(doc)
    anchors = site.anchors[doc.id]
    description = (f"{title} ({language_name(lang)}, {format_date(doc.meta.date)}): "
                   f"{summary.cards} card entries and {summary.rulings} rulings.")
    return make_page(site, paths.document_page(doc.id), "document.html", "document", lang=lang,
                     anchor=anchors.of, title=title, description=description, doc=doc,
                     summary=summary, toc=document_toc(doc, anchors.of),
                     breadcrumbs=[[words(lang)["documents"], paths.DOCUMENTS_INDEX], [title, None]])


def document_toc(doc: Document, anchor) -> list[TocEntry]:
    """Return the table of contents: sections, their topics and their card entries."""
    toc = []
    for section in doc.sections:
        entry = TocEntry(anchor(section), section.title or words(doc.meta.language)["introduction"])
        for block in section.blocks:
            if isinstance(block, Topic):
                entry.topics.append((anchor(block), block.title))
            elif isinstance(block, CardEntry):
                entry.cards.append((anchor(block), block))
        toc.append(entry)
    return toc
