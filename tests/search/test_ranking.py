"""Ranking: Whoosh and the browser agree, and ``faqc search`` answers as promised."""
from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.search.query.results import make_snippet, search_index
from compiler.search.scripts import from_script, to_script
from tests.search_support import node

ENGLISH = ["bushido", "budoka gardener", "flip card", "splice onto arcane", "counter",
           "creature OR artifact", "flip NOT kind:ruling", '"flip cards"', "title:bushido",
           "body:ninjutsu", "set:chk legend", "kind:ruling bushido", "umbra armor", "the",
           "(bushido OR ninjutsu) kind:topic", "won't", "DeathTouch", "502.38a", "rule:502.38",
           'card:"Budoka Gardener"', "date:2004 legend", "energy counter",
           "declare blockers step", "rule:702.45", "date:2005 kind:rule bushido", "kind:rule trample",
           '"budoka gardener"', '"cards flip"', '"bushido bushido"', '"-1/-1 counter"',
           '"budoka gardener flip"', 'flip -"flip cards"']
JAPANESE = ["混成", "混成マナ", "死", "クリーチャー", "スズメバチの槍兵", "《スズメバチの槍兵》",
            "lang:ja 混成", "頑強", "共謀 OR 萎縮", "－１/－１カウンター", "−１/−１ カウンター",
            "Ｘ", "card:スズメバチの槍兵", "マナ・シンボル", "kind:topic 色",
            '"混成マナ"', '"−１/−１ カウンター"', '"を 死"']
TOLERANCE = 1e-6


def _agree(whoosh: list[tuple[int, float]], browser: list[list]) -> bool:
    """Same documents and scores, allowing reordering among scores equal within the tolerance."""
    if len(whoosh) != len(browser):
        return False
    if any(abs(w[1] - b[1]) > TOLERANCE for w, b in zip(whoosh, browser)):
        return False
    last = whoosh[-1][1] if whoosh else 0
    sure = lambda hits: {d for d, s in hits if s - last > TOLERANCE}  # noqa: E731
    return sure(whoosh) == sure(browser)


@pytest.mark.parametrize("queries", [ENGLISH, JAPANESE], ids=["en", "ja"])
def test_the_browser_ranks_the_top_ten_as_whoosh_does(built, queries):
    answers = node("rank", [[q, 10, None] for q in queries], built.data)
    for query, answer in zip(queries, answers):
        whoosh = [(h.docnum, h.score) for h in search_index(built.index, query, 10)]
        assert whoosh, query
        assert _agree(whoosh, answer["hits"]), (query, whoosh, answer["hits"])


PHRASES = {
    # phrase: (what Whoosh finds for it, what it finds for the same words without quotes)
    '"budoka gardener"': (5, 5), '"gardener budoka"': (0, 5),
    '"flip cards"': (59, 63), '"cards flip"': (1, 63),  # a topic titled "Flip Cards", keyword flip
    '"-1/-1 counter"': (199, 496), '"counter -1/-1"': (0, 496),  # the word 1 twice
    '"bushido bushido"': (1, 25),  # the topic Bushido, keyword bushido: title and keyword
    '"blazing shoal x"': (0, 2),  # the card's title ends "Blazing Shoal", its body starts "{X}"
    '"混成マナ"': (15, 15), '"マナ 混成"': (0, 21),
    '"混成 マナ"': (0, 21),  # 混成マナ is 混成 成マ マナ: マナ stands two positions after 混成
    '"を 死"': (1, 12), '"死 を"': (0, 12),  # single characters: unigrams, at their bigram's place
}


def test_a_phrase_finds_its_words_in_order_in_one_field_as_whoosh_does(built):
    queries = list(PHRASES)
    answers = node("rank", [[q, 1000, None] for q in queries], built.data)
    for query, answer in zip(queries, answers):
        whoosh = [(h.docnum, h.score) for h in search_index(built.index, query, 1000)]
        words = search_index(built.index, query.replace('"', " "), 1000)
        assert (len(whoosh), len(words)) == PHRASES[query], query
        assert _agree(whoosh, answer["hits"]), (query, whoosh, answer["hits"])


def test_a_language_filter_in_the_browser_only_drops_the_other_language(built):
    (everything,), (japanese,) = (node("rank", [["混成 OR bushido", 100, only]], built.data)
                                  for only in (None, "ja"))
    first_ja = min(d for d, _ in japanese["hits"])
    assert japanese["hits"] == [h for h in everything["hits"] if h[0] >= first_ja]
    # no file of the other language's postings; the lexicon, shared, tells whether `bushido`
    # (in no Japanese record) is a word to complete
    assert all(n.startswith(("ja/", "meta", "lex-")) for n in japanese["needed"]), \
        japanese["needed"]


def test_the_browser_snippet_is_the_python_one(built):
    text = "The bushido ability " * 30 + "ends here, with bushido once more."
    (snippet,) = node("snippet", [[text, ["bushido"]]], built.data)
    python = make_snippet(text, {"bushido"})
    assert (snippet["text"], snippet["highlights"]) == (python.text, [list(h) for h in python.highlights])


