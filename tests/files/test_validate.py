"""The fast schema check (fastjsonschema, draft 7) and ``jsonschema`` (2020-12) agree."""
from __future__ import annotations

import copy

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.files.validate import _validator, is_valid, schema_errors
from tests.conftest import ROOT

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
    "section kind": lambda d: d["sections"][0].update(kind="topic"),
    "paragraph without text": lambda d: next(b for s in d["sections"] for b in s.get("blocks", [])
                                             if b["kind"] == "paragraph").pop("text"),
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
    from compiler.files.yamlio import dump_data, dump_document
    for name in ("chk", "fut", "shm"):
        doc = seed(name)
        assert dump_document(doc) == dump_data(doc.to_dict())


IMPLICIT_LOOKING = ["", "yes", "No", "ON", "off", "y", "n", "true", "False", "null", "~", "Null",
                    "0", "-1", "+2", ".5", "1e3", "0x1F", "0o7", "1_000", ".inf", "-.Inf", ".NaN",
                    "<<", "=", "!tag", "&anchor", "*alias", "2007-05-04", "12:30", "T", "Yesterday"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(IMPLICIT_LOOKING) | st.text(max_size=8)
       | st.builds(str.__add__, st.sampled_from(IMPLICIT_LOOKING), st.text(max_size=4)))
def test_a_text_gets_the_implicit_flags_pyyamls_resolver_gives_it(text):
    """``yamlio`` answers for a text whose first character starts no implicit tag without
    asking the resolver: the same flags (quoted or not) as the resolver's, for any text."""
    from compiler.files.yamlio import _scalar
    resolver = yaml.resolver.Resolver()
    plain = resolver.resolve(yaml.ScalarNode, text, (True, False)) == "tag:yaml.org,2002:str"
    assert _scalar(text).implicit == (plain, True)


def parts(data: dict) -> list[tuple[str, dict]]:
    """Split a document's dict form as ``compiler.files.yamlio.document_events`` checks it."""
    head = {k: v for k, v in data.items() if k != "sections"}
    out = [("document", {**head, "sections": []} if "sections" in data else head)]
    for section in data.get("sections", []):
        out.append(("section", {k: v for k, v in section.items() if k != "blocks"}))
        out.extend(("block", b) for b in section.get("blocks", []))
    return out


@pytest.mark.parametrize("name", ["(none)", *sorted(MUTATIONS)])
def test_the_parts_of_a_document_pass_exactly_when_it_does(chk, name):
    from compiler.files.validate import part_is_valid
    data = copy.deepcopy(chk)
    MUTATIONS.get(name, lambda d: None)(data)
    assert all(part_is_valid(part, value) for part, value in parts(data)) == is_valid(data)
    assert is_valid(data) == (name == "(none)")


def test_a_document_breaking_the_schema_is_never_written(seed, tmp_path):
    from compiler.core.errors import FaqcError
    from compiler.core.model import Ruling, iter_document_blocks
    from compiler.files.validate import validate_document
    from compiler.files.yamlio import dump_document, write_document
    from compiler.normalize import schema_check
    doc = copy.deepcopy(seed("chk"))
    target = tmp_path / "chk-en.yaml"
    assert write_document(doc, target, schema_check(doc, "chk.txt"))
    assert target.read_text(encoding="utf-8") == dump_document(doc)
    assert not write_document(doc, target, schema_check(doc, "chk.txt"))  # unchanged
    before = target.read_bytes()
    rulings = [b for b in iter_document_blocks(doc) if isinstance(b, Ruling)]
    rulings[-1].id = "r-zz"  # in the last section: the file is mostly written when it fails
    with pytest.raises(FaqcError) as streamed:
        write_document(doc, target, schema_check(doc, "chk.txt"))
    with pytest.raises(FaqcError) as whole:
        validate_document(doc.to_dict(), "chk.txt")
    assert streamed.value.format_message() == whole.value.format_message()
    assert "r-zz" in whole.value.format_message() or "pattern" in whole.value.format_message()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chk-en.yaml"]  # no temporary left
    assert target.read_bytes() == before
