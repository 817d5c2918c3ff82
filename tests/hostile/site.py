"""The hostile corpus built into a site, and the scanners the hostile tests share.

``build_hostile(folder)`` generates the corpus (make_corpus.py), normalizes it to YAML and
builds the site, all in ``folder``.  ``scan_markup`` lists everything in an HTML text that
could run code; ``page_text`` is the text a reader sees; ``decode_scripts`` runs generated JS
files under Node and returns the data they register (``decode_previews``: the card previews).
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.files.yamlio import load_data
from compiler.normalize import normalize_file
from tests.cr_texts import SHARED_CR
from tests.hostile.make_corpus import Source, build_corpus

NODE = shutil.which("node")
RULES = SHARED_CR  # the published texts beside the project, never a copy in it
CR_TEXTS = ("CR_2004-10-01.txt", "CR_2008-05-01.txt", "CR_2024-06-07.txt")
"""The Comprehensive Rules in force on the corpus's three dates: the rule pages then compare
each hostile rules quote with the CR text (the quote check) and show its eras."""

OWN_SCRIPTS = frozenset({"assets/site.js", "assets/cards.js", "assets/search-analysis.js",
                         "assets/search-engine.js", "assets/search-rank.js", "assets/search-forgiving.js",
                         "assets/search.js", "assets/search-box.js", "assets/goto.js",
                         "assets/crread.js", "assets/tablefilter.js"})
"""The only scripts a page may load (by site path)."""
URL_ATTRS = frozenset({"href", "src", "action", "formaction", "xlink:href", "poster", "data",
                       "background", "ping", "cite", "srcset"})
FOREIGN_TAGS = frozenset({"img", "iframe", "frame", "object", "embed", "base", "b", "i", "applet",
                          "style", "audio", "video", "math", "template", "foreignobject"})
"""Tags the site never writes itself: found in a page, they came from a text."""
_BAD_SCHEME = re.compile(r"^(?:(?:javascript|vbscript|livescript):|data:text/html)", re.I)
_CONTROL = re.compile(r"[\x00-\x20\x7f]+")
# Parser-independent checks on the raw text: a text's "<" and ">" are always written as "&lt;"
# and "&gt;", so "<name ...>" in the file is a real tag, whose quoted values are dropped before
# its attribute names are looked at.
RAW_TAG = re.compile(r"<[A-Za-z][^<>]*>")
RAW_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
RAW_EVENT_ATTR = re.compile(r"[\s\"'/]on[a-z]+\s*=", re.I)
RAW_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.I)
RAW_JS_URL = re.compile(r"(?:href|src|action)\s*=\s*[\"']?\s*javascript:", re.I)


@dataclass(slots=True)
class HostileSite:
    """The generated corpus, its YAML and the site built from it."""

    corpus: Path
    sources: list[Source]
    yaml_dir: Path
    site: Path
    documents: dict[str, dict] = field(default_factory=dict)
    """Document id -> YAML data."""
    files: dict[str, str] = field(default_factory=dict)
    """Document id -> source file name."""
    warnings: list[str] = field(default_factory=list)


def build_hostile(folder: Path) -> HostileSite:
    """Generate, normalize and build the hostile corpus under ``folder``, with the CR pages."""
    corpus = folder / "corpus"
    rules = folder / "rules"
    rules.mkdir(parents=True)
    for name in CR_TEXTS:
        if (RULES / name).is_file():
            shutil.copy(RULES / name, rules)
    sources = build_corpus(corpus)
    built = HostileSite(corpus, sources, folder / "yaml", folder / "site")
    diags = Diagnostics()
    for source in sources:
        result = normalize_file(source.path, built.yaml_dir, diags)
        assert result.error is None, result.error.format_message()
        data = load_data(result.output.read_text(encoding="utf-8"), str(result.output))
        built.documents[data["id"]] = data
        built.files[data["id"]] = source.path.name
    result = build_site(corpus, built.site, diags, jobs=1,   # no fork under a running browser
                        rules=rules if any(rules.iterdir()) else None)
    assert not result.errors, result.errors
    built.warnings = [d.format() for d in diags.sorted()]
    return built


class MarkupScan(HTMLParser):
    """What in one HTML text could run code, and the text a reader sees."""

    def __init__(self, page: str = "") -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.problems: list[str] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self.csp: list[str] = []
        self._in_script = False

    def _problem(self, what: str) -> None:
        self.problems.append(f"{self.page}:{self.getpos()[0]}: {what}")

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self._problem(f"event handler attribute <{tag} {name}={value!r}>")
            if name == "srcdoc":
                self._problem(f"srcdoc attribute on <{tag}>")
            if name in URL_ATTRS and value and _BAD_SCHEME.match(_CONTROL.sub("", value)):
                self._problem(f"script URL <{tag} {name}={value!r}>")
        attrs = dict(attrs)
        if tag in FOREIGN_TAGS:
            self._problem(f"foreign tag <{tag}>")
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "refresh":
            self._problem("meta refresh")
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp.append(attrs.get("content") or "")
        if tag == "script":
            self._in_script = True
            src = attrs.get("src")
            self.scripts.append(src or "")
            if not src:
                self._problem("inline <script> element")
            elif not any(_site_path(self.page, src) == own for own in OWN_SCRIPTS):
                self._problem(f"script from elsewhere: {src!r}")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "script":
            self._in_script = False

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self._problem(f"script content {data[:60]!r}")
        self.text.append(data)

    def handle_comment(self, data):
        self._problem(f"HTML comment {data[:60]!r}")

    def handle_pi(self, data):
        self._problem(f"processing instruction {data[:60]!r}")

    def unknown_decl(self, data):
        self._problem(f"declaration {data[:60]!r}")


def _site_path(page: str, src: str) -> str:
    import posixpath
    return posixpath.normpath(posixpath.join(posixpath.dirname(page), src))


def scan_markup(html: str, page: str = "") -> MarkupScan:
    """Parse ``html`` (a page or a fragment) and return the scan; raw-byte checks are added."""
    scan = MarkupScan(page)
    scan.feed(html)
    scan.close()
    for tag in RAW_TAG.findall(html):
        if RAW_EVENT_ATTR.search(RAW_QUOTED.sub('""', tag)):
            scan.problems.append(f"{page}: raw event handler attribute: {tag[:80]!r}")
    for pattern, what in ((RAW_INLINE_SCRIPT, "raw inline <script>"),
                          (RAW_JS_URL, "raw javascript: URL")):
        for match in pattern.finditer(html):
            scan.problems.append(f"{page}: {what}: {match.group(0)[:80]!r}")
    return scan


def page_text(html: str) -> str:
    """Return the text of an HTML page or fragment, entities decoded, as one string."""
    scan = MarkupScan()
    scan.feed(html)
    scan.close()
    return "".join(scan.text)


_DECODER = r"""
const fs = require("fs"), vm = require("vm");
const out = {};
for (const file of process.argv.slice(1)) {
  const context = { window: {} };
  vm.createContext(context);
  vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  const w = context.window;
  out[file] = { cards: w.FAQC_CARDS === undefined ? null : w.FAQC_CARDS,
                search: w.FAQC_SEARCH === undefined ? null : (w.FAQC_SEARCH.pending || []) };
}
process.stdout.write(JSON.stringify(out));
"""


def decode_scripts(files: list[Path]) -> dict[str, dict]:
    """Run each generated script in a fresh Node context; return what it put on ``window``."""
    done = subprocess.run([NODE, "-e", _DECODER, *map(str, files)], capture_output=True,
                          text=True, encoding="utf-8", check=False, timeout=120)
    assert done.returncode == 0, f"a generated script does not run:\n{done.stderr}"
    return json.loads(done.stdout)


def decode_previews(site: Path) -> dict[str, dict]:
    """Run cards.js and every preview bucket under Node; return the previews they register,
    by card slug (a slug registered twice is an error)."""
    files = [site / "assets" / "cards.js", *sorted((site / "assets" / "cards").glob("*.js"))]
    decoded = decode_scripts(files)
    index = decoded[str(files[0])]["cards"]
    assert set(index) == {"buckets", "format"}, index
    previews: dict[str, dict] = {}
    for path in files[1:]:
        ((number, bucket),) = decoded[str(path)]["cards"]["pending"]
        assert number == int(path.stem), path
        assert not set(bucket) & set(previews), path
        previews.update(bucket)
    return previews


def strings(node) -> list[str]:
    """Every string in a JSON-like value (keys too)."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [s for item in node for s in strings(item)]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in [k, *strings(v)]]
    return []