def run(built, *args: str):
    return CliRunner().invoke(main, ["search", "--site", str(built.site), *args])


def test_bushido_puts_the_topic_or_rule_first(built):
    result = run(built, "bushido", "--json")
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert hits[0]["kind"] in ("topic", "rule") and "Bushido" in hits[0]["title"]
    assert set(hits[0]) >= {"title", "url", "kind", "lang", "score", "snippet"}
    assert hits[0]["url"] == "topics/chk-en/bushido.html"
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_the_japanese_hybrid_topic_is_found(built):
    result = run(built, "混成")
    assert result.exit_code == 0
    assert "復活メカニズム：混成  [topic" in result.output
    hits = json.loads(run(built, "混成", "--json", "--limit", "3").output)
    assert any(h["title"] == "復活メカニズム：混成" and h["kind"] == "topic" for h in hits)


@pytest.mark.parametrize("query, check", [
    ('card:"Budoka Gardener"', lambda h: "Budoka Gardener" in h["title"]),
    ("rule:502.38", lambda h: "502.38" in h["url"] or h["kind"] == "topic"),
    ("lang:ja 死", lambda h: h["lang"] == "ja"),
    ("kind:topic flip", lambda h: h["kind"] == "topic"),
    ("set:bok ninjutsu", lambda h: h["set"] == "BOK"),
    ("set:shadowmoor kind:card", lambda h: h["set"] == "SHM" and h["kind"] == "card"),
])
def test_field_syntax(built, query, check):
    hits = json.loads(run(built, query, "--json", "--limit", "50").output)
    assert hits and all(check(h) for h in hits), hits[:3]


@pytest.mark.parametrize("query, first", [
    ("tarmogoyf", "cards/tarmogoyf.html"),
    ("スズメバチの槍兵", "cards/wasp-lancer.html"),  # a Japanese name finds the card
    ("702.45", "cr/2026-01-16/702.html#702.45"),  # no FAQ quotes it: no rules/702.45.html
    ("rule 702.45", "cr/2026-01-16/702.html#702.45"),
    ("702.45a", "cr/2026-01-16/702.html#702.45a"),
    ("rule 502.38", "rules/502.38.html#chk-en"),
    ("502.38a", "rules/502.38a.html#chk-en"),
])
def test_results_lead_to_the_page_of_the_thing(built, query, first):
    hits = json.loads(run(built, query, "--json").output)
    assert hits[0]["url"] == first, [h["url"] for h in hits[:3]]
    if hits[0]["kind"] == "card":
        assert hits[0]["place"].startswith("docs/")


def test_words_are_anded_and_limit_applies(built):
    hits = json.loads(run(built, "budoka", "gardener", "--json", "--limit", "2").output)
    assert len(hits) == 2 and all("Budoka Gardener" in h["title"] for h in hits)


@pytest.mark.parametrize("args, message", [
    (['"unclosed'], "Error: unclosed quotation mark\n"),
    (["kind:cards"], "Error: kind: must be one of card, ruling, rule, topic, section (not 'cards')\n"),
    (["a", "OR"], "Error: OR needs a term on both sides\n"),
    (["bushido"] * 1000, "Error: query too long: more than 100 words and operators\n"),
    (["(" * 400 + "bushido" + ")" * 400], "Error: query too long: more than 100 words and operators\n"),
    (["(" * 20 + "bushido" + ")" * 20], "Error: parentheses nested too deeply: more than 16 levels\n"),
])
def test_a_malformed_query_is_one_clear_line(built, args, message):
    result = run(built, *args)
    assert (result.exit_code, result.output) == (1, message)


def test_a_missing_index_is_one_clear_line(tmp_path):
    result = CliRunner().invoke(main, ["search", "--site", str(tmp_path), "bushido"])
    assert result.exit_code == 1
    assert result.output == f"Error: {tmp_path}/search/index: error: no search index here (build the site first)\n"


def _texts(change):
    """Return a damage done to every English text file of an export."""
    return lambda data: [change(path) for path in sorted((data / "en").glob("text-*.js"))]


