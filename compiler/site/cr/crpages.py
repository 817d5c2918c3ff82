"""The Comprehensive Rules browser: the CR index, section pages, a glossary per CR.

The newest CR has a page per section; an older one the site shows (some document reads against
it) has a page for each section its readers cite or quote (``CrSite.pages``), and the index
lists all its sections, the others linked to their histories.

Every rule is anchored by its number (``cr/2004-10-01/502.html#502.38a``); a titled rule
(``502.38. Bushido``) is a heading, so a long section reads as a list of keywords.  Each rule
links to its history and, when FAQs cite it in that CR's era, to its rule page.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from compiler.core import paths
from compiler.cr import CrDocument, CrRule, CrSection
from compiler.cr.read.toc import chapter_sections
from compiler.site.cr.changepages import change_page_keys
from compiler.site.cr.crsite import CrSite
from compiler.site.cr.crtext import glossary_anchors
from compiler.site.cr.gotopages import goto_context, goto_page_keys
from compiler.site.cr.historypages import history_page_keys
from compiler.site.cr.page import CrPageKey, cr_page, cr_title
from compiler.site.cr.renumberpages import renumbering_page_keys
from compiler.site.cr.textdata import data_page_keys
from compiler.site.faq.cardpages import index_letter
from compiler.site.pages import Page, Site
from compiler.site.wording import format_date


@dataclass(slots=True)
class CrRuleView:
    """A rule as the CR browser shows it."""

    rule: CrRule
    history: str | None
    """Site path of its history page."""
    faq_page: str | None
    """Site path of its rule page (at this CR's era), when FAQs cite it in this CR's era."""


def cr_pages(site: Site) -> Iterator[Page]:
    """Yield every page of the CR browser and the rule histories (none without CRs)."""
    for key in cr_page_keys(site):
        yield key.make()


def cr_page_keys(site: Site) -> list[CrPageKey]:
    """Return the keys of every page of the CR part of the site, in order (none without CRs)."""
    cr = site.cr
    if cr is None:
        return []
    shown = tuple(sorted(cr.browsed))
    readers = {d: tuple(cr.readers(d)) for d in cr.library.dates}
    keys = [CrPageKey(paths.CR_INDEX, "cr", lambda: cr_index(site),
                      (shown, tuple(readers.items())), tuple(sorted(cr.choices)))]
    for doc in cr.library.documents:  # every edition's contents, where it is read in full
        facts = cr.shown_facts(doc.date)
        keys.append(CrPageKey(paths.cr_edition(doc.date), "cr",
                              lambda doc=doc: edition_page(site, doc),
                              (facts, readers[doc.date]), readers[doc.date]))
        if doc.date in cr.browsed:  # the newest in full, the cited editions' cited sections
            keys += section_page_keys(site, doc, facts, readers[doc.date])
            keys.append(CrPageKey(paths.cr_glossary(doc.date), "cr",  # its rule numbers linked
                                  lambda doc=doc: glossary_page(site, doc),
                                  (shown, cr.text_link_facts(doc.date, [
                                      e.text for e in doc.glossary]))))
    return keys + change_page_keys(site, shown) + history_page_keys(site) \
        + renumbering_page_keys(site, shown) + goto_page_keys(site, shown) \
        + data_page_keys(site)


def _crumbs(cr_date: str, last: str | None = None) -> list:
    crumbs = [["Comprehensive Rules", paths.CR_INDEX],
              [format_date(cr_date), paths.cr_edition(cr_date)]]
    return crumbs + [[last, None]] if last else crumbs


def cr_index(site: Site) -> Page:
    """Return the list of the CR editions, newest first: each one's date, its contents page and
    glossary when the site shows it in full, its changes, and the documents read against it."""
    cr = site.cr
    assert cr is not None
    crs = [(doc, doc.date in cr.browsed, [site.doc(i) for i in cr.readers(doc.date)])
           for doc in reversed(cr.library.documents)]
    return cr_page(site, paths.CR_INDEX, "cr_index.html", "cr", title="Comprehensive Rules",
                     description=f"The {len(crs)} Comprehensive Rules at hand, "
                                 f"{crs[-1][0].date[:4]} to {crs[0][0].date[:4]}, newest first: "
                                 "contents, glossaries, what changed in each, and the FAQs read "
                                 "against each.",
                     crs=crs, cr_title=cr_title, goto=goto_context(site),
                     breadcrumbs=[["Comprehensive Rules", None]])


def edition_page(site: Site, doc: CrDocument) -> Page:
    """Return the contents page of one CR: its chapters and sections, linked to their pages
    where the site has one, else read on this page from the site's data (``textdata``)."""
    cr = site.cr
    assert cr is not None
    dates = cr.library.dates
    i = dates.index(doc.date)
    return cr_page(site, paths.cr_edition(doc.date), "cr_edition.html", "cr",
                   title=cr_title(doc.date),
                   description=f"Contents of the {cr_title(doc.date)}: "
                               f"{len(doc.rules)} rules, {len(doc.glossary)} glossary terms.",
                   cr_date=doc.date, cr_doc=doc, chapters=chapter_sections(doc),
                   newest=doc.date == cr.library.latest.date,
                   around=(dates[i - 1] if i else None, dates[i + 1] if i + 1 < len(dates) else None),
                   previous=dates[i - 1] if i else None, glossary_page=doc.date in cr.browsed,
                   readers=[site.doc(r) for r in cr.readers(doc.date)], goto=goto_context(site),
                   cr_title=cr_title, on_page=lambda section: cr.on_page((doc.date, section)),
                   history=lambda section: cr.history_path((doc.date, section)),
                   breadcrumbs=_crumbs(doc.date)[:1] + [[format_date(doc.date), None]])


def section_page_keys(site: Site, doc: CrDocument, shown: tuple,
                      readers: tuple[str, ...]) -> list[CrPageKey]:
    """Return the keys of the page of every section of one CR that has one (``CrSite.pages``)."""
    cr = site.cr
    assert cr is not None
    sections = [s for s in sorted(doc.sections, key=lambda s: s.src.line)
                if len(s.number) == 3 and s.number in cr.pages[doc.date]]
    placed = cr.sections[doc.date]
    rules: dict[str, list[CrRule]] = {s.number: [] for s in sections}
    for rule in doc.rules:
        if placed[rule.number] in rules:
            rules[placed[rule.number]].append(rule)
    keys = []
    for i, section in enumerate(sections):
        around = (sections[i - 1] if i else None, sections[i + 1] if i + 1 < len(sections) else None)
        mine = rules[section.number]
        faq = tuple(r.number for r in mine if rule_view(site, cr, doc.date, r).faq_page)
        keys.append(CrPageKey(
            paths.cr_section_page(doc.date, section.number), "cr",
            lambda section=section, mine=mine, around=around:
                section_page(site, doc, section, mine, around),
            (shown, readers, faq), readers))
    return keys


def section_page(site: Site, doc: CrDocument, section: CrSection, rules: list[CrRule],
                 around: tuple[CrSection | None, CrSection | None]) -> Page:
    """Return one section's page: its rules in order, each anchored by its number."""
    cr = site.cr
    assert cr is not None
    path = paths.cr_section_page(doc.date, section.number)
    heading = f"{section.number}. {section.title}"
    return cr_page(site, path, "cr_section.html", "cr", title=f"{heading} ({doc.date})",
                     description=f"Rule {heading} of the {cr_title(doc.date)}: "
                                 f"{len(rules)} rules and subrules.",
                     cr_date=doc.date, cr_name=cr_title(doc.date), section=section,
                     heading=heading, views=[rule_view(site, cr, doc.date, r) for r in rules],
                     around=around, history=cr.history_path((doc.date, section.number)),
                     partial=doc.date != cr.library.latest.date,
                     annotate=cr.text_linker(doc.date).annotate(path, set()),
                     readers=[site.doc(i) for i in cr.readers(doc.date)],
                     breadcrumbs=_crumbs(doc.date, section.number))


def rule_view(site: Site, cr: CrSite, cr_date: str, rule: CrRule) -> CrRuleView:
    """Return a rule of the browser with its history and rule page links."""
    key = (cr_date, rule.number)
    faq = None
    if key in cr.cited or key in cr.quoted:
        faq = paths.rule_era(rule.number, cr_date)
    elif cr_date == cr.library.latest.date and rule.number in cr.rule_pages:
        faq = paths.rule_today(rule.number)
    return CrRuleView(rule, cr.history_path(key), faq)


def glossary_page(site: Site, doc: CrDocument) -> Page:
    """Return one CR's glossary: every term anchored, rule numbers linked within the CR."""
    cr = site.cr
    assert cr is not None
    path = paths.cr_glossary(doc.date)
    return cr_page(site, path, "cr_glossary.html", "cr", title=f"Glossary ({doc.date})",
                     description=f"The glossary of the {cr_title(doc.date)}: "
                                 f"{len(doc.glossary)} terms.",
                     cr_date=doc.date, cr_name=cr_title(doc.date),
                     groups=glossary_letters(doc), terms=len(doc.glossary),
                     annotate=cr.text_linker(doc.date).annotate(path),
                     breadcrumbs=_crumbs(doc.date, "Glossary"))


def glossary_letters(doc: CrDocument) -> list[tuple[str, list]]:
    """Return a glossary's entries as ``(letter, [(anchor, GlossaryEntry)])`` groups, A to Z
    (``#`` for terms not starting with a letter, last), each group in the glossary's order."""
    letters: dict[str, list] = {}
    for anchor, entry in zip(glossary_anchors(doc.glossary), doc.glossary):
        letters.setdefault(index_letter(entry.term), []).append((anchor, entry))
    return sorted(letters.items(), key=lambda item: (item[0] == "#", item[0]))
