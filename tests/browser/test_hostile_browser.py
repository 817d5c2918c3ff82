"""The hostile-text site in real Chromium, from file:// and over HTTP: no text ever runs.

Every page of the site built from tests/hostile/make_corpus.py is opened (home, documents,
cards, rules, topics, the indexes, 404, search with queries that match the hostile texts and
queries that ARE hostile texts).  Before any page script runs, ``alert``/``confirm``/``prompt``/
``print`` are trapped and a ``securitypolicyviolation`` listener is installed; dialogs, console
messages and page errors are recorded.  Every card preview (the one place where site.js uses
``innerHTML``) is opened, its bucket loaded on demand.  No trap may be hit, no dialog open, no policy be violated, and the
hostile texts must be visible as written.  Separately, the page's Content-Security-Policy must
block a script and an event handler injected into the live page (those two violations are
counted and expected).
"""
from __future__ import annotations

import functools
import re
import threading
from http.server import ThreadingHTTPServer
from urllib.parse import quote

import pytest

from compiler.render.env import CONTENT_SECURITY_POLICY
from tests.browser.conftest import QuietHandler
from tests.conftest import made_once
from tests.hostile.make_corpus import CARD_NAMES, CARD_NAMES_JA, PAYLOADS, TOPIC_TITLES
from tests.hostile.site import build_hostile

TRAP = """
(() => {
  const record = { hits: [], csp: [] };
  Object.defineProperty(window, "__hostile", { value: record });
  for (const name of ["alert", "confirm", "prompt", "print"]) {
    const original = window[name];
    window[name] = function (...args) {
      record.hits.push(name + "(" + args.map(String).join(",") + ")");
      return original.apply(window, args);
    };
  }
  document.addEventListener("securitypolicyviolation", (e) => {
    record.csp.push([e.violatedDirective, e.blockedURI, e.sample]);
  }, true);
})();
"""

# Everything on a page that could run, as the live DOM has it.
DOM_AUDIT = """
() => {
  const out = { inline: 0, handlers: [], jsLinks: [], foreign: [], scripts: [] };
  for (const s of document.scripts) {
    if (!s.src) out.inline++; else out.scripts.push(new URL(s.src).pathname.split("/").pop());
  }
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      if (a.name.startsWith("on")) out.handlers.push(el.tagName + " " + a.name);
    }
    const tag = el.tagName.toLowerCase();
    if (["img", "iframe", "object", "embed", "base", "b", "i"].includes(tag)) out.foreign.push(tag);
  }
  for (const a of document.querySelectorAll("[href], [src], [action]")) {
    const url = a.href || a.src || a.action;
    if (typeof url === "string" && /^\\s*(javascript|vbscript):/i.test(url)) out.jsLinks.push(url);
  }
  const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  out.csp = csp ? csp.content : null;
  return out;
}
"""

# Focus every card link in turn and wait for its preview (its bucket loads on the first focus).
OPEN_EVERY_PREVIEW = """
async () => {
  const shown = [];
  const visible = () => {
    const box = document.getElementById("card-preview");
    return box && !box.hidden ? box : null;
  };
  for (const link of document.querySelectorAll("a.card-ref")) {
    link.focus();
    let box = visible();
    for (let i = 0; !box && i < 250; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      box = visible();
    }
    if (box) shown.push(box.innerText);
    link.blur();
  }
  return shown;
}
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    return made_once(tmp_path_factory, "hostile", build_hostile)   # for this module and the other


@pytest.fixture(scope="module")
def hostile_http(hostile):
    handler = functools.partial(QuietHandler, directory=str(hostile.site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


@pytest.fixture(params=["file", "http"])
def root(request, hostile):
    if request.param == "file":
        return hostile.site.as_uri() + "/"
    return request.getfixturevalue("hostile_http")


class Watched:
    """A tab with the trap installed, and everything it saw."""

    def __init__(self, browser):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.add_init_script(TRAP)
        self.tab = self.context.new_page()
        self.dialogs: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        self.tab.on("dialog", self._dialog)
        self.tab.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.tab.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.hits: list[str] = []
        self.violations: list = []

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def open(self, url: str):
        self.collect()
        self.tab.goto(url)
        self.tab.wait_for_load_state("load")
        return self.tab

    def collect(self):
        """Add what the current document's trap recorded (a navigation starts a new one)."""
        if self.tab.url.startswith(("file:", "http:")):
            got = self.tab.evaluate(
                "window.__hostile ? [window.__hostile.hits, window.__hostile.csp] : [[], []]")
            self.hits += got[0]
            self.violations += got[1]

    def close(self):
        self.collect()
        self.context.close()


@pytest.fixture
def watched(browser):
    tab = Watched(browser)
    yield tab
    tab.context.close()


def every_page(site):
    """Every page that can show a source text (all but the Comprehensive Rules' own pages),
    and the first page of each kind of CR page (index, section, rule history)."""
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    kinds = {}
    for page in pages:
        if page.startswith("cr/"):
            kinds.setdefault(re.sub(r"[0-9][0-9.a-z-]*", "N", page), page)
    return [p for p in pages if not p.startswith("cr/")] + sorted(kinds.values())


