"""Synthetic FAQ corpora for the benchmarks: the seeds, renamed and shuffled, parsed for real.

Each synthetic FAQ is one seed with its set renamed (name and code, so the document gets an
id of its own), most of its card names replaced by invented ones (English names by invented
English-looking words, Japanese names by invented katakana), and the card entries of each
card-notes section shuffled. The readers then parse the text exactly as they parse a seed:
same layout, same constructs, new names. About one card name in twenty keeps its seed name,
so some cards are met in many documents, as reprinted cards are.

Deterministic: the same ``seed`` and count give the same bytes.

Usage: python bench/corpus.py OUT_DIR [--mib 20] [--count N] [--seed 1] [--start 0]
"""
from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from compiler.core.errors import Diagnostics
from compiler.core.model import CardEntry, Document, Topic
from compiler.core.sets import known_sets
from compiler.files.textio import read_source
from compiler.readers import read_document

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "content" / "sources"
KEEP_NAME = 0.05
"""Share of card names kept as in the seed (cards met in many documents)."""
_ONSETS = ["b", "br", "c", "d", "dr", "f", "g", "gr", "h", "k", "kr", "l", "m", "n", "p", "qu",
           "r", "s", "st", "t", "th", "v", "vr", "z", "zh"]
_VOWELS = ["a", "e", "i", "o", "u", "ae", "ia", "ou"]
_CODAS = ["", "", "n", "r", "th", "x", "l", "sk", "m"]
_KANA = list("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワ"
             "ガギグゲゴザジズゼゾダデドバビブベボパピプペポ")


@dataclass(slots=True)
class Seed:
    """A seed source: its text, its parsed document and the names to replace."""

    path: Path
    text: str
    doc: Document
    set_names: list[str]
    """The set's names as written (English name, local name)."""
    set_code: str
    card_names: list[str]
    card_names_ja: list[str]


def load_seeds(folder: Path = SEEDS) -> list[Seed]:
    """Return the seeds of ``folder``, parsed."""
    return [load_seed(path) for path in sorted(folder.glob("*.txt"))]


def load_seed(path: Path) -> Seed:
    """Return one seed, parsed."""
    src = read_source(path.read_bytes(), str(path))
    doc = read_document(src, Diagnostics())
    entries = list(_entries(doc))
    names = {f.name for e in entries for f in e.faces} | {e.name for e in entries}
    names_ja = {n for e in entries for n in [e.name_ja, *(f.name_ja for f in e.faces)] if n}
    set_names = [n for n in (doc.meta.set_name, doc.meta.set_name_local) if n]
    return Seed(path, src.text, doc, set_names, doc.meta.set_code,
                sorted(n for n in names if len(n) > 3), sorted(names_ja))


def _entries(doc: Document):
    def walk(blocks):
        for block in blocks:
            if isinstance(block, CardEntry):
                yield block
            if isinstance(block, (CardEntry, Topic)):
                yield from walk(block.blocks)
    for section in doc.sections:
        yield from walk(section.blocks)


def invented_word(rng: random.Random) -> str:
    """Return an invented capitalised word of two or three syllables."""
    parts = [rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)
             for _ in range(rng.choice((2, 2, 3)))]
    return "".join(parts).capitalize()


def invented_name(rng: random.Random, words: int) -> str:
    """Return an invented card name of ``words`` words."""
    return " ".join(invented_word(rng) for _ in range(max(1, words)))


def invented_kana(rng: random.Random, length: int) -> str:
    """Return an invented katakana name."""
    return "".join(rng.choice(_KANA) for _ in range(max(3, length)))


def set_code(number: int) -> str:
    """Return the set code of synthetic document ``number``: ``Q`` and three letters."""
    letters = ""
    for _ in range(3):
        number, digit = divmod(number, 26)
        letters = chr(ord("A") + digit) + letters
    return "Q" + letters


def set_name(code: str, rng: random.Random) -> str:
    """Return an English set name whose initials are ``code`` (how readers derive the code)."""
    return " ".join(ch + invented_word(rng).lower()[1:] for ch in code)


def renaming(seed: Seed, number: int, rng: random.Random, taken: set[str],
             keep: float = KEEP_NAME) -> dict[str, str]:
    """Return the replacements of one synthetic document: set, then card names."""
    code = set_code(number)
    new_set = set_name(code, rng)
    out = {name: new_set for name in seed.set_names if name.isascii()}
    if seed.doc.meta.language == "ja":  # a set no table knows: the reader names it by hash
        out.update({info.name_ja: invented_kana(rng, len(info.name_ja)) for info in known_sets()
                    if info.name_ja and info.name_ja in seed.text})
    if seed.doc.meta.layout == "en-release-notes":
        out[f"MTG{seed.set_code}"] = f"MTG{code}"
        out[seed.set_code] = code
    for name in seed.card_names:
        if rng.random() >= keep:
            out[name] = _fresh(taken, lambda: invented_name(rng, len(name.split())))
    for name in seed.card_names_ja:
        if rng.random() >= keep:
            out[name] = _fresh(taken, lambda: invented_kana(rng, len(name)))
    return out


