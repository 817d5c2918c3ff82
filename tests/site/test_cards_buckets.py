"""Card previews in buckets (compiler/site/cardsjs.py): where each card is, how big the files
are, that they are the same bytes every time, and what an incremental build rewrites.

Every page loads ``assets/cards.js`` (the bucket count); the previews are in
``assets/cards/NN.js``, card in bucket ``fnv1a(slug) % count``.  The incremental tests use the
small site corpus of test_incremental.py with a small bucket target, so that it has several
buckets.
"""
from __future__ import annotations

import json
import random
import re

import pytest

from compiler.build import build_site
from compiler.core.errors import Diagnostics
from compiler.search.index.export import fnv1a as search_fnv1a
from compiler.site.faq import cardsjs
from compiler.site.faq.cardsjs import (BUCKET_DIR, BUCKET_HEAD, BUCKET_TARGET, CARDS_SCRIPT,
                                       FORMAT, bucket_count, bucket_of, bucket_path, cards_files,
                                       fnv1a, read_bucket, read_index)
from compiler.site.write import previous_previews
from tests.incremental.test_incremental import (RULES, assert_minimal_and_clean, changed, new_faq,
                                                rebuild, rewritten, snapshot)
from tests.incremental.test_incremental import work as work  # noqa: F401 (the fixture)
from tests.site.test_pages import seed_inventory as seed_inventory  # noqa: F401 (the fixture)


def buckets_of(site) -> dict[str, dict]:
    """Return the previews of each bucket file of a built site (file name -> {slug: preview})."""
    count = read_index((site / CARDS_SCRIPT).read_bytes())
    assert count is not None
    found = {}
    for path in sorted((site / BUCKET_DIR).iterdir()):
        data = path.read_bytes()
        head = f"{BUCKET_HEAD}{int(path.stem)},".encode()
        assert data.startswith(head) and data.endswith(b");\n"), path.name
        found[path.name] = json.loads(data[len(head):-3])
    return found


# ---------------------------------------------------------------- the seed site


def test_cards_js_holds_only_the_bucket_count(seed_site):
    text = (seed_site / CARDS_SCRIPT).read_text(encoding="utf-8")
    count = read_index(text.encode())
    assert text.endswith(f'window.FAQC_CARDS = {{"buckets":{count},"format":{FORMAT}}};\n')
    assert len(text.encode()) < 200
    assert count >= 32 and count & (count - 1) == 0  # 1.5 MB of previews, a power of two


def test_every_card_is_in_the_bucket_its_hash_says_and_in_no_other(seed_site,
                                                                   seed_inventory):  # noqa: F811
    inv, _ = seed_inventory
    count = read_index((seed_site / CARDS_SCRIPT).read_bytes())
    buckets = buckets_of(seed_site)
    assert sorted(buckets) == [f"{n:02d}.js" for n in range(count)]
    where: dict[str, list[str]] = {}
    for name, previews in buckets.items():
        for slug in previews:
            where.setdefault(slug, []).append(name)
    assert set(where) == {card.slug for card in inv.cards.values()}
    for slug, names in where.items():
        assert names == [bucket_path(fnv1a(slug) % count).rsplit("/", 1)[1]], slug


def test_buckets_are_about_the_target_size(seed_site):
    sizes = [p.stat().st_size for p in (seed_site / BUCKET_DIR).iterdir()]
    average = sum(sizes) / len(sizes)
    assert BUCKET_TARGET / 2 < average <= BUCKET_TARGET
    assert max(sizes) < 3 * BUCKET_TARGET, sorted(sizes)[-5:]


def test_bucket_files_are_safe_scripts_with_the_previews(seed_site):
    previews = {}
    for path in (seed_site / BUCKET_DIR).iterdir():
        raw = path.read_text(encoding="utf-8")
        body = raw[len(BUCKET_HEAD):]
        assert not any(ch in body for ch in "<>&\u2028\u2029"), path.name
        assert not re.search(r"</|<!--|<script", raw, re.I)
    for bucket in buckets_of(seed_site).values():
        previews.update(bucket)
    goyf = previews["tarmogoyf"]
    assert goyf["name"] == "Tarmogoyf" and "*/1+*" in goyf["html"]
    assert previews["spiteful-visions"]["name_ja"] == "悪意に満ちた幻視"
    assert set(previous_previews(seed_site)) == set(previews)


# ---------------------------------------------------------------- the layout


def test_fnv1a_is_the_search_exports_hash():
    for text in ("", "a", "tarmogoyf", "悪意に満ちた幻視", "budoka-gardener"):
        assert fnv1a(text) == search_fnv1a(text)
    assert fnv1a("a") == 0xE40C292C  # the published FNV-1a test vector


def test_bucket_count_is_the_smallest_power_of_two_under_the_target():
    assert [bucket_count(n) for n in (0, 1, BUCKET_TARGET, BUCKET_TARGET + 1)] == [1, 1, 1, 2]
    assert bucket_count(50_000_000) == 2048
    assert bucket_count(64 * BUCKET_TARGET) == 64 and bucket_count(64 * BUCKET_TARGET + 1) == 128


def preview(n: int) -> dict:
    return {"name": f"Card {n}", "name_ja": "", "type": "Creature", "html": f"<p>{'x' * 300}</p>"}


def test_the_files_are_a_pure_function_of_the_previews():
    previews = {f"card-{n}": preview(n) for n in range(400)}  # 400 x 0.4 KB: 5 x 32 KiB
    shuffled = list(previews.items())
    random.Random(1).shuffle(shuffled)
    files = cards_files(previews)
    assert cards_files(dict(shuffled)) == files
    count = read_index(files[CARDS_SCRIPT])
    assert count == 8 and sorted(files) == [CARDS_SCRIPT, *(bucket_path(n) for n in range(8))]
    back = {}
    for name, data in files.items():
        if name != CARDS_SCRIPT:
            back.update(read_bucket(name.rsplit("/", 1)[1], data, count))
    assert back == previews


