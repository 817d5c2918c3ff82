"""Inline text rendering: escaping, emphasis, typography, mana symbols, and the annotate hook."""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import Environment
from markupsafe import Markup

from compiler.render.inline import render_inline, render_mana_cost
from compiler.render.links import LinkSpan
from compiler.render.mana import parse_symbol, symbol_label

# Every tag render_inline may write (br: a backslash before a newline, markdown's hard break);
# anything else would be markup from the source text.
ALLOWED_TAGS = {"em", "strong", "span", "svg", "circle", "path", "ellipse", "text", "a", "br"}
TAG_RE = re.compile(r"<\s*/?\s*([A-Za-z][A-Za-z0-9-]*)")


def tags(html: str) -> set[str]:
    """Return the names of the tags in ``html``."""
    return {name.lower() for name in TAG_RE.findall(html)}


# ---------------------------------------------------------------- safety

@pytest.mark.parametrize("text, forbidden", [
    ("<script>alert(1)</script>", "<script"),
    ("<img src=x onerror=alert(1)>", "<img"),
    ('<a href="javascript:alert(1)">x</a>', "<a "),
    ("<b>bold</b> and <!-- comment -->", "<b>"),
    ("</em><em>", "</em><em>"),
])
def test_raw_html_is_escaped(text, forbidden):
    html = render_inline(text)
    assert forbidden not in html
    assert "&lt;" in html


def test_script_comes_out_as_text():
    assert render_inline("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.mark.parametrize("text", [
    "javascript:alert(1)",
    "see http://example.com/ and www.example.com",
    "<http://example.com>",
    "[click](javascript:alert(1))",
    "![img](x.png)",
    "mail me at someone@example.com",
])
def test_no_links_or_images_from_the_text(text):
    html = render_inline(text)
    assert "<a" not in html and "<img" not in html and "href" not in html


@pytest.mark.parametrize("text", ["{{ 7*7 }}", "{% if true %}yes{% endif %}", "{# c #}"])
def test_template_looking_text_stays_literal(text):
    assert render_inline(text) == text
    # Through Jinja too: data is never evaluated as a template.
    env = Environment(autoescape=True)
    env.filters["inline"] = render_inline
    assert env.from_string("{{ t | inline }}").render(t=text) == text


@pytest.mark.parametrize("text, expected", [
    ("# Not a heading", "# Not a heading"),
    ("* not a list item", "* not a list item"),
    ("1. not a list", "1. not a list"),
    ("`not code`", "`not code`"),
    ("    indented", "    indented"),
    ("> not a quote", "&gt; not a quote"),
    ("R&D &amp; co", "R&amp;D &amp;amp; co"),
])
def test_only_inline_markup_is_parsed(text, expected):
    assert render_inline(text) == expected


def test_returns_markup_and_empty_text():
    assert isinstance(render_inline("x"), Markup)
    assert render_inline("") == Markup("")


MARKUP_CHARS = st.sampled_from(list("<>/&\"'=*_{}[]()!#`\\ -:aAbjs\nTPU2"))


@given(st.one_of(st.text(alphabet=MARKUP_CHARS, max_size=60), st.text(max_size=60)))
def test_never_emits_foreign_tags(text):
    assert tags(render_inline(text)) <= ALLOWED_TAGS - {"a"}


# ---------------------------------------------------------------- emphasis and typography

def test_emphasis():
    assert render_inline("*all* of its targets") == "<em>all</em> of its targets"
    assert render_inline("**strong**") == "<strong>strong</strong>"


def test_set_name_with_trademark():
    assert render_inline("_Future Sight_(TM) FAQ") == "<em>Future Sight</em>™ FAQ"
    assert render_inline("_Magic: The Gathering_(R) card back") == (
        "<em>Magic: The Gathering</em>® card back")


@pytest.mark.parametrize("text", ["*/1+*", "*/*", 'has "*" in its toughness', "1+*"])
def test_stars_of_power_toughness_are_not_emphasis(text):
    assert "<em>" not in render_inline(text)
    assert render_inline(text).count("*") == text.count("*")


def test_backslash_escape():
    assert render_inline(r"\*not emphasis\*") == "*not emphasis*"


@pytest.mark.parametrize("text, expected", [
    ("Legendary Creature -- Spirit", "Legendary Creature — Spirit"),
    ("without playing it -- using Tooth and Nail", "without playing it — using Tooth and Nail"),
    ("Choose one --- A", "Choose one — A"),
    ("-----", "-----"),
    ("Akki Lavarunner --> Tok-Tok", "Akki Lavarunner → Tok-Tok"),
    ("April 21-22, 2007", "April 21-22, 2007"),
    ("(c)2007 Wizards", "©2007 Wizards"),
    ("(a) leave them or (c) swap", "(a) leave them or (c) swap"),
    ("Magic(tm)", "Magic™"),
    ("item (r)", "item (r)"),
])
def test_typography(text, expected):
    assert render_inline(text) == expected


# ---------------------------------------------------------------- mana symbols

