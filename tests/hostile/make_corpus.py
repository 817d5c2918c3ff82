"""Generate the hostile-text corpus: sources in the real layouts whose texts try to run code.

Nothing here is stored as a corpus: ``build_corpus(dir)`` writes the sources from the skeletons
below (adapted from tests/fixtures/site-corpus, tests/fixtures/en-lines and tests/fixtures/ja:
the same header, section, card block, rule and ruling lines) with every payload of
``PAYLOADS`` put into card names, rulings, topic titles, paragraphs, rules texts and rules
quotes.  A site built from it must show every payload as the text it is and run none of it.

    python tests/hostile/make_corpus.py OUT_DIR

Every payload that would run calls ``alert(N)`` (or ``confirm``/``prompt``), so a browser test
only has to trap those to see whether any text ran.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

LS, PS = "\u2028", "\u2029"
RLO, PDF = "\u202e", "\u202c"

PAYLOADS: dict[str, str] = {
    "script": "<script>alert(1)</script>",
    "img": "<img src=x onerror=alert(2)>",
    "js-url": "javascript:alert(3)",
    "md-link": "[click me](javascript:alert(3))",
    "a-href": '<a href="javascript:alert(3)">tap</a>',
    "jinja-expr": "{{ 7*7 }}",
    "jinja-raw": "{% raw %}",
    "jinja-for": "{% for x in range(3) %}x{% endfor %}",
    "close-script": "</script>",
    "svg": '"><svg onload=alert(4)>',
    "single-quote": "' onmouseover='alert(5)' x='",
    "comment": "<!--<script>",
    "entities": "&amp; &lt;b&gt; &#60;i&#62;",
    "separators": f"line{LS}separator and paragraph{PS}separator",
    "rtl": f"{RLO}txt.exe{PDF}",
}
"""Every hostile text, by a short name."""

CARD_NAMES = {
    "img": "Kitsune <img src=x onerror=alert(2)> Blademaster",
    "svg": 'Devoted "><svg onload=alert(4)> Retainer',
    "jinja": "Budoka {{ 7*7 }} Gardener",
    "quote": "Isamaru ' onmouseover='alert(5)' x=' Hound",
    "rtl": f"Moonring {RLO}rorriM{PDF} Mirror",
    "rtl-open": f"Jade {RLO}Idol",   # an override never closed: it must not reorder what follows
}
"""English card names, each with one payload (a name has no ``/`` in the Japanese layout)."""

CARD_NAMES_JA = {
    # Japanese name, English name
    "img": ("<img src=x onerror=alert(2)>の槍兵", "Wasp <script>alert(1)</script> Lancer"),
    "svg": ('悪意に満ちた"><svg onload=alert(4)>', "Spiteful {{ 7*7 }} Visions"),
}

TOPIC_TITLES = {
    "script": "Bushido <script>alert(1)</script>",
    "svg": 'Flip Cards "><svg onload=alert(4)>',
    "jinja": "Walls {{ 7*7 }} {% raw %} and Defender",
}
TOPIC_TITLES_JA = {
    "img": "復活メカニズム：<img src=x onerror=alert(2)>",
}


@dataclass(frozen=True)
class Source:
    """One generated source and what its document must hold."""

    name: str
    path: Path
    layout: str
    card_names: tuple[str, ...]
    topic_titles: tuple[str, ...]


def _every_payload() -> str:
    return " | ".join(PAYLOADS.values())


def champions() -> str:
    """An en-lines FAQ (the shape of tests/fixtures/site-corpus/01_champions.txt)."""
    n = CARD_NAMES
    t = TOPIC_TITLES
    p = PAYLOADS
    return "\n".join([
        "Champions of Kamigawa Frequently Asked Questions",
        "Compiled by Mark L. Gottlieb",
        "Champions of Kamigawa official release date: October 1, 2004",
        "The Champions of Kamigawa set becomes legal for sanctioned Constructed play "
        "October 20, 2004.",
        "",
        f"Intro paragraph: {_every_payload()}.",
        "-----",
        "",
        "GENERAL NOTES",
        "",
        t["script"],
        "",
        f"Bushido paragraph {p['img']} and {p['js-url']} and {p['md-link']} and {p['a-href']}.",
        "",
        n["svg"],
        "{W}",
        "Creature -- Human Samurai",
        "1/1",
        f"Bushido 1 {p['close-script']}{p['script']} (When this creature blocks, it gets +1/+1.)",
        "",
        "The official rules for the bushido ability are as follows:",
        "",
        "502.38. Bushido",
        "",
        f"502.38a Bushido is a triggered ability. {p['svg']} {p['jinja-expr']} (See rule 309, "
        f"\"Declare Blockers Step.\") {p['comment']}",
        "",
        f"* The bushido ability doesn't care about {p['single-quote']} or {p['entities']}.",
        "-----",
        "",
        t["svg"],
        "",
        f"Flip paragraph: {p['jinja-for']} {p['jinja-raw']} {p['separators']} {p['rtl']} end.",
        f"     {n['jinja']} --> Dokai, Weaver of Life",
        "",
        f"508.2. In every zone, a flip card {p['img']} has only its normal characteristics.",
        "",
        f"* Flipping a flip permanent a second time has no effect. {p['script']}",
        "-----",
        "",
        t["jinja"],
        "",
        f"Walls paragraph {p['close-script']} {p['svg']} {p['comment']} {p['entities']}.",
        "",
        f"* A Wall that becomes a non-Wall keeps defender. {p['jinja-expr']}",
        "-----",
        "",
        "CARD-SPECIFIC NOTES",
        "",
        n["jinja"],
        "{1}{G}",
        "Creature -- Human Monk",
        "2/1",
        f"{{T}}: You may put a land card from your hand into play. {p['jinja-for']}",
        "++++++++++",
        "Dokai, Weaver of Life",
        "Legendary Creature -- Human Monk",
        "3/3",
        "{4}{G}{G}, {T}: Put an X/X green Elemental creature token into play.",
        "",
        f"* {n['jinja']} is a flip card. See rule 508.2 and {n['img']}.",
        "",
        f"* Ruling with {p['script']} and {p['img']} and {p['svg']}.",
        "",
        f"* Ruling with {p['js-url']} and {p['md-link']} and {p['a-href']}.",
        "",
        f"* Ruling with {p['jinja-expr']} and {p['jinja-raw']} then {p['jinja-for']}.",
        "-----",
        "",
        n["img"],
        "{2}{W}",
        "Creature -- Fox Samurai",
        "2/2",
        "First strike",
        f"Bushido 1 {p['svg']}",
        "",
        f"* Its bushido works like that of {n['svg']} (see rule 502.38a). {p['close-script']}",
        "",
        f"* Ruling with {p['single-quote']} and {p['comment']} and {p['entities']}.",
        "",
        f"* Ruling with {p['separators']} and {p['rtl']} marks.",
        "",
        f"* Ruling with *emphasised {p['script']} and {p['img']} words* in italics.",
        "-----",
        "",
        n["quote"],
        "{W}",
        "Legendary Creature -- Dog",
        "2/2",
        "",
        f"* {n['quote']} is legendary. {p['jinja-expr']}",
        "-----",
        "",
        n["rtl"],
        "{5}",
        "Artifact",
        "Whenever you draw a card, remove the top card of your library from the game.",
        "",
        f"* {n['rtl']} mirrors nothing. {p['rtl']} {p['script']}",
        "-----",
        "",
        n["rtl-open"],
        "{4}",
        "Artifact",
        "{4}: Jade Idol becomes a 4/4 Spirit artifact creature until end of turn.",
        "",
        f"* An override left open {RLO}stays inside this ruling.",
        "-----",
        "",
    ])


def shadowmoor() -> str:
    """A ja FAQ (the shape of tests/fixtures/site-corpus/02_shadowmoor_ja.txt)."""
    (img_ja, img_en), (svg_ja, svg_en) = CARD_NAMES_JA["img"], CARD_NAMES_JA["svg"]
    p = PAYLOADS
    return "\n".join([
        f"シャドウムーアは、公式発売日をもって認定構築戦で使用可能になる。{p['script']}",
        "",
        "公式発売日：２００８年５月２日",
        "",
        "-----",
        "",
        "一般注釈",
        "",
        f"＊＊＊ {TOPIC_TITLES_JA['img']} ＊＊＊",
        "",
        f"混成マナ・シンボルは、{p['svg']}そのコストを２色のどちらででも支払える。{p['jinja-expr']}",
        "",
        f"《{img_ja}/{img_en}》",
        "",
        "{U/B}{U/B}{U/B}",
        "",
        "クリーチャー ― フェアリー・兵士",
        "",
        "3/2",
        "",
        "飛行",
        "",
        f"＊ マナ・コストに混成マナ・シンボルを持つカードは混成カードである。{p['img']}",
        "",
        f"104.3f 混成マナ・シンボルは、2つの色のうちどちらか1色で支払うことができる。{p['close-script']}",
        "",
        "-----",
        "",
        "カード別注釈",
        "",
        f"《{svg_ja}/{svg_en}》",
        "",
        "{2}{B/R}{B/R}",
        "",
        "エンチャント",
        "",
        "各プレイヤーのドロー･ステップの開始時に、そのプレイヤーはカードを１枚引く。",
        "",
        f"＊ 《{svg_ja}》の能力は誘発する。{p['script']}{p['jinja-for']}",
        "",
        f"＊ {p['js-url']} {p['md-link']} {p['a-href']} {p['single-quote']}",
        "",
        f"＊ {p['entities']} {p['separators']} {p['rtl']} {p['comment']} {p['jinja-raw']}",
        "",
        "-----",
        "",
    ])


def horizons() -> str:
    """An en-release-notes document (the shape of tests/fixtures/site-corpus/03_*.txt)."""
    p = PAYLOADS
    name = "Guide of <script>alert(1)</script> Souls"
    return "\n".join([
        "Compiled by Eric Levine",
        "",
        "Document last modified May 15, 2024",
        "",
        "The Release Notes include information concerning the release of a new Magic: The "
        f"Gathering set. {p['img']}",
        "",
        "GENERAL NOTES",
        "",
        f"Returning Mechanic: Energy {p['svg']}",
        "",
        f"Sometimes, mana just isn't enough. {p['jinja-expr']} {p['js-url']}",
        "",
        "MODERN HORIZONS 3 MAIN SET CARD-SPECIFIC NOTES",
        "",
        f"0029_MTGMH3_Main: {name}",
        "",
        name,
        "",
        "{W}",
        "",
        "Creature — Human Cleric",
        "",
        "1/2",
        "",
        "Whenever another creature enters the battlefield under your control, you gain 1 life. "
        f"{p['close-script']}",
        "",
        f"Energy counters aren't mana. {p['script']} {p['separators']} {p['rtl']}",
        "",
        f"You don't choose a target for {name}'s last ability. {p['jinja-for']} {p['a-href']}",
        "",
    ])


SOURCES = {
    "01_champions_hostile.txt": ("en-lines", champions,
                                 tuple(CARD_NAMES.values()), tuple(TOPIC_TITLES.values())),
    "02_shadowmoor_hostile.txt": ("ja", shadowmoor,
                                  tuple(ja for ja, _en in CARD_NAMES_JA.values()),
                                  tuple(TOPIC_TITLES_JA.values())),
    "03_horizons_hostile.txt": ("en-release-notes", horizons,
                                ("Guide of <script>alert(1)</script> Souls",), ()),
}


def build_corpus(folder: Path | str) -> list[Source]:
    """Write the hostile sources into ``folder`` (created) and return them."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for name, (layout, make, cards, topics) in SOURCES.items():
        path = folder / name
        path.write_bytes(make().encode("utf-8"))
        made.append(Source(name, path, layout, cards, topics))
    return made


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for source in build_corpus(sys.argv[1]):
        print(source.path)