def _fresh(taken: set[str], make) -> str:
    while (name := make()) in taken:
        pass
    taken.add(name)
    return name


def replace_all(text: str, table: dict[str, str]) -> str:
    """Replace every key of ``table`` in ``text``, longest first, whole words for Latin keys."""
    keys = sorted(table, key=len, reverse=True)
    pattern = re.compile("|".join(
        (rf"(?<![A-Za-z0-9]){re.escape(k)}(?![A-Za-z0-9])" if k[:1].isascii() else re.escape(k))
        for k in keys))
    return pattern.sub(lambda m: table[m.group(0)], text)


def shuffled(seed: Seed, rng: random.Random) -> str:
    """Return the seed's text with the card entries of each card-notes section shuffled.

    Entries are moved as whole line runs (from an entry's first line to the line before the
    next entry); one-line (collapsed) sources are left in order.
    """
    lines = seed.text.split("\n")
    if len(lines) < 50:
        return seed.text
    for section in reversed(seed.doc.sections):
        entries = [b for b in section.blocks if isinstance(b, CardEntry)]
        if section.role != "card-notes" or len(entries) < 3:
            continue
        starts = [e.src.line - 1 for e in entries]
        end = section.src.end_line
        chunks = [lines[a:b] for a, b in zip(starts, starts[1:] + [end])]
        tail = _trailing(chunks[0])
        chunks = [_strip(c) for c in chunks]
        rng.shuffle(chunks)
        body = [line for chunk in chunks for line in chunk + tail][:-len(tail) or None]
        lines[starts[0]:end] = body
    return "\n".join(lines)


def _trailing(chunk: list[str]) -> list[str]:
    """Return the separator lines ending an entry's run (blank lines, ``-----``)."""
    n = len(chunk)
    while n and (not chunk[n - 1].strip() or set(chunk[n - 1].strip()) <= set("-=*")):
        n -= 1
    return chunk[n:]


def _strip(chunk: list[str]) -> list[str]:
    return chunk[:len(chunk) - len(_trailing(chunk))]


def synthetic_text(seed: Seed, number: int, base_seed: int, taken: set[str],
                   keep: float = KEEP_NAME) -> str:
    """Return synthetic FAQ number ``number`` made from ``seed`` (``keep``: share of card names
    kept as in the seed)."""
    rng = random.Random(f"{base_seed}:{number}")
    return replace_all(shuffled(seed, rng), renaming(seed, number, rng, taken, keep))


def write_corpus(out: Path, *, mib: float | None = None, count: int | None = None,
                 base_seed: int = 1, start: int = 0, hold_back: Path | None = None) -> list[Path]:
    """Write synthetic FAQs into ``out`` until ``mib`` MiB or ``count`` files; return their paths.

    With ``hold_back``, one more FAQ (the next of the series, its names as unique as the
    others') is written into that folder, for adding to the corpus later.
    """
    seeds = load_seeds()
    out.mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    written: list[Path] = []
    size, number = 0, start
    while (count is None or len(written) < count) and (mib is None or size < mib * 2**20):
        written.append(_write_one(out, seeds, number, base_seed, taken))
        size += written[-1].stat().st_size
        number += 1
        if mib is None and count is None:
            break
    if hold_back is not None:
        hold_back.mkdir(parents=True, exist_ok=True)
        _write_one(hold_back, seeds, number, base_seed, taken)
    return written


def _write_one(out: Path, seeds: list[Seed], number: int, base_seed: int, taken: set[str]) -> Path:
    seed = seeds[number % len(seeds)]
    path = out / f"syn_{number:04d}_{seed.doc.id}.txt"
    path.write_bytes(synthetic_text(seed, number, base_seed, taken).encode("utf-8"))
    return path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--mib", type=float)
    parser.add_argument("--count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args(argv)
    paths = write_corpus(args.out, mib=args.mib, count=args.count, base_seed=args.seed,
                         start=args.start)
    total = sum(p.stat().st_size for p in paths)
    print(f"{len(paths)} synthetic FAQ(s), {total / 2**20:.1f} MiB -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
