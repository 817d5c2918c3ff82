"""Comparing a rule as an FAQ quotes it with the rule as a CR states it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.cr import load_cr_library, quote_differs
from compiler.cr.derive.quotes import quote_changes, quote_form
from tests.cr_texts import six_editions

ROOT = Path(__file__).resolve().parents[2]
FUT_SOURCE = ROOT / "content" / "sources" / "003_ce9129ef857eaa93.txt"


@pytest.fixture(scope="module")
def morph_quote() -> str:
    """Return the Future Sight FAQ's quotation of rule 502.26b, as written in its source."""
    text = FUT_SOURCE.read_text(encoding="utf-8")
    found = re.search(r"502\.26b .*?(?= \* )", text)
    assert found, "the Future Sight FAQ quotes 502.26b"
    return found.group(0)


@pytest.fixture(scope="module")
def library():
    return load_cr_library(six_editions())


def test_quote_differs_ignores_spacing_quote_style_and_numbering():
    assert not quote_differs('502.26b It\u2019s a \u201cbig\u201d  deal.\n', "It's a \"big\" deal.")
    assert not quote_differs("the face- down object", "the face-down object")  # a line-wrap break
    assert quote_differs("It's a big deal.", "It's a small deal.")
    assert quote_differs("pay {o3}", "pay {3}")  # the 2004 CR's mana symbols are text, not style


def test_future_sight_quote_of_502_26b_against_the_crs(library, morph_quote):
    """The FAQ (March 2007) announces a change to 502.26b ("the third sentence is new").

    Against the CR in force when the FAQ was written (2005-02-01) the difference is found;
    the next CR (2007-05-01) adopted the FAQ's wording, so against it there is none.
    """
    assert "face- down" in morph_quote  # the FAQ's own line-wrap artefact
    before = library.rule("2007-03-25", "502.26b")
    after = library.rule("2007-05-04", "502.26b")
    assert library.in_force("2007-03-25").date == "2005-02-01"
    assert quote_differs(morph_quote, before.text)
    assert not quote_differs(morph_quote, after.text)
    changes = quote_changes(morph_quote, before.text)
    assert changes == [("no", "a"), ("cost. Any effects or prohibitions that would apply to playing "
                                     "a card with these characteristics (and not the face-up card's "
                                     "characteristics) are applied to playing this card.",
                                     "cost of {0}.")]


def test_quote_form():
    assert quote_form("  502.26b  To play \u2018x\u2019 ") == "To play 'x'"
