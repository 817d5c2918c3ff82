"""Every edition of the Comprehensive Rules as data, read and compared in the browser.

Rules change slowly: the 226,533 headings and rules of the 118 editions at hand are 12,191
distinct texts. Each distinct version (number, title, text, examples, in one identity chain)
is stored once, in a shard of the versions of one section (``cr/data/s-702-0.js``: a section
with many versions is cut into several, between rule numbers); an edition is its versions in
the text's order, as runs of consecutive ids (``cr/data/e-2015-07-17.js``), its glossary the
same way. ``cr/data/index.js`` names the editions and the first id of each shard;
``cr/data/meta.js`` gives each version's number, chain and wording (what comparing two
editions needs before it shows a text). Every file is a script that registers itself
(``FAQC_CR_DATA.push``), so ``assets/crread.js`` works from ``file://`` as over HTTP.
"""
from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import Markup

from compiler.core import paths
from compiler.cr.derive.history import RuleHistory
from compiler.cr.derive.quotes import quote_form
from compiler.cr.model import CrDocument, CrRule
from compiler.cr.read.toc import rule_sections
from compiler.site.cr.page import CrPageKey, cr_page
from compiler.site.pages import Page, Site

DATA_FORMAT = 1
SHARD_BYTES = 120_000
"""The most bytes of versions a shard holds, but for one rule's versions alone."""
GLOSSARY = "g"


@dataclass(slots=True)
class CrData:
    """The data files' contents (``crdata``)."""

    shards: list[tuple[str, list[list]]] = field(default_factory=list)
    """``(name, versions)`` in id order; a version is ``[number, title, text, examples]``
    (a glossary entry ``["", term, text]``), its empty last fields left out."""
    editions: dict[str, dict] = field(default_factory=dict)
    """Per date (``_edition``): the versions of its rules and glossary, as bitmaps."""
    numbers: list[str] = field(default_factory=list)
    chains: list[int] = field(default_factory=list)
    wordings: list[int] = field(default_factory=list)
    """Per rule version id: its number, its chain's index, its wording's index (the same
    wording, quote style and spacing aside, is the same index)."""

    def index(self, dates: list[str]) -> dict:
        """Return ``cr/data/index.js``'s data: the editions and each shard's first id."""
        starts, at = [], 0
        for name, versions in self.shards:
            starts.append([name, at])
            at += len(versions)
        return {"format": DATA_FORMAT, "editions": dates, "newest": dates[-1],
                "shards": starts, "versions": at}


def _entries(doc: CrDocument) -> list:
    return sorted([*doc.sections, *doc.rules], key=lambda e: e.src.line)


def _section(number: str) -> str:
    head = number.split(".")[0]
    return head if len(head) > 1 else "ch"


def _rule_part(number: str) -> int:
    tail = number.partition(".")[2]
    digits = "".join(ch for ch in tail if ch.isdigit())
    return int(digits) if digits else -1


def _natural(number: str) -> tuple:
    """Return the key of ``number`` in the order of the rules (``702.9`` before ``702.10a``)."""
    return tuple((0, int(run), "") if run.isdigit() else (1, 0, run)
                 for run in re.findall(r"\d+|[^\d.]+", number))


def _version(entry) -> tuple:
    if isinstance(entry, CrRule):
        return (entry.number, entry.title or "", entry.text or "", tuple(entry.examples))
    return (entry.number, entry.title or "", "", ())


def crdata(history: RuleHistory) -> CrData:
    """Return the data of every edition of ``history``'s library."""
    library = history.library
    chain_of = {start: i for i, start in enumerate(history.chains)}
    first: dict[tuple, int] = {}  # version key -> order of first appearance
    glossary: dict[tuple, int] = {}
    texts: list[tuple[list, list]] = []
    for doc in library.documents:
        keys = []
        placed = rule_sections(doc)
        for entry in _entries(doc):
            start = history.start(doc.date, entry.number)
            key = (*_version(entry), chain_of[start] if start else -1)
            where = placed.get(entry.number, "ch") if len(entry.number) > 1 else "ch"
            keys.append((first.setdefault(key, len(first)), where))
        terms = [glossary.setdefault((e.term, e.text), len(glossary)) for e in doc.glossary]
        texts.append((keys, terms))
    wording_of: dict[str, int] = {}
    ids: dict[int, int] = {}
    data = CrData()
    for name, keys in _shard_groups(sorted(first, key=first.__getitem__)):
        data.shards.append((name, [_trim([k[0], k[1], k[2], list(k[3])]) for k in keys]))
        for key in keys:
            ids[first[key]] = len(ids)
            data.numbers.append(key[0])
            data.chains.append(key[4])
            wording = quote_form(" ".join(p for p in (key[1], key[2]) if p))
            data.wordings.append(wording_of.setdefault(wording, len(wording_of)))
    terms = sorted(glossary, key=lambda t: (t[0].lower(), glossary[t]))
    base = len(ids)
    term_id = {glossary[t]: base + i for i, t in enumerate(terms)}
    for n, chunk in enumerate(_chunks([_trim(["", t, d]) for t, d in terms])):
        data.shards.append((f"{GLOSSARY}-{n}", chunk))
    for doc, (keys, glossed) in zip(library.documents, texts):
        data.editions[doc.date] = _edition(data, [(ids[k], where) for k, where in keys],
                                           [term_id[t] for t in glossed], base + len(terms))
    return data