@pytest.mark.parametrize("damage, named", [
    (_texts(lambda path: path.unlink()), "en/text-"),
    (_texts(lambda path: path.write_bytes(b"\xff garbage")), "en/text-"),
    (_texts(lambda path: _rewrite(path, lambda t: t.replace('"text":', '"texts":'))), "en/text-"),
    (_texts(lambda path: _rewrite(path, lambda t: t[:len(t) // 2])), "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(text=[7] * len(d["text"])))), "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(text="one string"))), "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(title=[None] * len(d["title"])))),
     "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(place=[7] * len(d["place"])))), "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(url=d["url"][:1]))), "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(first=-1))), "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(emphasis=[[0, 1, 99]] * len(d["text"])))),
     "en/text-"),
    (_texts(lambda path: _edit(path, lambda d: d.update(emphasis=[["abc"]] * len(d["text"])))),
     "en/text-"),
    (lambda data: (data / "meta.js").unlink(), "meta.js"),
    (lambda data: _rewrite(data / "meta.js", lambda t: t.replace('"doc_count":', '"doc_count":1')),
     "meta.js"),
    (lambda data: _edit(data / "meta.js", lambda d: d.update(doc_count=str(d["doc_count"]))),
     "meta.js"),
    (lambda data: _edit(data / "meta.js", lambda d: d.update(version=d["version"] + 1)), "meta.js"),
    (lambda data: _edit(data / "meta.js", lambda d: d["languages"]["en"].update(per_file=0)),
     "meta.js"),
    (lambda data: _edit(data / "meta.js", lambda d: d["languages"]["en"].update(per_file=True)),
     "meta.js"),
    (lambda data: _edit(data / "meta.js", lambda d: d["languages"]["ja"].update(first=1)),
     "meta.js"),
    (lambda data: _edit(data / "meta.js", lambda d: d.update(languages=[])), "meta.js"),
])
def test_a_damaged_export_is_one_clear_line_naming_the_file(built, tmp_path, damage, named):
    """What a result shows is read from the export beside the index (shown.py): a file of it
    missing or damaged, or of another index, is said in one line naming the file."""
    shutil.copytree(built.site / "search", tmp_path / "search")
    damage(tmp_path / "search" / "data")
    result = CliRunner().invoke(main, ["search", "--site", str(tmp_path), "budoka gardener"])
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert result.output.startswith(f"Error: {tmp_path}/search/data/{named}"), result.output
    assert result.output.endswith("; build the site again\n"), result.output


def _rewrite(path, change) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def _edit(path, change) -> None:
    """Change the data of an export file in place (``change`` mutates it), kept a valid script."""
    name = path.relative_to(path.parent.parent if path.parent.name in ("en", "ja")
                            else path.parent).with_suffix("").as_posix()
    data = from_script(name, path.read_bytes())
    change(data)
    path.write_bytes(to_script(name, data))


def test_no_results_is_said_once(built):
    result = run(built, "zzyzx")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "faqc search: no results for 'zzyzx'\n")
    assert json.loads(run(built, "zzyzx", "--json").stdout) == []


def test_snippets_mark_the_matched_words(built):
    (hit,) = search_index(built.index, "kind:ruling bushido", 1)
    marked = [hit.snippet.text[s:e].lower() for s, e in hit.snippet.highlights]
    assert marked and set(marked) == {"bushido"}


def test_cr_rules_are_found_with_the_dates_they_hold_for(built):
    hits = json.loads(run(built, "rule:702.45a", "kind:rule", "--json").output)
    cr = [h for h in hits if h["set"] == "CR"]
    assert [(h["title"], h["url"], h["date"]) for h in cr] == [
        ("702.45a (Bushido)", "cr/2026-01-16/702.html#702.45a", "2024-06-07 – 2026-01-16")]
    old = json.loads(run(built, "date:2005", "kind:rule", "bushido", "--json", "--limit", "50").output)
    titles = {(h["title"], h["date"]) for h in old if h["set"] == "CR"}
    assert ("502.38. Bushido", "2004-10-01 – 2008-05-01") in titles
    assert not any(h["title"].startswith("702.") for h in old)
    assert search_index(built.index, "set:cr bushido", 10)  # what a site without CRs lacks
    text = run(built, "declare blockers step", "--limit", "3").output
    assert "[rule    en CR " in text


def test_a_site_built_without_crs_has_no_cr_records(inventory, tmp_path):
    from compiler.search import build_search
    stats = build_search(inventory, tmp_path)
    hits = search_index(tmp_path / "search" / "index", "set:cr", 10)
    assert hits == [] and stats.records == 2571  # 2595 before a card was one record per language


def _hits(built, query: str) -> list[dict]:
    result = run(built, query, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("query, number", [("scry", "701.22"), ("transform", "701.27"),
                                           ("madness", "702.35"), ("702.19b", "702.19b")])
def test_todays_rule_comes_before_its_older_versions(built, query, number):
    """Versions of a rule score alike: today's (the newest edition's) is listed first."""
    today = max(doc.date for doc in built.history.library.documents)
    rules = [h["url"] for h in _hits(built, query) if h["url"].startswith("cr/")]
    assert rules[0].startswith(f"cr/{today}/") and rules[0].endswith(f"#{number}")


@pytest.mark.parametrize("short, whole", [("flyin", "flying"), ("madnes*", "madness"),
                                          ("tarmo OR shoc*", "tarmogoyf OR shock")])
def test_a_word_one_letter_short_finds_what_the_whole_word_finds(built, short, whole):
    shown = [(h["url"], h["score"]) for h in _hits(built, whole)]
    assert shown and [(h["url"], h["score"]) for h in _hits(built, short)] == shown