def test_reading_back_keeps_only_previews_in_their_own_bucket():
    files = cards_files({f"card-{n}": preview(n) for n in range(400)})
    count, data = read_index(files[CARDS_SCRIPT]), files[bucket_path(1)]
    mine = read_bucket("01.js", data, count)
    assert mine and all(bucket_of(slug, count) == 1 for slug in mine)
    assert read_bucket("02.js", data, count) == {}       # the head names bucket 1
    assert 0 < len(read_bucket("01.js", data, 2 * count)) < len(mine)  # another count
    assert read_bucket("01.js", data, 1) == {}           # no bucket 1 of 1
    assert read_bucket("01.js", data[:-5], count) == {}  # cut short
    assert read_bucket("x1.js", data, count) == {}
    assert read_index(b"window.FAQC_CARDS = {};\n") is None
    assert read_index(files[CARDS_SCRIPT].replace(b'"format":1', b'"format":2')) is None
    assert read_index(files[CARDS_SCRIPT].replace(b'"buckets":8', b'"buckets":[]')) is None
    assert read_index(files[CARDS_SCRIPT].replace(b'{"buckets":8,"format":1}', b'[1]')) is None


def test_two_builds_write_the_same_preview_files(work, tmp_path):  # noqa: F811 (the fixture)
    """In one process and in forked workers, the same previews give the same bytes."""
    again = tmp_path / "again"
    build_site(work / "sources", again, Diagnostics(), rules=RULES, jobs=1)
    first, second = snapshot(work / "site"), snapshot(again)
    assert preview_files(first) == preview_files(second) and len(preview_files(first)) >= 2
    assert [n for n in preview_files(first) if first[n][1] != second[n][1]] == []


# ---------------------------------------------------------------- incremental builds


@pytest.fixture
def small(monkeypatch, work):  # noqa: F811 (the fixture above)
    """The incremental corpus, built again with 1 KiB buckets (several of them)."""
    monkeypatch.setattr(cardsjs, "BUCKET_TARGET", 1 << 10)
    assert rebuild(work, full=True).mode == "full"
    count = read_index((work / "site" / CARDS_SCRIPT).read_bytes())
    assert count >= 8
    return work


def preview_files(snap: dict) -> set[str]:
    return {name for name in snap if name == CARDS_SCRIPT or name.startswith(f"{BUCKET_DIR}/")}


def test_a_changed_preview_rewrites_only_its_bucket(small):
    source = small / "sources" / "01_champions.txt"
    text = source.read_text(encoding="utf-8")
    old = "\nCreature -- Human Monk\n"
    assert text.count(old) == 1, "the corpus changed: pick a type line met once"
    before = snapshot(small / "site")
    source.write_text(text.replace(old, "\nCreature -- Human Monk Druid\n"), encoding="utf-8")
    assert rebuild(small).mode == "incremental"
    after = snapshot(small / "site")
    count = read_index((small / "site" / CARDS_SCRIPT).read_bytes())
    slugs = [slug for slug, p in previous_previews(small / "site").items()
             if "Monk Druid" in p["type"]]
    assert len(slugs) == 1
    assert preview_files(rewritten(before, after)) == {bucket_path(bucket_of(slugs[0], count))}
    assert preview_files(changed(before, after)) == {bucket_path(bucket_of(slugs[0], count))}
    assert_minimal_and_clean(small, before, exact=False)


def test_a_new_bucket_count_rewrites_them_all_and_removes_the_extra_ones(small, monkeypatch):
    count = read_index((small / "site" / CARDS_SCRIPT).read_bytes())
    monkeypatch.setattr(cardsjs, "BUCKET_TARGET", 4 << 10)  # as if the corpus had shrunk
    source = small / "sources" / "01_champions.txt"
    source.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    before = snapshot(small / "site")
    assert rebuild(small).mode == "incremental"
    after = snapshot(small / "site")
    fewer = read_index((small / "site" / CARDS_SCRIPT).read_bytes())
    assert fewer == count // 4
    assert sorted(preview_files(after)) == [CARDS_SCRIPT, *(bucket_path(n) for n in range(fewer))]
    done = preview_files(rewritten(before, after))
    assert CARDS_SCRIPT in done and done == preview_files(changed(before, after))
    assert_minimal_and_clean(small, before, exact=False)  # the edited document's pages too


def test_a_deleted_or_damaged_bucket_is_written_again(small):
    site = small / "site"
    (site / bucket_path(3)).unlink()
    (site / bucket_path(5)).write_bytes(b"nonsense")
    before = snapshot(site)
    assert rebuild(small).mode == "incremental"
    done = assert_minimal_and_clean(small, before, exact=False)
    assert preview_files(done) == {bucket_path(3), bucket_path(5)}


def test_an_incremental_build_reads_previews_back_from_the_buckets(small, monkeypatch):
    """Previews whose signature did not change are not rendered again: they come from the files."""
    rendered = []
    real = cardsjs.card_preview

    def counting(card, env):
        rendered.append(card.slug)
        return real(card, env)
    from compiler.site import write
    monkeypatch.setattr(write, "card_preview", counting)
    (small / "sources" / "04_new.txt").write_text(new_faq(), encoding="utf-8")
    before = snapshot(small / "site")
    assert rebuild(small, jobs=1).mode == "incremental"
    cards = set(previous_previews(small / "site"))
    assert rendered and len(rendered) < len(cards)
    assert_minimal_and_clean(small, before)
