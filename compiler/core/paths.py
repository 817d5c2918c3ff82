"""Where every page of the site lives: one function per page kind, site paths from the root.

Every link in the site is made from these paths (relative to the linking page, see
``compiler.render.urls``), and the search index stores them too, so they are the one place
the URL scheme is defined.
"""
from __future__ import annotations

from compiler.core.ids import slugify

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
    """Return the path of a card's page from its English name, by its front face: a page keeps
    its address whatever the card is named (``Budoka Gardener // Dokai, Weaver of Life``:
    ``cards/budoka-gardener.html``)."""
    return f"cards/{slugify(card_name.split(' // ')[0])}.html"


def rule_page(number: str) -> str:
    """Return the path of a rule number's page (``rules/502.38a.html``)."""
    return f"rules/{number}.html"


def rule_meanings(number: str) -> str:
    """Return the path of every meaning a rule number has had, edition by edition, on its page
    (``rules/502.36.html#meanings``): where an undated document's citation links."""
    return f"{rule_page(number)}#meanings"


def rule_era(number: str, cr_date: str) -> str:
    """Return the path of what a rule number meant in one CR, on its page
    (``rules/502.36.html#cr-2004-10-01``)."""
    return f"{rule_page(number)}#cr-{cr_date}"


def rule_today(number: str) -> str:
    """Return the path of a rule number as the newest CR has it, on its page (``rules/702.45.html#today``)."""
    return f"{rule_page(number)}#today"


def topic_page(doc_id: str, topic_id: str) -> str:
    """Return the path of a general-notes topic's page (``topics/chk-en/bushido.html``)."""
    return f"topics/{doc_id}/{topic_id}.html"


# The Comprehensive Rules browser: one page per CR section per date, a glossary per CR,
# one history page per rule identity chain (named by its first CR and number).
CR_INDEX = "cr/index.html"


def cr_section_page(cr_date: str, section: str) -> str:
    """Return the path of a CR section's page (``cr/2004-10-01/502.html``)."""
    return f"cr/{cr_date}/{section}.html"


def cr_rule(cr_date: str, section: str, number: str) -> str:
    """Return the path of a rule on its section's page (``cr/2004-10-01/502.html#502.38a``);
    ``section`` is the heading it stands under (``compiler.cr.read.toc.rule_sections``)."""
    return f"{cr_section_page(cr_date, section)}#{number}"


def cr_edition(cr_date: str) -> str:
    """Return the path of one CR's contents page (``cr/2004-10-01/index.html``)."""
    return f"cr/{cr_date}/index.html"


def cr_chapter(cr_date: str, chapter: str) -> str:
    """Return the path of a chapter heading (``5``) of a CR, on its contents page."""
    return f"{cr_edition(cr_date)}#chapter-{chapter}"


def cr_glossary(cr_date: str, anchor: str = "") -> str:
    """Return the path of a CR's glossary (``cr/2004-10-01/glossary.html``), or of a term on it."""
    return f"cr/{cr_date}/glossary.html" + (f"#{anchor}" if anchor else "")


def rule_history_page(first_date: str, first_number: str) -> str:
    """Return the path of a rule's history, by the CR and number it first appears under
    (``cr/history/2004-10-01/502.38.html``)."""
    return f"cr/history/{first_date}/{first_number}.html"


def history_step_id(step_date: str) -> str:
    """Return the fragment id of the step of a rule's history that begins with the CR of
    ``step_date`` (``v-2004-10-01``)."""
    return f"v-{step_date}"


def cr_changes(cr_date: str, number: str = "") -> str:
    """Return the path of what changed in one edition (``cr/changes/2015-07-17.html``), or of
    one rule on it (``...#701.30``)."""
    return f"cr/changes/{cr_date}.html" + (f"#{number}" if number else "")


RENUMBERING = "rules/renumbering.html"
RENUMBERING_JSON = "rules/renumbering.json"


def is_site_path(name: str) -> bool:
    """Return whether ``name`` is a path of a file in a folder as the build names them: relative
    and POSIX, each segment a name (none empty, ``.`` or ``..``; no backslash, no NUL), UTF-8.
    What the build reads back from disk (its state's pages and files) is kept to such paths:
    one that is not could name a file outside the folder."""
    if not name or name.startswith("/") or "\\" in name or "\0" in name:
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no name the build writes
        return False
    return all(part not in ("", ".", "..") for part in name.split("/"))