def test_no_text_runs_on_any_page(watched, root, hostile):
    pages = every_page(hostile.site)
    kinds = {p.split("/")[0] for p in pages}
    assert {"index.html", "docs", "cards", "rules", "topics", "cr", "search.html", "404.html"} <= kinds
    audits, previews = {}, 0
    for rel in pages:
        tab = watched.open(root + quote(rel))
        audits[rel] = tab.evaluate(DOM_AUDIT)
        if tab.locator("a.card-ref").count():
            tab.wait_for_function("() => window.FAQC_CARDS !== undefined")
            shown = tab.evaluate(OPEN_EVERY_PREVIEW)
            assert len(shown) == tab.locator("a.card-ref").count(), rel
            previews += len(shown)
    watched.collect()
    assert watched.hits == [] and watched.dialogs == [], (watched.hits, watched.dialogs)
    assert watched.violations == [], watched.violations
    assert watched.errors == []
    assert [m for m in watched.console if m.startswith("error")] == []
    for rel, audit in audits.items():
        assert audit["inline"] == 0 and audit["handlers"] == [], rel
        assert audit["jsLinks"] == [] and audit["foreign"] == [], rel
        assert audit["csp"] == str(CONTENT_SECURITY_POLICY), rel
        assert audit["scripts"] and "site.js" in audit["scripts"], rel
    assert previews >= 10


def test_a_real_hover_shows_a_hostile_preview_as_text(watched, root):
    tab = watched.open(root + "docs/chk-en.html")
    tab.wait_for_function("() => window.FAQC_CARDS !== undefined")
    link = tab.locator("main a.card-ref", has_text="Kitsune").first
    link.scroll_into_view_if_needed()
    link.hover()
    preview = tab.locator("#card-preview")
    preview.wait_for(state="visible")
    assert CARD_NAMES["img"] in preview.inner_text()
    tab.mouse.move(5, 5)
    watched.collect()
    assert watched.hits == [] and watched.dialogs == [] and watched.violations == []


def test_the_texts_show_as_written(watched, root, hostile):
    tab = watched.open(root + "docs/chk-en.html")
    for name in ("script", "img", "a-href", "md-link", "jinja-expr", "jinja-for", "svg",
                 "single-quote", "entities", "close-script"):
        assert tab.get_by_text(PAYLOADS[name]).first.is_visible(), name
    assert tab.get_by_text("Ruling with <script>alert(1)</script> and").is_visible()
    assert tab.get_by_text("Budoka 49").count() == 0

    tab = watched.open(root + "docs/shm-ja.html")
    assert tab.get_by_text(PAYLOADS["script"]).first.is_visible()
    ja, en = CARD_NAMES_JA["img"]
    assert tab.get_by_text(ja).first.is_visible() and tab.get_by_text(en).first.is_visible()

    for name in CARD_NAMES.values():
        tab = watched.open(root + "cards/index.html")
        tab.get_by_role("link", name=name, exact=True).first.click()
        tab.wait_for_load_state("load")
        assert tab.locator("main h1").first.inner_text().strip().startswith(name.split(" ")[0])
        assert name in tab.locator("main h1").first.inner_text()

    for title in TOPIC_TITLES.values():
        tab = watched.open(root + "topics/index.html")
        tab.get_by_role("link", name=title, exact=True).first.click()
        tab.wait_for_load_state("load")
        assert tab.locator("main h1").inner_text() == title

    tab = watched.open(root + "rules/502.38a.html")
    assert tab.get_by_text(PAYLOADS["svg"]).first.is_visible()
    assert tab.get_by_text(PAYLOADS["jinja-expr"]).first.is_visible()
    watched.collect()
    assert watched.hits == [] and watched.dialogs == [] and watched.violations == []
    assert watched.errors == []


def test_an_unpaired_bidi_override_does_not_reorder_what_follows_it(watched, root):
    """templates/assets/site.css isolates inline elements: in the cards index, the document
    codes after a name holding an unclosed U+202E stay after it (they were drawn inside it)."""
    tab = watched.open(root + "cards/index.html")
    item = tab.locator("li", has=tab.get_by_role("link", name=CARD_NAMES["rtl-open"], exact=True))
    link, after = item.locator("a").first.bounding_box(), item.locator("span").last.bounding_box()
    assert after["x"] >= link["x"] + link["width"] - 0.5, (link, after)


SEARCHES = {
    "alert": PAYLOADS["script"],
    "onerror": PAYLOADS["img"],
    "javascript": PAYLOADS["js-url"],
    "onload": PAYLOADS["svg"],
    "card:\"Budoka {{ 7*7 }} Gardener\"": "Budoka {{ 7*7 }} Gardener",
    "混成": PAYLOADS["svg"],
}
# Queries that are themselves hostile: the query is shown back (input, status), never run.
HOSTILE_QUERIES = [PAYLOADS["script"], PAYLOADS["img"], PAYLOADS["svg"], PAYLOADS["single-quote"],
                   "{{ 7*7 }}", PAYLOADS["close-script"] + PAYLOADS["script"]]


