"""One page per general-notes topic (its text and the cards it names), and the topics index."""
from __future__ import annotations

from collections.abc import Iterator

from compiler.core import paths
from compiler.core.model import CardEntry, Ruling, iter_blocks
from compiler.site.pages import Page, Site, make_page
from compiler.site.wording import document_title, plain_text, words
from compiler.xref.inventory import Card, TopicRecord


def topic_path(site: Site, record: TopicRecord) -> str:
    """Return the site path of a topic's page (named by its anchor, unique in its document)."""
    anchor = site.anchors[record.place.doc_id].of(record.topic) or record.topic.id
    return paths.topic_page(record.place.doc_id, anchor)


def topic_pages(site: Site) -> Iterator[Page]:
    """Yield the page of every general-notes topic."""
    for record in site.inv.topics:
        yield topic_page(site, record)


def topic_page(site: Site, record: TopicRecord) -> Page:
    """Return a topic's page: its blocks as in the document, then the cards it names."""
    doc = site.doc(record.place.doc_id)
    lang = doc.meta.language
    cards = topic_cards(site, record)
    title = plain_text(record.topic.title)
    description = (f"{title}, from {document_title(doc)}: the explanation, its rulings "
                   f"and the {len(cards)} card(s) it names.")
    return make_page(site, topic_path(site, record), "topic.html", "topic", lang=lang,
                     anchor=site.anchors[doc.id].of, title=title,
                     description=description, record=record, topic=record.topic, doc=doc,
                     cards=cards,
                     breadcrumbs=[[words(lang)["topics"], paths.TOPICS_INDEX],
                                  [document_title(doc), paths.document_page(doc.id)],
                                  [title, None]])


def topic_cards(site: Site, record: TopicRecord) -> list[Card]:
    """Return the cards a topic names: its card entries, then the cards its texts link to."""
    names: list[str] = []
    anchors = {record.topic.id}
    for block in iter_blocks(record.topic.blocks):
        if isinstance(block, CardEntry):
            names.append(site.inv.face_index.get(block.name, block.name))
            anchors.add(block.id)
        elif isinstance(block, Ruling) and block.id:
            anchors.add(block.id)
    for ref in site.index.references:
        if ref.doc_id == record.place.doc_id and ref.anchor in anchors and ref.link.kind == "card" \
                and ref.link.target:
            names.append(ref.link.target)
    unique = list(dict.fromkeys(names))
    return [site.card(name) for name in unique if name in site.inv.cards]


def topics_index(site: Site) -> Page:
    """Return the index of topics, grouped by document."""
    by_doc: dict[str, list[TopicRecord]] = {}
    for record in site.inv.topics:
        by_doc.setdefault(record.place.doc_id, []).append(record)
    groups = [(doc, by_doc[doc.id]) for doc in site.documents if doc.id in by_doc]
    return make_page(site, paths.TOPICS_INDEX, "topics_index.html", "index", title="Topics",
                     description=f"The {len(site.inv.topics)} general-notes topics (mechanics "
                                 "and themes) of the documents.",
                     groups=groups, topic_path=lambda record: topic_path(site, record),
                     breadcrumbs=[["Topics", None]])
