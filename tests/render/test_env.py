"""The Jinja2 environment, the page frame (base.html), and the static assets."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from jinja2 import UndefinedError
from markupsafe import Markup

from compiler.core.model import CardEntry, Face, Span
from compiler.render.env import (CONTENT_SECURITY_POLICY, asset_files, create_environment,
                                 render_page, templates_dir)

SAMPLE = """{% extends "base.html" %}
{% block content %}
<h1>{{ title }}</h1>
<ol class="rulings"><li class="ruling" id="r-1">{{ ruling | inline }}</li></ol>
{% include "partials/card.html" %}
{% endblock %}
"""


class Page(HTMLParser):
    """Collect the elements of a page as (tag, attrs) in document order."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def find(self, tag: str, **attrs) -> list[dict[str, str | None]]:
        """Return the attributes of every ``tag`` element having ``attrs``."""
        return [a for t, a in self.elements
                if t == tag and all(a.get(k.rstrip("_")) == v for k, v in attrs.items())]


@pytest.fixture(scope="module")
def env():
    return create_environment()


@pytest.fixture(scope="module")
def card():
    span = Span(1, 1)
    face = Face(name="Tarmogoyf", src=span, mana_cost="{1}{G}", type_line="Creature -- Lhurgoyf",
                power_toughness="*/1+*", text=["Tarmogoyf's power is *equal* to {{ x }}."])
    return CardEntry(id="tarmogoyf", name="Tarmogoyf", faces=[face], src=span)


def sample(env, card, page_path="cards/tarmogoyf.html", **extra) -> str:
    context = dict(title="Tarmogoyf <{{ 7*7 }}>", card=card,
                   ruling="<script>alert(1)</script> costs {U/B}",
                   breadcrumbs=[["Home", "index.html"], ["Cards", "cards/index.html"],
                                ["Tarmogoyf", None]])
    context.update(extra)
    return render_page(env.from_string(SAMPLE), page_path, **context)


# ---------------------------------------------------------------- environment

def test_autoescape_is_on_everywhere(env):
    assert env.from_string("{{ x }}").render(x="<b>&") == "&lt;b&gt;&amp;"
    template = env.get_template("partials/footer.html")
    assert template.environment.autoescape is True


def test_undefined_names_are_errors(env):
    with pytest.raises(UndefinedError):
        env.from_string("{{ nothing }}").render()


def test_templates_folder_is_the_repository_one():
    folder = templates_dir()
    assert folder.name == "templates" and (folder / "base.html").is_file()


def test_filters(env):
    out = env.from_string("{{ t | inline }}|{{ c | mana }}|{{ n | inline }}|{{ m | inline }}").render(
        t="*a* -- b", c="{2}", n=None, m=Markup("<i>kept</i>"))
    first, cost, none, kept = out.split("|")
    assert first == "<em>a</em> — b"
    assert 'aria-label="two generic mana"' in cost
    assert none == "" and kept == "<i>kept</i>"


def test_relurl_filter_uses_the_page_path(env):
    template = env.from_string("{{ 'rules/502.38a.html' | relurl }}")
    assert render_page(template, "cards/tarmogoyf.html") == "../rules/502.38a.html"
    assert render_page(template, "index.html") == "rules/502.38a.html"


def test_render_page_is_deterministic(env, card):
    assert sample(env, card) == sample(env, card)


# ---------------------------------------------------------------- the page frame

def test_landmarks_and_structure(env, card):
    page = Page(sample(env, card))
    (html,) = page.find("html")
    assert html["lang"] == "en"
    assert page.find("meta", name="viewport")
    assert page.find("a", class_="skip-link", href="#main")
    assert len(page.find("header")) == 1 and len(page.find("footer")) == 1
    assert page.find("main", id="main")
    assert len(page.find("h1")) == 1
    (form,) = page.find("form", role="search")
    assert form["action"] == "../search.html" and form["method"] == "get"
    assert page.find("input", name="q", id="site-search-q")
    assert page.find("label", for_="site-search-q")
    assert page.find("nav", class_="breadcrumbs", **{"aria-label": "Breadcrumbs"})
    assert page.find("span", **{"aria-current": "page"})
    assert page.find("a", class_="site-name", href="../index.html")


def test_content_security_policy(env, card):
    page = Page(sample(env, card))
    (meta,) = page.find("meta", **{"http-equiv": "Content-Security-Policy"})
    assert meta["content"] == CONTENT_SECURITY_POLICY
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'",
                      "img-src 'self' data:"):
        assert directive in meta["content"]


def test_everything_is_relative_and_local(env, card):
    page = Page(sample(env, card))
    urls = [a.get("href") or a.get("src") or a.get("action") for _, a in page.elements]
    urls = [u for u in urls if u]
    assert "../assets/site.css" in urls and "../assets/site.js" in urls
    for url in urls:
        assert not re.match(r"^(/|[a-z]+:)", url), url
    assert not [a for t, a in page.elements if t == "script" and "src" not in a]
    assert not [a for _, a in page.elements if "style" in a]  # CSP forbids style attributes


def test_text_is_escaped_in_the_page(env, card):
    html = sample(env, card)
    assert "<script>alert" not in html
    assert "Tarmogoyf &lt;{{ 7*7 }}&gt;" in html and "49" not in html
    assert "{{ x }}" in html


def test_card_partial(env, card):
    html = sample(env, card)
    assert '<h3 class="card-name">Tarmogoyf</h3>' in html
    assert 'aria-label="one green mana"' in html
    assert "Creature — Lhurgoyf" in html
    assert '<p class="card-stats">*/1+*</p>' in html
    assert "<em>equal</em>" in html


def test_card_scripts_only_when_asked(env, card):
    assert "cards.js" not in sample(env, card)
    assert 'src="../assets/cards.js"' in sample(env, card, card_previews=True)


def test_japanese_page(env, card):
    page = Page(sample(env, card, lang="ja"))
    assert page.find("html")[0]["lang"] == "ja"
    assert page.find("a", class_="skip-link")
    assert "本文へスキップ" in sample(env, card, lang="ja")


def test_not_found_page():
    html = render_page("404.html", "404.html")
    page = Page(html)
    assert page.find("main", id="main")
    assert page.find("a", href="index.html")
    assert page.find("link", rel="stylesheet", href="assets/site.css")


# ---------------------------------------------------------------- static assets

def test_assets_exist():
    assert {"assets/site.css", "assets/site.js"} <= set(asset_files())


def test_script_uses_no_network_or_modules():
    js = asset_files()["assets/site.js"].read_text(encoding="utf-8")
    for banned in ("fetch(", "XMLHttpRequest", "import ", "import(", "eval(", "document.write"):
        assert banned not in js


def test_stylesheet_loads_nothing():
    css = asset_files()["assets/site.css"].read_text(encoding="utf-8")
    assert "@import" not in css and "url(" not in css and "@font-face" not in css
    for feature in ("prefers-color-scheme: dark", "@media print", ":lang(ja)", ".card-faces",
                    ".permalink", ".errata", ".card-preview", ".ms "):
        assert feature in css