@pytest.mark.parametrize("written, label", [
    ("{W}", "one white mana"),
    ("{U}", "one blue mana"),
    ("{B}", "one black mana"),
    ("{R}", "one red mana"),
    ("{G}", "one green mana"),
    ("{C}", "one colorless mana"),
    ("{X}", "X generic mana"),
    ("{0}", "zero generic mana"),
    ("{2}", "two generic mana"),
    ("{10}", "ten generic mana"),
    ("{12}", "twelve generic mana"),
    ("{100}", "100 generic mana"),
    ("{T}", "tap"),
    ("{Q}", "untap"),
    ("{E}", "energy"),
    ("{S}", "one snow mana"),
    ("{U/B}", "one blue or black mana"),
    ("{2/B}", "two generic mana or one black mana"),
    ("{C/W}", "one colorless or white mana"),
    ("{W/P}", "one Phyrexian white mana"),
    ("{G/U/P}", "one Phyrexian green or blue mana"),
    ("{oQ}", "untap"),
    ("{(b/r)}", "one black or red mana"),
])
def test_symbol_labels(written, label):
    html = render_inline(f"Pay {written}.")
    assert f'aria-label="{label}"' in html
    assert 'role="img"' in html
    # The symbol as written stays in the page (visually hidden) for copy and find.
    assert f'<span class="ms-src">{Markup.escape(written)}</span>' in html
    assert html.startswith("Pay <span") and html.endswith("</span>.")


def test_hybrid_symbol_is_split_in_two_colours():
    html = render_inline("{U/B}")
    assert 'class="ms ms-u-b ms-hybrid"' in html
    assert 'class="ms-bg-u"' in html and 'class="ms-bg-b"' in html
    assert html.count("<path") == 2


@pytest.mark.parametrize("text", ["{foo}", "{}", "{W/W}", "{U/B/G}", "{ W }", "{2/P}", "{/B}", "{WU/B}",
                                  "{C/P}", "{/P}", "{{U}"])
def test_unknown_braces_stay_text(text):
    html = render_inline(text)
    assert "ms-src" not in html or text == "{{U}"
    assert html.startswith("{")


def test_every_symbol_of_the_corpus_parses():
    written = ("W U B R G C X T Q E S 0 1 2 3 4 5 6 7 8 9 10 12 B/R U/B W/U G/W R/G 2/B W/B B/P "
               "2/U 2/G 2/W G/U 2/R R/W U/R C/W C/U C/B C/R C/G B/G oQ o1 (b/r)").split()
    for body in written:
        assert parse_symbol(body) is not None, body


def test_symbol_label_of_parsed_symbol():
    assert symbol_label(parse_symbol("w/u")) == "one white or blue mana"


def test_render_mana_cost():
    html = render_mana_cost("{2}{U/B}")
    assert html.startswith('<span class="mana-cost">')
    assert html.count('role="img"') == 2
    assert render_mana_cost("") == ""
    assert "&lt;b&gt;" in render_mana_cost("{1}<b>")


# ---------------------------------------------------------------- annotate hook

def find(word: str, href: str, cls: str = "card-ref", title: str = ""):
    """Return a fake annotate function linking every ``word``."""
    def annotate(text: str) -> list[LinkSpan]:
        return [LinkSpan(m.start(), m.end(), href, cls, title)
                for m in re.finditer(re.escape(word), text)]
    return annotate


def test_annotate_wraps_spans():
    html = render_inline("Tap Tarmogoyf now.", find("Tarmogoyf", "../cards/tarmogoyf.html",
                                                    title="Tarmogoyf"))
    assert html == ('Tap <a href="../cards/tarmogoyf.html" class="card-ref" title="Tarmogoyf">'
                    "Tarmogoyf</a> now.")


def test_annotate_attributes_are_escaped():
    html = render_inline("see 502.38a", find("502.38a", 'r.html?a=1&b="x"', "rule-ref", "<t>"))
    assert 'href="r.html?a=1&amp;b=&#34;x&#34;"' in html
    assert 'title="&lt;t&gt;"' in html


def test_annotate_sees_plain_text_runs_as_written():
    seen: list[str] = []

    def annotate(text):
        seen.append(text)
        start = text.find("Goyf")
        return [LinkSpan(start, start + 4, "g.html")] if start >= 0 else []

    html = render_inline("A -- {G} *Goyf* and Goyf -- (TM) <b>", annotate)
    # Before typesetting (offsets of the text as written), without markup or symbols.
    assert seen == ["A -- ", " ", "Goyf", " and Goyf -- (TM) <b>"]
    assert html.count('<a href="g.html">Goyf</a>') == 2
    assert "<em><a" in html and "— ™ &lt;b&gt;" in html


def test_annotate_text_is_escaped_inside_links():
    html = render_inline("x <i>", lambda t: [LinkSpan(0, len(t), "a.html")])
    assert html == '<a href="a.html">x &lt;i&gt;</a>'


@pytest.mark.parametrize("spans, message", [
    ([LinkSpan(0, 99, "a.html")], "outside"),
    ([LinkSpan(2, 2, "a.html")], "outside"),
    ([LinkSpan(0, 4, "a.html"), LinkSpan(2, 6, "b.html")], "overlaps"),
    ([LinkSpan(0, 4, "javascript:alert(1)")], "unsafe"),
    ([LinkSpan(0, 4, " JavaScript:alert(1)")], "unsafe"),
    ([LinkSpan(0, 4, "data:text/html,x")], "unsafe"),
])
def test_bad_spans_are_bugs(spans, message):
    with pytest.raises(ValueError, match=message):
        render_inline("Tarmogoyf", lambda text: spans)


def test_external_and_fragment_hrefs_are_allowed():
    html = render_inline("ab", lambda t: [LinkSpan(0, 1, "#r-1"), LinkSpan(1, 2, "https://x.org/")])
    assert html == '<a href="#r-1">a</a><a href="https://x.org/">b</a>'
