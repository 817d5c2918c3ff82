"""Where every page of the site lives: one function per page kind, site paths from the root.

Every link in the site is made from these paths (relative to the linking page, see
``compiler.render.urls``), and the search index stores them too, so they are the one place
the URL scheme is defined.

A page's name is its own (issue 37): no card takes the name of a page the site has
(``RESERVED_PAGES``: a card named ``Index`` is not ``cards/index.html``), two cards never share
a page (``unique_card_slugs``: ``!!!`` and ``???`` both slug to ``x``), and no file name is
longer than a file system takes (``NAME_MAX_BYTES``; a longer name is cut stably, ``shorten``).
Ordinary names keep the address their slug gives.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from compiler.core.ids import shorten, short_hash, slug_body

HOME = "index.html"
SEARCH = "search.html"
NOT_FOUND = "404.html"
CARDS_INDEX = "cards/index.html"
CARDS_JA_INDEX = "cards/ja.html"
RULES_INDEX = "rules/index.html"
TOPICS_INDEX = "topics/index.html"
DOCUMENTS_INDEX = "docs/index.html"
RENUMBERING = "rules/renumbering.html"
RENUMBERING_JSON = "rules/renumbering.json"
CR_INDEX = "cr/index.html"
CR_COMPARE = "cr/compare.html"

RESERVED_PAGES = (HOME, SEARCH, NOT_FOUND, CARDS_INDEX, CARDS_JA_INDEX, RULES_INDEX, TOPICS_INDEX,
                  DOCUMENTS_INDEX, RENUMBERING, CR_INDEX)
"""The pages of fixed name: a card never takes the name of one, in whatever folder it is."""
_RESERVED = frozenset(page.rsplit("/", 1)[-1].rsplit(".", 1)[0] for page in RESERVED_PAGES)

NAME_MAX_BYTES = 255
"""The longest file name (Linux's file systems, in UTF-8 bytes)."""
_STEM_MAX = NAME_MAX_BYTES - len(".html")


def _file(stem: str) -> str:
    """Return a page's file name without ``.html``: ``stem``, cut stably if too long for one."""
    return shorten(stem, _STEM_MAX)


def document_page(doc_id: str) -> str:
    """Return the path of a document's page (``docs/chk-en.html``)."""
    return f"docs/{_file(doc_id)}.html"


def document_anchor(doc_id: str, anchor: str) -> str:
    """Return the path of a place in a document (``docs/chk-en.html#budoka-gardener``)."""
    return f"{document_page(doc_id)}#{anchor}"


def card_page(slug: str) -> str:
    """Return the path of a card's page from its slug (``Card.slug``, ``unique_card_slugs``:
    ``cards/budoka-gardener.html``)."""
    return f"cards/{_file(slug)}.html"


def card_slug(name: str) -> str:
    """Return the page name a card of this English name has unless another card's is the same
    (``unique_card_slugs``): the slug of its front face, so that a page keeps its address
    whatever the card is named (``Budoka Gardener // Dokai, Weaver of Life``:
    ``budoka-gardener``); a name without a slug of its own (``!!!``) or whose slug is a page's
    of the site (``Index``, ``RESERVED_PAGES``) has the short hash of the name after it
    (``x-1b2c3d4e``, ``index-5f6a7b8c``)."""
    slug = slug_body(name.split(" // ")[0])
    if slug and slug not in _RESERVED:
        return slug
    return shorten(f"{slug or 'x'}-{short_hash(name)}")


def unique_card_slugs(names: Iterable[str]) -> dict[str, str]:
    """Return the page name of each card (``card_slug``), distinct by construction: the cards
    whose names give one slug each have the short hash of its name after it (longer hashes
    while any two still meet), so the names depend on the set of cards, not on their order."""
    slugs = {name: card_slug(name) for name in names}
    for digits in (8, 16, 64):
        count = Counter(slugs.values())
        meeting = [name for name, slug in slugs.items() if count[slug] > 1]
        if not meeting:
            break
        for name in meeting:
            slugs[name] = shorten(f"{card_slug(name)}-{short_hash(name, digits)}")
    return slugs


def rule_page(number: str) -> str:
    """Return the path of a rule number's page (``rules/502.38a.html``)."""
    return f"rules/{_file(number)}.html"


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
    return f"topics/{_file(doc_id)}/{_file(topic_id)}.html"


# The Comprehensive Rules browser: one page per CR section per date, a glossary per CR,
# one history page per rule identity chain (named by its first CR and number).


def cr_section_page(cr_date: str, section: str) -> str:
    """Return the path of a CR section's page (``cr/2004-10-01/502.html``)."""
    return f"cr/{cr_date}/{_file(section)}.html"


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


def cr_reader(cr_date: str, number: str) -> str:
    """Return the path of a rule or section of one CR read on its contents page from the
    site's data (``cr/2015-07-17/index.html#702.1a``: a script renders the section holding it)."""
    return f"{cr_edition(cr_date)}#{number}"


def renumbering_section(section: str) -> str:
    """Return the path of the renumbering map's page of one section's numbers
    (``rules/renumbering/502.html``)."""
    return f"rules/renumbering/{_file(section)}.html"


def cr_data(name: str) -> str:
    """Return the path of a script of the CR texts' data (``cr/data/702.js``)."""
    return f"cr/data/{name}.js"


def rule_history_page(first_date: str, first_number: str) -> str:
    """Return the path of a rule's history, by the CR and number it first appears under
    (``cr/history/2004-10-01/502.38.html``)."""
    return f"cr/history/{first_date}/{_file(first_number)}.html"


def history_step_id(step_date: str) -> str:
    """Return the fragment id of the step of a rule's history that begins with the CR of
    ``step_date`` (``v-2004-10-01``)."""
    return f"v-{step_date}"


def cr_changes(cr_date: str, number: str = "") -> str:
    """Return the path of what changed in one edition (``cr/changes/2015-07-17.html``), or of
    one rule on it (``...#701.30``)."""
    return f"cr/changes/{cr_date}.html" + (f"#{number}" if number else "")



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
