"""One page per rule identity chain: the rule's versions by CR, what changed, who cited it.

Consecutive CRs that give the rule the same number and words are one step; each later step
says what changed: the new number, and a word diff of its title and text (``<del>``/``<ins>``
with their meaning spelt out for screen readers, see ``templates/cr_history.html``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from compiler.core import paths
from compiler.cr import CrEntry
from compiler.cr.derive.history import DiffPart, entry_wording, same_step, same_wording, word_diff
from compiler.site.cr.crsite import CrSite, Key, rule_label
from compiler.site.cr.page import CrPageKey, cr_page
from compiler.site.pages import Page, Site, citing_places
from compiler.site.wording import format_date


@dataclass(slots=True)
class HistoryStep:
    """A run of CRs in which the rule has the same number and words."""

    number: str
    entry: CrEntry
    dates: list[str] = field(default_factory=list)
    renumbered_from: str | None = None
    """The number in the step before, when it changed."""
    diff: list[DiffPart] = field(default_factory=list)
    """Word diff of title and text from the step before; empty for the first step."""
    reworded: bool = False
    """True when the title or text changed (not only the examples)."""


def history_steps(cr: CrSite, chain: list[Key]) -> list[HistoryStep]:
    """Return the steps of a chain, oldest first."""
    steps: list[HistoryStep] = []
    for key in chain:
        entry = cr.history.entry(key)
        last = steps[-1] if steps else None
        if last and last.number == key[1] and same_step(last.entry, entry):
            last.dates.append(key[0])
            continue
        step = HistoryStep(key[1], entry, [key[0]])
        if last:
            step.renumbered_from = last.number if last.number != key[1] else None
            step.reworded = not same_wording(last.entry, entry)
            step.diff = word_diff(entry_wording(last.entry), entry_wording(entry))
        steps.append(step)
    return steps


def history_page_keys(site: Site) -> list[CrPageKey]:
    """Return the keys of the history page of every rule identity chain: what documents
    decide on it is who cites or quotes the chain's keys, whether its rule has a page, and
    which of the chain's own editions are shown (``link_facts``: a page links only its own
    keys, so an edition shown or no longer shown remakes only the histories it is part of)."""
    cr = site.cr
    assert cr is not None
    keys = []
    for start, chain in cr.history.chains.items():
        refs = [(r.doc_id, r.anchor) for key in chain for r in cr.cited.get(key, [])]
        quoted = [(v.place.doc_id, v.place.anchor, v.number) for key in chain
                  for v in cr.quoted.get(key, [])]
        last = chain[-1]
        docs = tuple(sorted({d for d, *_ in refs} | {d for d, *_ in quoted}))
        keys.append(CrPageKey(
            paths.rule_history_page(*start), "history",
            lambda start=start, chain=chain: history_page(site, cr, start, chain),
            (tuple(cr.link_facts(k) for k in chain if k[0] in cr.browsed), tuple(refs),
             tuple(quoted), last[1] in cr.rule_pages,
             tuple(n in cr.rule_pages for n in cr.subrules(last))), docs))
    return keys


def history_page(site: Site, cr: CrSite, start: Key, chain: list[Key]) -> Page:
    """Return the history of one rule: its steps, today's number, and who cited it."""
    last = chain[-1]
    label = rule_label(cr, last)
    steps = history_steps(cr, chain)
    refs = [ref for key in chain for ref in cr.cited.get(key, [])]
    quoted = [v for key in chain for v in cr.quoted.get(key, [])]
    current = last[0] == cr.library.latest.date
    span = (f"from {format_date(chain[0][0])} to {format_date(last[0])}" if len(chain) > 1
            else f"only in the CR of {format_date(last[0])}")
    return cr_page(
        site, paths.rule_history_page(*start), "cr_history.html", "history",
        title=f"History of rule {label}",
        description=f"Rule {label} in the Comprehensive Rules {span}: {len(steps)} version(s), "
                    f"what changed, and the FAQs that cite it.",
        label=label, steps=steps, chain=chain, current=current, cr_path=cr.cr_path,
        today_page=paths.rule_today(last[1]) if current and last[1] in cr.rule_pages else None,
        subrules=[(n, cr.history_path((last[0], n))) for n in cr.subrules(last)],
        cited=citing_places(site, refs), quoted=quoted,
        annotate=lambda date, path=paths.rule_history_page(*start):
            cr.text_linker(date).annotate(path),
        breadcrumbs=[["Comprehensive Rules", paths.CR_INDEX], [f"History of {last[1]}", None]])
