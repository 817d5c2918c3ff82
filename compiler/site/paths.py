"""Where every page of the site lives: one function per page kind, site paths from the root.

Every link in the site is made from these paths (relative to the linking page, see
``compiler.render.urls``), and the search index stores them too, so they are the one place
the URL scheme is defined.
"""
from __future__ import annotations

from ..ids import slugify

HOME = "index.html"
SEARCH = "search.html"
NOT_FOUND = "404.html"
CARDS_INDEX = "cards/index.html"
CARDS_JA_INDEX = "cards/ja.html"
RULES_INDEX = "rules/index.html"
TOPICS_INDEX = "topics/index.html"
DOCUMENTS_INDEX = "docs/index.html"


def document_page(doc_id: str) -> str:
    """Return the path of a document's page (``docs/chk-en.html``)."""
    return f"docs/{doc_id}.html"


def document_anchor(doc_id: str, anchor: str) -> str:
    """Return the path of a place in a document (``docs/chk-en.html#budoka-gardener``)."""
    return f"{document_page(doc_id)}#{anchor}"


def card_page(card_name: str) -> str:
    """Return the path of a card's page from its English name (``cards/budoka-gardener.html``)."""
    return f"cards/{slugify(card_name)}.html"


def rule_page(number: str) -> str:
    """Return the path of a rule number's page (``rules/502.38a.html``)."""
    return f"rules/{number}.html"


def topic_page(doc_id: str, topic_id: str) -> str:
    """Return the path of a general-notes topic's page (``topics/chk-en/bushido.html``)."""
    return f"topics/{doc_id}/{topic_id}.html"
