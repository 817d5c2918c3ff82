"""No page over 500 KB as served (issue 40), over the site of the seeds and the corpus with every
edition of ``../shared/cr`` (``full_site``): the largest page of each kind, by folder (a
document, a card, a rule, a topic, an edition's section, history or changes, the renumbering
map's pages, the CR data). The pages are served as written, so a page's weight is its file's
size. ``STILL_HEAVY`` are the pages not yet split (issue 40, part 3)."""
from __future__ import annotations

from pathlib import Path

LIMIT = 500_000
STILL_HEAVY = {"docs/mh3-en.html", "docs/eld-en.html", "docs/znr-en.html", "docs/shm-ja.html",
               "cr/changes/2009-07-11.html"}
"""The pages over the limit until a long document is split by section with a contents page
(every link to a ruling kept), and the changes of the 2009 renumbering (787 KB: 893 rules
renumbered, 587 reworded) by section: a page made lighter fails this test until it leaves the
list."""


def kind(rel: str) -> str:
    parts = rel.split("/")
    if parts[0] == "cr" and len(parts) > 2:
        return "cr/edition" if parts[1][:1].isdigit() else f"cr/{parts[1]}"
    if rel.startswith("rules/renumbering"):
        return "renumbering"
    return parts[0] if len(parts) > 1 else "top"


def test_no_page_is_over_500_kb_as_served(full_site: Path):
    largest: dict[str, tuple[int, str]] = {}
    heavy = set()
    for path in full_site.rglob("*"):
        rel = path.relative_to(full_site).as_posix()
        if not path.is_file() or rel.startswith((".faqc/", "search/index/")) \
                or path.suffix not in (".html", ".js", ".json"):
            continue
        size = path.stat().st_size
        largest[kind(rel)] = max(largest.get(kind(rel), (0, "")), (size, rel))
        if size > LIMIT and path.suffix == ".html":
            heavy.add(rel)
    print({k: f"{v[1]} {v[0] / 1000:.0f} KB" for k, v in sorted(largest.items())})
    assert heavy == STILL_HEAVY
    for name, (size, rel) in largest.items():
        assert size <= LIMIT or rel in STILL_HEAVY or rel == "rules/renumbering.json", (name, rel)
    for name in ("docs", "cards", "rules", "topics", "cr/edition", "cr/history", "cr/changes",
                 "cr/data", "cr/goto", "renumbering"):
        assert name in largest, name
