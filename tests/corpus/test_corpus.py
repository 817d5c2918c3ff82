"""Whole-corpus properties of the normalizer: nothing lost, valid, deterministic, recognised."""
import pytest

from compiler.core.errors import Diagnostics
from compiler.core.words import audit
from compiler.files.validate import schema_errors
from compiler.normalize import normalize_text
from tests.conftest import SEED_FILES, SOURCES

EXPECTED_LAYOUT = {"chk": "en-lines", "bok": "en-lines", "fut": "en-collapsed",
                   "mh3": "en-release-notes", "shm": "ja"}


@pytest.fixture(scope="module")
def normalized():
    out = {}
    for name, file in SEED_FILES.items():
        data = (SOURCES / file).read_bytes()
        diags = Diagnostics()
        doc, text = normalize_text(data, file, diags)
        out[name] = (data, doc, text, diags)
    return out


@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_every_source_word_is_in_the_yaml(name, normalized):
    data, doc, _, _ = normalized[name]
    from compiler.files.textio import read_source
    missing, extra = audit(read_source(data, name).text, doc.to_dict())
    assert not missing, f"{name}: {sum(missing.values())} words lost, e.g. {missing.most_common(10)}"
    assert not extra, f"{name}: {sum(extra.values())} words invented, e.g. {extra.most_common(10)}"


@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_yaml_is_valid_and_deterministic(name, normalized):
    data, doc, text, _ = normalized[name]
    assert schema_errors(doc.to_dict()) == []
    _, again = normalize_text(data, SEED_FILES[name], Diagnostics())
    assert again == text


@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_each_seed_is_read_by_its_own_reader_without_warnings(name, normalized):
    _, doc, _, diags = normalized[name]
    assert doc.meta.layout == EXPECTED_LAYOUT[name]
    assert [d.format() for d in diags.items] == []


@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_yaml_round_trips_through_the_model(name, normalized):
    from compiler.core.model import Document
    from compiler.files.yamlio import load_data
    _, doc, text, _ = normalized[name]
    data = load_data(text, name)
    assert Document.from_dict(data).to_dict() == data == doc.to_dict()


@pytest.mark.parametrize("name", sorted(SEED_FILES))
def test_sniffing_is_unambiguous(name):
    from compiler.files.textio import read_source
    from compiler.readers import registry
    src = read_source((SOURCES / SEED_FILES[name]).read_bytes(), name)
    scores = {r.layout: r.score(src) for r in registry()}
    assert scores[EXPECTED_LAYOUT[name]] >= 0.9
    assert all(score <= 0.01 for layout, score in scores.items() if layout != EXPECTED_LAYOUT[name])
