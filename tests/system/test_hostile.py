"""Hostile text through the whole compiler: texts that try to run code stay text.

The corpus (tests/hostile/make_corpus.py) puts ``<script>``, event-handler attributes,
``javascript:`` URLs, Jinja syntax, ``</script>``, attribute breakers, HTML comments, entities,
U+2028/U+2029 and RTL overrides into card names, rulings, topic titles, paragraphs and rules
quotes of an en-lines, a ja and a release-notes source.  Here, without a browser: every built
HTML file and the HTML of every card preview is parsed, and nothing in it could run; every payload
shows on its page as written; the generated scripts run under Node and give back the texts.
The same site in Chromium: tests/browser/test_hostile_browser.py.
"""
from __future__ import annotations

import pickle
import re
import shutil
from collections import Counter

import pytest

from compiler.core.words import audit
from compiler.files.textio import read_source
from compiler.render.env import CONTENT_SECURITY_POLICY
from compiler.render.typography import typeset
from compiler.search.index.records import plain_text
from tests.conftest import FIXTURES as ROOT_FIXTURES
from tests.conftest import made_once
from tests.hostile.make_corpus import (CARD_NAMES, CARD_NAMES_JA, PAYLOADS, TOPIC_TITLES,
                                       TOPIC_TITLES_JA)
from tests.hostile.site import (NODE, build_hostile, decode_previews, decode_scripts, page_text,
                                scan_markup, strings)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    return made_once(tmp_path_factory, "hostile", build_hostile)   # for this module and the other


def blocks(node):
    """Every dict with a ``kind`` under ``node``."""
    if isinstance(node, dict):
        if "kind" in node:
            yield node
        for value in node.values():
            yield from blocks(value)
    elif isinstance(node, list):
        for item in node:
            yield from blocks(item)


def texts_by_kind(hostile) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for data in hostile.documents.values():
        for block in blocks(data["sections"]):
            kind = block["kind"]
            if kind == "card":
                found.setdefault("card name", []).extend(  # a flip card's too, by its face
                    n for n in (block.get("name"), block.get("name_ja"),
                                *(f.get("name") for f in block.get("faces", []))) if n)
            elif kind == "topic":
                found.setdefault("topic title", []).append(block["title"])
            elif kind in ("ruling", "paragraph", "rule") and block.get("text"):
                found.setdefault(kind, []).append(block["text"])
    return found


@pytest.fixture(scope="module")
def scans(hostile):
    """Every HTML page of the hostile site, scanned once: site path -> MarkupScan."""
    return {path.relative_to(hostile.site).as_posix():
            scan_markup(path.read_text(encoding="utf-8"), path.relative_to(hostile.site).as_posix())
            for path in html_files(hostile.site)}


@pytest.fixture(scope="module")
def decoded(hostile):
    """Every generated script of the hostile site, run once under Node: file -> its values."""
    return decode_scripts(generated_scripts(hostile.site))


def html_files(site):
    return sorted(p for p in site.rglob("*.html"))


def generated_scripts(site):
    return [site / "assets" / "cards.js", *sorted((site / "assets" / "cards").glob("*.js")),
            *sorted((site / "search" / "data").rglob("*.js"))]


# ------------------------------------------------------------------ the corpus is what it says


def test_every_payload_sits_where_the_corpus_says(hostile):
    found = texts_by_kind(hostile)
    for kind in ("ruling", "paragraph"):
        for name, payload in PAYLOADS.items():
            assert any(payload in t for t in found[kind]), f"payload {name} in no {kind}"
    names = set(found["card name"])
    assert set(CARD_NAMES.values()) <= names
    assert {ja for ja, _en in CARD_NAMES_JA.values()} <= names
    assert set(TOPIC_TITLES.values()) | set(TOPIC_TITLES_JA.values()) <= set(found["topic title"])
    assert any(PAYLOADS["svg"] in t for t in found["rule"])
    assert {d["meta"]["layout"] for d in hostile.documents.values()} == {
        "en-lines", "ja", "en-release-notes"}


def test_no_word_is_lost_and_no_reader_is_confused(hostile):
    for doc_id, data in hostile.documents.items():
        path = hostile.corpus / hostile.files[doc_id]
        missing, extra = audit(read_source(path.read_bytes(), str(path)).text, data)
        assert not missing and not extra, (doc_id, missing, extra)
    assert hostile.warnings == []


# ------------------------------------------------------------------ nothing can run


def test_no_page_holds_anything_that_could_run(scans):
    problems = [p for scan in scans.values() for p in scan.problems]
    assert problems == []
    scripts = Counter(s for scan in scans.values() for s in scan.scripts)
    assert len(scans) >= 25 and scripts   # the site's own <script src=...> elements were seen
    assert any(page.startswith("cr/") for page in scans), "no Comprehensive Rules pages"


def test_every_page_carries_the_content_security_policy(scans):
    policy = str(CONTENT_SECURITY_POLICY)
    directives = {d.split()[0]: d.split()[1:] for d in policy.split("; ")}
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]
    assert "unsafe" not in policy and "*" not in policy
    for page, scan in scans.items():
        assert scan.csp == [policy], page


