"""The accept list of reviewed warnings, and ``faqc check`` reading rule numbers in their era."""
from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.core.errors import Diagnostics, FaqcError
from compiler.files.accepted import parse_accept_list, split_accepted
from tests.conftest import ROOT, RULES, SEED_FILES, SOURCES

ACCEPT_LIST = ROOT / "content" / "accepted-warnings.txt"
FUT = SEED_FILES["fut"]


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_an_entry_matches_file_line_category_and_subject():
    (entry,) = parse_accept_list(
        f"# comment\n\ncontent/sources/{FUT}:1 [xref.rule-era] 501.10 -- draft numbering\n", "list")
    diags = Diagnostics()
    for number in ("501.10", "501.10a"):
        diags.warn(f"/elsewhere/content/sources/{FUT}", 1, f"rule {number} (quoted) is not in it",
                   "xref.rule-era")
    diags.warn(f"sources/{FUT}", 1, "rule 501.10 (quoted) is not in it", "xref.rule-era")
    diags.warn(f"content/sources/{FUT}", 2, "rule 501.10 (quoted) is not in it", "xref.rule-era")
    diags.warn(f"content/sources/{FUT}", 1, "rule 501.10 (quoted) is not in it", "xref.card")
    kept, accepted = split_accepted(diags, [entry])
    assert accepted == 2  # the absolute path and the shorter relative one
    assert [(d.line, d.category, d.message.split()[1]) for d in kept.items] == [
        (1, "xref.rule-era", "501.10a"), (2, "xref.rule-era", "501.10"), (1, "xref.card", "501.10")]


def test_a_malformed_entry_is_one_line_naming_the_place():
    with pytest.raises(FaqcError, match=r"^list:2: error: not 'path:line \[category\] subject -- reason'$"):
        parse_accept_list("# ok\ncontent/x.txt:1 [xref.rule-era] 501.10\n", "list")


@pytest.fixture(scope="module")
def seed_faqs(tmp_path_factory):
    faqs = tmp_path_factory.mktemp("faqs")
    assert run("normalize", str(SOURCES), "--out-dir", str(faqs)).exit_code == 0
    return faqs


def test_strict_check_of_the_seeds_passes_with_the_accept_list(seed_faqs):
    result = run("--strict", "check", "--faqs", str(seed_faqs), "--sources", str(SOURCES),
                 "--rules", str(RULES), "--accept", str(ACCEPT_LIST))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[-1] == (
        "check: 5 document(s), 0 error(s), 0 warning(s) (3 more accepted)")
    lines = result.stdout.splitlines()
    assert "  chk-en (2004-10-01): CR 2004-10-01; cited 10/0, quoted 37/0" in lines
    assert (f"  {SOURCES / FUT}:1: rule 501.10 (quoted at column 54002) is not in the "
            f"Comprehensive Rules of 2007-05-01, in force on 2007-05-04 [xref.rule-era]") in lines


def test_strict_check_fails_on_era_warnings_nobody_accepted(seed_faqs, tmp_path):
    empty = tmp_path / "accepted.txt"
    empty.write_text("# nothing accepted\n", encoding="utf-8")
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "CR_2007-05-01.txt", rules)  # every document reads against it now
    result = run("--strict", "check", "--faqs", str(seed_faqs), "--sources", str(SOURCES),
                 "--rules", str(rules), "--accept", str(empty))
    assert result.exit_code == 1
    assert (f"{SOURCES / FUT}:1: warning: rule 501.10 (quoted at column 54002) is not in the "
            f"Comprehensive Rules of 2007-05-01, in force on 2007-05-04 [xref.rule-era]"
            ) in result.stderr.splitlines()
    # the CR text's own faults are kept as published: told in one line, listed with -v
    assert "[cr.order]" not in result.stderr
    assert ("rules: 1 edition(s) of the Comprehensive Rules read, 2007-05-01 to 2007-05-01; 3 "
            "note(s) on the published texts (cr.encoding 1, cr.layout 1, cr.order 1; -v lists "
            "them)") in result.stderr.splitlines()
    verbose = run("-v", "check", "--faqs", str(seed_faqs), "--sources", str(SOURCES),
                  "--rules", str(rules), "--accept", str(empty))
    assert "rule 432.2b out of order (after 423.2a) [cr.order]" in verbose.stderr


def test_a_missing_rules_folder_is_one_line(tmp_path):
    sources = tmp_path / "src"
    sources.mkdir()
    (sources / "a.txt").write_text("Alpha beta.\n\nGamma delta.\n", encoding="utf-8")
    faqs = tmp_path / "faqs"
    assert run("normalize", str(sources), "--out-dir", str(faqs)).exit_code == 0
    result = run("check", "--faqs", str(faqs), "--sources", str(sources),
                 "--rules", str(tmp_path / "none"))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {tmp_path / 'none'}: error: no such directory"