def test_search_finds_the_hostile_texts_and_shows_them_as_text(watched, root):
    shown = 0
    for query, expected in SEARCHES.items():
        tab = watched.open(root + "search.html?q=" + quote(query))
        results = tab.locator("#search-results li")
        results.first.wait_for(state="visible", timeout=15000)
        assert tab.locator("#search-results").get_by_text(expected).first.is_visible(), query
        shown += results.count()
        hrefs = tab.eval_on_selector_all("#search-results a[href]", "as => as.map(a => a.href)")
        assert hrefs and all(h.startswith(root) for h in hrefs), hrefs[:3]
        assert tab.evaluate(DOM_AUDIT)["handlers"] == []
    for query in HOSTILE_QUERIES:
        tab = watched.open(root + "search.html?q=" + quote(query))
        tab.wait_for_function("() => document.getElementById('search-status').textContent !== ''",
                              timeout=15000)
        assert tab.locator("#search-q").input_value() == query
        audit = tab.evaluate(DOM_AUDIT)
        assert audit["inline"] == 0 and audit["handlers"] == [] and audit["foreign"] == []
    # the page's own search box, typed into
    tab = watched.open(root + "search.html")
    tab.fill("#search-q", PAYLOADS["img"])
    tab.press("#search-q", "Enter")
    tab.wait_for_function("() => document.getElementById('search-status').textContent !== ''")
    watched.collect()
    assert watched.hits == [] and watched.dialogs == [] and watched.violations == []
    assert watched.errors == []
    assert shown >= len(SEARCHES)


def test_emphasis_in_search_snippets_is_text_in_fresh_elements(watched, root):
    tab = watched.open(root + "search.html?q=emphasised")
    emphasis = tab.locator("#search-results .search-snippet em").first
    emphasis.wait_for(state="visible", timeout=15000)
    assert PAYLOADS["script"] in emphasis.inner_text() and PAYLOADS["img"] in emphasis.inner_text()
    audit = tab.evaluate(DOM_AUDIT)
    assert audit["inline"] == 0 and audit["handlers"] == [] and audit["foreign"] == []
    watched.collect()
    assert watched.hits == [] and watched.dialogs == [] and watched.violations == []
    assert watched.errors == []


INJECT = """
() => new Promise((resolve) => {
  const seen = [];
  document.addEventListener("securitypolicyviolation", (e) => seen.push(e.violatedDirective));
  const script = document.createElement("script");
  script.textContent = "window.__inlineRan = true; alert('inline')";
  document.body.appendChild(script);
  const box = document.createElement("div");
  box.innerHTML = '<img src="assets/favicon.svg#x" onload="window.__handlerRan = true">' +
                  '<img src="nowhere.png" onerror="window.__handlerRan = true">';
  document.body.appendChild(box);
  setTimeout(() => resolve({ seen, inline: window.__inlineRan === true,
                             handler: window.__handlerRan === true }), 1500);
})
"""


def test_the_policy_blocks_a_script_and_a_handler_injected_into_the_page(watched, root):
    tab = watched.open(root + "index.html")
    got = tab.evaluate(INJECT)
    assert got["inline"] is False and got["handler"] is False
    assert got["seen"] and all(d.startswith("script-src") for d in got["seen"]), got["seen"]
    assert len(got["seen"]) == 3, got["seen"]   # the script element and the two handlers
    watched.collect()
    assert watched.hits == [] and watched.dialogs == []
    # while the page's own script (site.js) runs: "/" focuses the search box
    tab.keyboard.press("/")
    assert tab.evaluate("document.activeElement && document.activeElement.id") == "site-search-q"


def test_the_watch_sees_a_script_that_runs_and_one_that_is_blocked(watched, hostile, tmp_path):
    """The checks above can fail: a page that does run a text is seen, from file://."""
    page = tmp_path / "sabotaged.html"
    (tmp_path / "evil.js").write_text("alert(1);\n", encoding="utf-8")
    html = (hostile.site / "index.html").read_text(encoding="utf-8")
    html = html.replace("</main>", '<img src="nowhere.png" onerror="alert(2)">'
                        '<script src="evil.js"></script></main>')
    page.write_text(html.replace("assets/", (hostile.site / "assets").as_uri() + "/"),
                    encoding="utf-8")
    tab = watched.open(page.as_uri())
    tab.wait_for_timeout(300)
    audit = tab.evaluate(DOM_AUDIT)
    watched.collect()
    assert watched.hits == ["alert(1)"] and watched.dialogs == ["alert: 1"]
    assert [v[0] for v in watched.violations] == ["script-src-attr"]
    assert audit["handlers"] == ["IMG onerror"] and audit["foreign"] == ["img"]