def test_the_card_previews_hold_nothing_that_could_run(hostile):
    """site.js puts the ``html`` of a preview into the page with innerHTML: as safe as a page."""
    previews = decode_previews(hostile.site)
    assert previews
    problems = []
    for slug, preview in previews.items():
        problems += scan_markup(preview["html"], f"preview[{slug}]").problems
        assert preview["name"] in page_text(preview["html"]), slug
    assert problems == []


# ------------------------------------------------------------------ the text shows as written


def test_every_payload_shows_on_its_document_page_as_often_as_in_its_source(hostile):
    """A text is shown as written (ASCII dashes typeset), never interpreted, never dropped."""
    tried = 0
    for doc_id, file in hostile.files.items():
        source = (hostile.corpus / file).read_text(encoding="utf-8")
        shown = page_text((hostile.site / "docs" / f"{doc_id}.html").read_text(encoding="utf-8"))
        for name, payload in PAYLOADS.items():
            want = source.count(payload)
            tried += want
            assert shown.count(typeset(payload)) >= want, (doc_id, name)
    assert tried >= 60


def test_card_names_and_topic_titles_show_as_written_on_their_pages(hostile):
    site = hostile.site
    for name in CARD_NAMES.values():
        pages = [p for p in (site / "cards").glob("*.html") if p.stem not in ("index", "ja")
                 and name in heading(p.read_text(encoding="utf-8"))]
        assert len(pages) == 1, f"no card page has the heading {name!r}"
    for title in [*TOPIC_TITLES.values(), *TOPIC_TITLES_JA.values()]:
        pages = [p for p in (site / "topics").rglob("*.html") if p.name != "index.html"
                 and heading(p.read_text(encoding="utf-8")) == title]
        assert len(pages) == 1, title
    index = page_text((site / "cards" / "index.html").read_text(encoding="utf-8"))
    assert all(name in index for name in CARD_NAMES.values())


def heading(html: str) -> str:
    return page_text(html[html.index("<h1"):html.index("</h1>")] + "</h1>")


def window_title(html: str) -> str:
    return page_text(html[html.index("<title>"):html.index("</title>")]).rsplit(" · ", 1)[0]