def _edition(data: CrData, placed: list[tuple[int, str]], terms: list[int], total: int) -> dict:
    """Return one edition's data: which versions it has (``rules``, ``glossary``: bitmaps,
    base64; its glossary is read in the terms' order, case aside, or as ``terms`` lists it when
    it prints an entry twice), and, for each section whose
    text does not list its own versions in id order (a rule printed under another heading, or
    twice), its ids in the text's order (``order``). ``placed`` is each version's id and the
    section it stands under (``rule_sections``; ``ch`` for the chapters), in the text's order."""
    under: dict[str, list[int]] = {}
    for i, where in placed:
        under.setdefault(where, []).append(i)
    own: dict[str, list[int]] = {}
    for i in sorted({i for i, _ in placed}):
        own.setdefault(_section(data.numbers[i]), []).append(i)
    order: dict[str, list[int]] = {}
    for section in sorted({*under, *own}):
        listed = under.get(section, [])
        if listed != own.get(section, []):
            order[section] = listed  # empty: its number's rules are all printed elsewhere
    base = len(data.numbers)
    twice = len(set(terms)) != len(terms)  # an entry printed twice: the list, as printed
    return {"rules": _bits([i for i, _ in placed], 0, base), "glossary": _bits(terms, base, total),
            "order": order, "terms": terms if twice else None}


def _bits(ids: list[int], start: int, end: int) -> str:
    """Return the ids in ``[start, end)`` as a bitmap (bit ``i - start``, low bit first), base64."""
    bits = bytearray((max(end - start, 0) + 7) // 8)
    for i in ids:
        bits[(i - start) >> 3] |= 1 << ((i - start) & 7)
    return base64.b64encode(bytes(bits)).decode("ascii")


def _trim(version: list) -> list:
    """Return a version without its empty last fields (no examples, no text: the script reads
    a missing field as empty)."""
    while version and not version[-1]:
        version.pop()
    return version


def _size(key: tuple) -> int:
    return len(json.dumps(key[:4], ensure_ascii=False).encode())


def _shard_groups(keys: list[tuple]) -> list[tuple[str, list[tuple]]]:
    """Return the shards of the rule versions in id order: per section (in number order),
    cut between rule numbers into shards of at most ``SHARD_BYTES``; each in the rules' order,
    a number's versions in the order they first appear (so an edition's versions mostly have
    increasing ids, with small gaps)."""
    sections: dict[str, list[tuple]] = {}
    for key in keys:
        sections.setdefault(_section(key[0]), []).append(key)
    out = []
    for section in sorted(sections, key=lambda s: (s != "ch", s.zfill(3))):
        versions = sections[section]
        parts: dict[int, int] = {}
        for key in versions:
            part = _rule_part(key[0])
            parts[part] = parts.get(part, 0) + _size(key)
        cut, size, n = {}, 0, 0
        for part in sorted(parts):
            if size and size + parts[part] > SHARD_BYTES:
                n, size = n + 1, 0
            cut[part] = n
            size += parts[part]
        for i in range(n + 1):
            mine = [k for k in versions if cut[_rule_part(k[0])] == i]
            out.append((f"s-{section}-{i}", sorted(mine, key=lambda k: _natural(k[0]))))
    return out


def _chunks(items: list[list]) -> list[list[list]]:
    chunks: list[list[list]] = [[]]
    size = 0
    for item in items:
        weight = len(json.dumps(item, ensure_ascii=False).encode())
        if chunks[-1] and size + weight > SHARD_BYTES:
            chunks.append([])
            size = 0
        chunks[-1].append(item)
        size += weight
    return chunks


def data_page_keys(site: Site) -> list[CrPageKey]:
    """Return the keys of the data files and of the comparison page (the CR texts alone decide
    them: they are the build's stamp)."""
    cr = site.cr
    assert cr is not None
    data = crdata(cr.history)
    dates = cr.library.dates
    payloads: list[tuple[str, Callable[[], object]]] = [
        ("index", lambda: data.index(dates)),
        ("meta", lambda: {"numbers": data.numbers, "chains": data.chains,
                          "wordings": data.wordings}),
        *((f"e-{d}", lambda d=d: data.editions[d]) for d in dates),
        *((name, lambda versions=versions: versions) for name, versions in data.shards)]
    keys = [CrPageKey(paths.cr_data(name), "crdata",
                      lambda name=name, payload=payload: _data_page(site, name, payload()))
            for name, payload in payloads]
    keys.append(CrPageKey(paths.CR_COMPARE, "cr", lambda: cr_page(
        site, paths.CR_COMPARE, "cr_compare.html", "cr", title="Compare two editions",
        description=f"Any two of the {len(dates)} editions of the Comprehensive Rules at hand "
                    "compared: rules added, removed, renumbered and reworded, with word diffs.",
        editions=list(reversed(dates)), newest=dates[-1],
        previous=dates[-2] if len(dates) > 1 else dates[-1],
        breadcrumbs=[["Comprehensive Rules", paths.CR_INDEX], ["Compare", None]])))
    return keys


def _data_page(site: Site, name: str, payload: object) -> Page:
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return cr_page(site, paths.cr_data(name), "cr_data.js", "crdata", title="", description="",
                   format=DATA_FORMAT, name=name, payload=Markup(text))
