"""The fast schema check (fastjsonschema, draft 7) and ``jsonschema`` (2020-12) agree."""
from __future__ import annotations

import copy

import pytest
import yaml

from compiler.validate import _validator, is_valid, schema_errors

from .conftest import ROOT

FAQS = sorted((ROOT / "content" / "faqs").glob("*.yaml"))


@pytest.fixture(scope="module")
def chk() -> dict:
    return yaml.load((ROOT / "content" / "faqs" / "chk-en.yaml").read_text(encoding="utf-8"),
                     Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def block(d: dict, section: int, index: int) -> dict:
    return d["sections"][section]["blocks"][index]


MUTATIONS = {
    "unknown block kind": lambda d: block(d, 0, 0).update(kind="bogus"),
    "date pattern": lambda d: d["meta"].update(date="2004-1-1"),
    "short span": lambda d: block(d, 1, 0).update(src=[1]),
    "negative span": lambda d: block(d, 1, 0).update(src=[-1, 2]),
    "extra field": lambda d: block(d, 1, 0).update(extra=1),
    "document id": lambda d: d.update(id="UPPER"),
    "language": lambda d: d["meta"].update(language="fr"),
    "lines zero": lambda d: d["source"].update(lines=0),
    "boolean lines": lambda d: d["source"].update(lines=True),
    "missing sections": lambda d: d.pop("sections"),
    "schema version": lambda d: d.update(schema_version=1),
    "ruling id": lambda d: next(b for s in d["sections"] for b in s.get("blocks", [])
                                if b["kind"] == "ruling").update(id="r-zz"),
    "card without faces": lambda d: next(b for s in d["sections"] for b in s.get("blocks", [])
                                         if b["kind"] == "card").pop("faces"),
}


@pytest.mark.parametrize("path", FAQS, ids=[p.name for p in FAQS])
def test_both_pass_what_normalize_writes(path):
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader",
                                                                       yaml.SafeLoader))
    assert is_valid(data) and not list(_validator().iter_errors(data))


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_both_refuse_what_breaks_the_schema(chk, name):
    data = copy.deepcopy(chk)
    MUTATIONS[name](data)
    assert not is_valid(data)
    assert list(_validator().iter_errors(data)) and schema_errors(data)


def test_a_document_dumped_section_by_section_is_the_same_text(seed):
    from compiler.yamlio import dump_data, dump_document
    for name in ("chk", "fut", "shm"):
        doc = seed(name)
        assert dump_document(doc) == dump_data(doc.to_dict())