def test_the_window_title_shows_a_star_that_is_not_emphasis(hostile):
    mangled = []
    for path in sorted((hostile.site / "topics").rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if path.name != "index.html" and window_title(html) != heading(html):
            mangled.append((heading(html), window_title(html)))
    assert mangled == []


EVALUATED = re.compile(r"Budoka 49|Spiteful 49|Walls 49|defender\. 49|legendary\. 49|"
                       r"\bxxx\b|\{% raw %\}|\{\{ 7\*7 \}\}")


def test_template_syntax_is_never_evaluated(hostile, scans, decoded):
    """``{{ 7*7 }}`` and ``{% ... %}`` reach every output literally, never as 49 or xxx."""
    literal = Counter()
    outputs = [p for p in hostile.site.rglob("*") if p.suffix in (".html", ".js")]
    assert {p.relative_to(hostile.site).as_posix() for p in outputs if p.suffix == ".html"} \
        == set(scans)
    for path in outputs:
        page = path.relative_to(hostile.site).as_posix()
        shown = "".join(scans[page].text) if path.suffix == ".html" \
            else path.read_text(encoding="utf-8")
        for match in EVALUATED.finditer(shown):
            assert match.group(0) in ("{% raw %}", "{{ 7*7 }}"), (path, match.group(0))
            literal[match.group(0)] += 1
    assert literal["{{ 7*7 }}"] >= 20 and literal["{% raw %}"] >= 5
    every = "\n".join(s for v in decoded.values() for s in strings(v))
    assert PAYLOADS["jinja-for"] in every and "{{ 7*7 }}" in every


# ------------------------------------------------------------------ the generated scripts


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_generated_scripts_are_valid_js_that_give_back_the_source_texts(hostile, decoded):
    files = generated_scripts(hostile.site)
    assert sorted(decoded) == sorted(map(str, files))
    for path in files:
        raw = path.read_text(encoding="utf-8")
        # nothing that could end a <script> element or a JS string, were the file inlined
        assert not re.search(r"</|<!--|<script|\u2028|\u2029", raw, re.I), path
    every = set()
    for value in decoded.values():
        every.update(strings(value))
    every_text = "\n".join(every)
    for name, payload in PAYLOADS.items():
        assert typeset(payload) in every_text, name
    # every ruling and paragraph, exactly as the YAML has it (dashes typeset; the search data
    # holds an emphasis as a span beside the text, not as its marks)
    found = texts_by_kind(hostile)
    apart = "\0".join(sorted(every))   # in it, a text without NUL is in one of the strings
    for kind in ("ruling", "paragraph"):
        for text in found[kind]:
            assert "\0" not in plain_text(text) and plain_text(text) in apart, (kind, text)
    # every card: its names as they are, in the previews
    names = {(c["name"], c["name_ja"]) for c in decode_previews(hostile.site).values()}
    for data in hostile.documents.values():
        for block in blocks(data["sections"]):
            if block["kind"] == "card":
                assert any(block["name"] in (en, ja) for en, ja in names), block["name"]


# ------------------------------------------------------------------ the checks can fail


def test_the_scanner_finds_every_kind_of_injection():
    bad = ('<p>x</p><script>alert(1)</script><img src=x onerror=alert(2)>'
           '<a href=" JaVaScRiPt:alert(3)">a</a><svg onload=alert(4)></svg><!--c-->'
           '<script src="https://evil.example/x.js"></script><b>bold</b>')
    problems = "\n".join(scan_markup(bad, "index.html").problems)
    for what in ("inline <script>", "onerror", "script URL", "onload", "HTML comment",
                 "script from elsewhere", "foreign tag <img>", "foreign tag <b>",
                 "raw event handler", "raw inline <script>", "raw javascript: URL"):
        assert what in problems, what
    assert scan_markup('<a title="x onerror=y" href="a.html">ok</a>', "p.html").problems == []


def test_a_template_that_forgets_to_escape_is_caught(hostile, tmp_path):
    """Build the hostile corpus with card.html and topic.html marking the names safe."""
    from compiler.build import build_site
    from compiler.core.errors import Diagnostics
    from compiler.render.env import templates_dir

    templates = tmp_path / "templates"
    shutil.copytree(templates_dir(), templates)
    card = templates / "partials" / "card.html"
    card.write_text(card.read_text(encoding="utf-8").replace(
        "{{ face.name }}</{{ name_tag }}>", "{{ face.name | safe }}</{{ name_tag }}>"),
        encoding="utf-8")
    topic = templates / "topic.html"
    topic.write_text(topic.read_text(encoding="utf-8").replace(
        "{{ topic.title | inline }}", "{{ topic.title | safe }}"), encoding="utf-8")
    site = tmp_path / "site"
    build_site(hostile.corpus, site, Diagnostics(), templates=templates, jobs=1)
    problems = [p for path in html_files(site)
                for p in scan_markup(path.read_text(encoding="utf-8"), path.name).problems]
    assert any("inline <script>" in p for p in problems)
    assert any("onerror" in p for p in problems) and any("onload" in p for p in problems)


# ------------------------------------------------------------------ names that slug alike


def _card_faq(set_name: str, card: str) -> str:
    return (f"{set_name} Frequently Asked Questions\n"
            f"{set_name} official release date: October 1, 2004\n-----\n\n"
            f"CARD-SPECIFIC NOTES\n\n{card}\n{{1}}\nArtifact\n{{T}}: Draw a card.\n\n"
            f"* {card} is an artifact.\n-----\n")


def test_two_spellings_of_one_card_name_do_not_stop_the_build(tmp_path):
    from compiler.build import build_site
    from compiler.core.errors import Diagnostics, FaqcError
    from compiler.site.linkcheck import check_site

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, set_name, card in (("a.txt", "Champions of Kamigawa", "AEther Vial"),
                                 ("b.txt", "Betrayers of Kamigawa", "Aether Vial")):
        (corpus / name).write_text(_card_faq(set_name, card), encoding="utf-8")
    try:
        build_site(corpus, tmp_path / "site", Diagnostics(), jobs=1)
    except FaqcError as exc:
        pytest.fail(exc.format_message())
    assert check_site(tmp_path / "site") == []
    shown = page_text((tmp_path / "site" / "cards" / "index.html").read_text(encoding="utf-8"))
    assert "Vial" in shown


# ------------------------------------------------------------------ a hostile site folder


class _Payload:
    """Unpickling this makes a folder: proof that loading it ran code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        import os
        return (os.makedirs, (str(self.marker), 0o777, True))


def test_a_planted_cache_file_in_the_site_folder_runs_no_code(tmp_path):
    from compiler.build import build_site
    from compiler.core.errors import Diagnostics

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT_FIXTURES / "site-corpus", corpus)
    site = tmp_path / "site"
    build_site(corpus, site, Diagnostics(), jobs=1)
    # Every cache file of the site folder is replaced by a pickle that runs code when loaded.
    planted = sorted(p for p in (site / ".faqc").rglob("*") if p.is_file())
    assert planted, "no cache in the site folder: nothing to plant"
    marker = tmp_path / "code ran"
    for path in planted:
        path.write_bytes(pickle.dumps(_Payload(marker)))
    # one source edited, so the build is incremental and takes the others from the cache
    first = sorted(corpus.glob("*.txt"))[0]
    first.write_bytes(first.read_bytes().replace(b"\n* ", b"\n* Edited. ", 1))
    try:
        build_site(corpus, site, Diagnostics(), jobs=1)
    except Exception:   # noqa: BLE001 - refusing the planted file is fine, running it is not
        pass
    assert not marker.exists(), "unpickling a file planted in the site folder ran code"
