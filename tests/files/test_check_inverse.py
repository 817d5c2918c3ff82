"""``faqc check`` is the inverse of ``faqc normalize`` (issue 37): a YAML passes only if every
word of its source is in exactly one of its text fields and no other word is, and only if it is
YAML as faqc writes it: no key twice in a mapping (the last one silently won), no alias that
makes the document far larger than its file (a text aliased 5,000 times took 271 s)."""
from __future__ import annotations

import copy
import re
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from compiler.cli import main
from compiler.files.yamlio import dump_data
from tests.conftest import SEED_FILES, SOURCES


@pytest.fixture(scope="module")
def chk(tmp_path_factory) -> str:
    """The YAML ``faqc normalize`` writes of the Champions of Kamigawa FAQ."""
    out = tmp_path_factory.mktemp("faqs")
    result = CliRunner().invoke(main, ["normalize", str(SOURCES / SEED_FILES["chk"]),
                                       "--out-dir", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return (out / "chk-en.yaml").read_text(encoding="utf-8")


def check(tmp_path: Path, text: str) -> tuple[int, list[str], Path]:
    faqs = tmp_path / "faqs"
    faqs.mkdir()
    (faqs / "chk-en.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--faqs", str(faqs), "--sources", str(SOURCES)])
    return result.exit_code, result.stderr.splitlines(), faqs / "chk-en.yaml"


def rulings(data: dict) -> list[tuple[list, dict]]:
    """Every ruling with the list it stands in, in document order."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                if isinstance(item, dict) and item.get("kind") == "ruling":
                    found.append((node, item))
                walk(item)
    walk(data["sections"])
    return found


def test_the_yaml_normalize_writes_passes(chk, tmp_path):
    code, lines, _ = check(tmp_path, chk)
    assert code == 0 and lines[-1] == "check: 1 document(s), 0 error(s), 0 warning(s)", lines


def test_a_word_the_source_does_not_have_is_refused_with_its_line(chk, tmp_path):
    data = yaml.safe_load(chk)
    ruling = rulings(data)[3][1]
    ruling["text"] += " Zyzzogeton"
    code, errors, path = check(tmp_path, dump_data(data))
    assert code == 1
    assert errors[0] == (f"{path}: error: 1 word(s) not in the source: 'Zyzzogeton'x1 (the "
                         f"ruling at line {ruling['src'][0]} is the first to hold one)"), errors[0]


def test_an_invented_ruling_is_refused_even_of_the_sources_words(chk, tmp_path):
    """A ruling printed once in the source but twice in the YAML adds no new word, only more
    of them: refused as well."""
    data = yaml.safe_load(chk)
    blocks, ruling = rulings(data)[5]
    twin = copy.deepcopy(ruling)
    twin["id"] = "r-00000000"
    blocks.insert(blocks.index(ruling) + 1, twin)
    code, errors, path = check(tmp_path, dump_data(data))
    assert code == 1
    assert errors[0].startswith(f"{path}: error: ") and "word(s) not in the source" in errors[0]
    assert f"ruling at line {ruling['src'][0]} is the first" in errors[0], errors[0]


def test_a_key_given_twice_is_refused_with_its_line(chk, tmp_path):
    lines = chk.splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if re.match(r"\s+- kind: card\n", line))
    indent = lines[at].index("kind")
    first_id = next(n for n in range(at, len(lines)) if lines[n][indent:].startswith("id: "))
    lines.insert(first_id + 1, " " * indent + "id: other-card\n")
    code, errors, path = check(tmp_path, "".join(lines))
    assert code == 1
    assert errors[0] == f"{path}:{first_id + 2}: error: invalid YAML: the key 'id' is given " \
                        f"twice in one mapping (first at line {first_id + 1})", errors[0]


def test_a_text_aliased_thousands_of_times_is_refused_at_once(chk, tmp_path):
    """A 0.3 MB YAML whose one example (120 KB) is aliased 2,000 times: 240 MB of text to walk
    (it took 20 s; 1.3 MB aliased 5,000 times took 271 s)."""
    match = re.search(r"\n( *)examples: \[.*?\]\n", chk, re.S)
    indent = match.group(1)
    big = "Example: " + "draw a card " * 10_000
    aliased = f"\n{indent}examples:\n{indent}- &a '{big}'\n" + f"{indent}- *a\n" * 2000
    text = chk[:match.start()] + aliased + chk[match.end():]
    started = time.perf_counter()
    code, errors, path = check(tmp_path, text)
    assert time.perf_counter() - started < 5
    assert code == 1
    assert re.fullmatch(rf"{re.escape(str(path))}: error: YAML aliases \(\*name\) make the "
                        r"document [\d,]+ characters or more from a file of [\d,]+ \(faqc writes "
                        r"none\)", errors[0]), errors[0]
