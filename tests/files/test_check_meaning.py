"""``faqc check`` checks what a document means, not only its schema: each wrong YAML is one
line naming the file, and the YAML ``faqc normalize`` writes passes."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from compiler.cli import main
from compiler.files.meaning import meaning_errors
from compiler.files.validate import schema_errors
from compiler.files.yamlio import dump_data
from tests.conftest import SEED_FILES, SOURCES


@pytest.fixture(scope="module")
def chk(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("faqs")
    result = CliRunner().invoke(main, ["normalize", str(SOURCES / SEED_FILES["chk"]),
                                       "--out-dir", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return yaml.safe_load((out / "chk-en.yaml").read_text(encoding="utf-8"))


def nodes(data: dict, kind: str) -> list[dict]:
    found, stack = [], [data["sections"]]
    while stack:
        item = stack.pop(0)
        if isinstance(item, dict):
            if item.get("kind") == kind:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def damage_date(d):
    d["meta"]["date"] = "2004-99-99"


def damage_card_ids(d):
    first, second = nodes(d, "card")[:2]
    second["id"] = first["id"]


def damage_ruling_ids(d):
    first, second = nodes(d, "ruling")[:2]
    second["id"] = first["id"]


def damage_span(d):
    nodes(d, "ruling")[0]["src"] = [999999999999, 0]


def damage_path(d):
    nodes(d, "card")[0]["id"] = "../../.."


CASES = {
    "date": (damage_date, "meta: date '2004-99-99' is not a date"),
    "card ids": (damage_card_ids, "card id 'isamaru-hound-of-konda' (line 302) is also the id "
                                  "of the node at line 29"),
    "ruling ids": (damage_ruling_ids, "ruling id 'r-"),
    "span": (damage_span, "ruling span [999999999999, 0] is not inside the source's 712 line(s)"),
    "path": (damage_path, "card id '../../..' (line 29) is not safe as a path segment (an id "
                          "is a slug: lowercase letters, digits, dashes)"),
}


def test_what_normalize_writes_means_what_it_says(chk):
    assert meaning_errors(chk) == []


@pytest.mark.parametrize("case", sorted(CASES))
def test_schema_valid_but_wrong_yaml_is_one_line(chk, case, tmp_path):
    import copy
    damage, message = CASES[case]
    data = copy.deepcopy(chk)
    damage(data)
    assert schema_errors(data) == []  # the schema alone lets it pass
    faqs = tmp_path / "faqs"
    faqs.mkdir()
    (faqs / "chk-en.yaml").write_text(dump_data(data), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["check", "--faqs", str(faqs), "--sources", str(SOURCES)])
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{faqs / 'chk-en.yaml'}: error: {message}"), first
