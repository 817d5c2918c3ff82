"""Every edition of ``../shared/cr`` read in full on the site built from the seeds and the corpus
(``full_site``): its contents page at ``cr/<date>/``, and every heading and rule of every
section in the data its script renders (``compiler/site/cr/textdata.py``), as the edition
prints it and where it prints it. The script itself is driven in Chromium by
tests/browser/test_cr_reader_browser.py."""
from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from compiler.core import paths
from compiler.cr import load_cr_library
from compiler.cr.read.toc import rule_sections
from compiler.site.linkcheck import check_site
from tests.cr_texts import SHARED_CR


def read_data(site: Path, name: str):
    """Return the data a ``cr/data`` script pushes (as ``assets/crread.js`` takes it)."""
    text = (site / paths.cr_data(name)).read_text(encoding="utf-8")
    pushed = json.loads(text[text.index(".push(") + 6:text.rindex(")")])
    assert pushed["format"] == 1 and pushed["name"] == name
    return pushed["data"]


class Data:
    """The site's CR data, read back as the script reads it."""

    def __init__(self, site: Path):
        self.site = site
        self.index = read_data(site, "index")
        self.shards = self.index["shards"]
        self.versions = []
        for name, _ in self.shards:  # empty last fields are left out
            self.versions += [[*v, *["", "", "", []][len(v):]] for v in read_data(site, name)]
        assert len(self.versions) == self.index["versions"]

    def members(self, bits: str, start: int = 0) -> list[int]:
        data = base64.b64decode(bits)
        return [start + i for i in range(len(data) * 8) if data[i >> 3] >> (i & 7) & 1]

    def edition(self, date: str) -> dict[str, list[list]]:
        """Return the versions of each section (``ch``: the chapters) as the script orders them."""
        edition = read_data(self.site, f"e-{date}")
        sections: dict[str, list[list]] = {}
        for i in self.members(edition["rules"]):
            number = self.versions[i][0]
            head = number.split(".")[0]
            sections.setdefault(head if len(head) > 1 else "ch", []).append(self.versions[i])
        for section, ids in edition["order"].items():
            sections[section] = [self.versions[i] for i in ids]
        glossary_at = next(at for name, at in self.shards if name.startswith("g-"))
        sections["glossary"] = [self.versions[i] for i in edition["terms"] or self.members(
            edition["glossary"], glossary_at)]
        return sections


@pytest.fixture(scope="module")
def library(full_site):
    return load_cr_library(SHARED_CR, cache=full_site.parent / "cache")


@pytest.fixture(scope="module")
def data(full_site):
    return Data(full_site)


def test_every_edition_opens_at_its_folder_with_every_section_linked(full_site, library):
    assert len(library.dates) == 118
    for doc in library.documents:
        page = (full_site / paths.cr_edition(doc.date)).read_text(encoding="utf-8")
        assert f'data-cr-reader="{doc.date}"' in page and "(history)" not in page, doc.date
        for section in (s for s in doc.sections if len(s.number) == 3):
            own = paths.cr_section_page(doc.date, section.number).rsplit("/", 1)[1]
            item = f'<li data-section="{section.number}"><a href="'
            assert f'{item}#{section.number}">' in page or f'{item}{own}">' in page, \
                (doc.date, section.number)


def test_every_rule_of_every_edition_is_in_the_data_as_printed_under_its_heading(library, data):
    for doc in library.documents:
        shown = data.edition(doc.date)
        placed = rule_sections(doc)
        expected: dict[str, list[list]] = {}
        for entry in sorted([*doc.sections, *doc.rules], key=lambda e: e.src.line):
            number = entry.number
            where = placed.get(number, "ch") if len(number) > 1 else "ch"
            examples = list(getattr(entry, "examples", []))
            expected.setdefault(where, []).append(
                [number, entry.title or "", getattr(entry, "text", None) or "", examples])
        for section, versions in expected.items():
            assert shown.get(section) == versions, (doc.date, section)
        assert {s for s, versions in shown.items() if versions} == \
            {*expected, "glossary"} - ({"glossary"} if not doc.glossary else set()), doc.date
        assert sorted((t, d) for _, t, d, _ in shown["glossary"]) == \
            sorted((e.term, e.text) for e in doc.glossary), doc.date


def test_each_distinct_text_is_stored_once_and_no_data_file_is_heavy(full_site, data):
    chains = read_data(full_site, "meta")["chains"]  # a text is once per rule identity chain
    keys = [json.dumps([v, chains[i] if i < len(chains) else None])
            for i, v in enumerate(data.versions)]
    assert len(keys) == len(set(keys))
    assert len(data.versions) < 25_000  # of 226,533 headings and rules, 57,714 glossary entries
    sizes = {p.name: p.stat().st_size for p in (full_site / "cr" / "data").iterdir()}
    assert max(sizes.values()) <= 500_000, max(sizes.items(), key=lambda kv: kv[1])
    assert sum(sizes.values()) <= 12_000_000, sum(sizes.values())


def test_the_full_site_link_checks_clean(full_site):
    assert [p.format() for p in check_site(full_site)] == []
