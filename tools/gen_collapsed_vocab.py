"""Generate the vocabularies the collapsed-FAQ reader uses as evidence: subtypes and keywords.

Sources, read only here (the reader itself ships the generated files):
- the Comprehensive Rules texts: the glossary lists of older rules ("The list of creature
  types, updated through ..., is as follows: ...") and rule 205.3 of newer ones ("The
  artifact types are ..."); keyword ability titles (``502.36. Shroud``, ``702.18. Shroud``);
- the type lines of the sample FAQs (``Creature -- Human Samurai``), where one card type
  makes the subtype's kind unambiguous.

Which editions: every Comprehensive Rules edition in the folder (1999 to 2026 in
``../shared/cr``), since a FAQ of any year may use the keywords and types of its own day
(``Totem Armor`` in 2010, ``Legend`` as a creature type in 2003). The files name the editions
they were made from (``# cr editions:``), and ``--check`` regenerates from exactly those, so an
archive that gains an edition does not make the shipped files stale; running the tool again
takes the new edition in.

Usage: ``python tools/gen_collapsed_vocab.py [--cr DIR] [--sources DIR] [--out DIR]`` (defaults:
``../shared/cr``, ``../shared/seeds``, ``compiler/core/data``);
``--check`` compares instead of writing (exit status 1 when the shipped files are stale, with
a line saying why).
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.files.textio import read_source  # noqa: E402
from compiler.readers.recognise.constructs import CARD_TYPES, is_type_line  # noqa: E402

KINDS = {"artifact": "artifact", "creature": "creature", "enchantment": "enchantment",
         "land": "land", "planeswalker": "planeswalker", "spell": "spell", "instant": "spell",
         "sorcery": "spell", "tribal": "creature", "kindred": "creature"}
# Older rules: a glossary line announcing a list, the list on the same or the next line.
GLOSSARY_RE = re.compile(r"The list of (?P<kind>\w+) types, updated through .*?, is as follows:"
                         r"\s*(?P<rest>.*)$")
# Newer rules: 205.3g-m state each kind's list in one rule.
RULE_205_RE = re.compile(r"^205\.3[a-z] .*?(?:[Tt]he (?P<kind>\w+) types are|called "
                         r"(?P<kind2>creature) types\..*one word long:)\s*(?P<list>.*)$")
# Rule 502.1/702.1 introduces the section (in 1999-2003 it is hard-wrapped, so its first line
# looks like a title); keyword titles are 502.2 and up.
KEYWORD_TITLE_RE = re.compile(r"^(?:502|702)\.(?!1\.)\d+\. (?P<name>[A-Z][A-Za-z' -]+?)\s*$")
# A subtype is written in Latin letters (Dandân, Gaea's-Liege); anything else is a byte the
# source itself mis-encoded (``Dand\x83n`` in some cp1252 editions reads ``Dandƒn``).
SUBTYPE_RE = re.compile(r"^[A-Za-z\u00c0-\u00ff][A-Za-z\u00c0-\u00ff'\u2019-]*$")
EDITION_RE = re.compile(r"^CR_(\d{4}-\d\d-\d\d)\.txt$")
EDITIONS_HEAD = "# cr editions: "
SEE_RULE_RE = re.compile(r"\s*\((?:see|See) rules? [^)]*\)")
DASH_RE = re.compile(r"\s+(?:--|—|–|-)\s+")


def split_list(text: str) -> list[str]:
    """Return the single-word items of an English list (``A, B, and C.``)."""
    text = SEE_RULE_RE.sub("", text).strip()
    text = text.split(". ")[0].rstrip(".")
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", text)
    # Multi-word types (``Time Lord``) and a damaged character (U+FFFD in one rules text) are left out.
    return [item.strip() for item in items if SUBTYPE_RE.match(item.strip())]


def rules_subtypes(text: str) -> set[tuple[str, str]]:
    """Return ``(kind, subtype)`` pairs listed by one Comprehensive Rules text."""
    pairs: set[tuple[str, str]] = set()
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = GLOSSARY_RE.search(line)
        if m and m.group("kind").lower() in KINDS:
            rest = m.group("rest") or (lines[i + 1] if i + 1 < len(lines) else "")
            pairs.update((KINDS[m.group("kind").lower()], s) for s in split_list(rest))
        m = RULE_205_RE.match(line)
        kind = m and (m.group("kind") or m.group("kind2")).lower()
        if m and kind in KINDS:
            pairs.update((KINDS[kind], s) for s in split_list(m.group("list")))
    return pairs


def rules_keywords(text: str) -> set[str]:
    """Return the keyword abilities titled in one Comprehensive Rules text."""
    return {m.group("name").strip() for line in text.splitlines()
            if (m := KEYWORD_TITLE_RE.match(line))}


def source_subtypes(text: str) -> set[tuple[str, str]]:
    """Return ``(kind, subtype)`` pairs from the type lines of a FAQ with one card type."""
    pairs: set[tuple[str, str]] = set()
    for line in text.splitlines():
        if not is_type_line(line):
            continue
        parts = DASH_RE.split(line.strip(), maxsplit=1)
        types = [w for w in parts[0].split() if w in CARD_TYPES]
        if len(parts) == 2 and len(types) == 1 and types[0].lower() in KINDS:
            kind = KINDS[types[0].lower()]
            pairs.update((kind, word) for word in parts[1].split() if word[:1].isupper())
    return pairs


def read_text(path: Path) -> str:
    """Return the decoded text of a rules or FAQ file."""
    return read_source(path.read_bytes(), path.name).text


def render(subtypes: set[tuple[str, str]], keywords: set[str],
           editions: list[str]) -> tuple[str, str]:
    """Return the text of ``subtypes.tsv`` and ``keywords.tsv``."""
    head = ("# generated by tools/gen_collapsed_vocab.py from the Comprehensive Rules and the seeds\n"
            f"{EDITIONS_HEAD}{' '.join(editions)}\n")
    sub = head + "# kind\tsubtype\n" + "".join(f"{k}\t{s}\n" for k, s in sorted(subtypes))
    kw = head + "# keyword ability\n" + "".join(f"{k}\n" for k in sorted(keywords, key=str.lower))
    return sub, kw


def folder_editions(folder: Path) -> list[str]:
    """Return the dates of the editions in a folder (``CR_YYYY-MM-DD.txt``), oldest first."""
    return sorted(m.group(1) for p in folder.glob("CR_*.txt") if (m := EDITION_RE.match(p.name)))


def pinned_editions(out: Path) -> list[str] | None:
    """Return the editions the shipped files name, or None when they name none."""
    try:
        lines = (out / "keywords.tsv").read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith(EDITIONS_HEAD):
            return line[len(EDITIONS_HEAD):].split()
    return None


def main() -> int:
    """Write (or, with ``--check``, compare) the vocabulary files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cr", type=Path, default=ROOT.parent / "shared" / "cr")
    parser.add_argument("--sources", type=Path, default=ROOT.parent / "shared" / "seeds")
    parser.add_argument("--out", type=Path, default=ROOT / "compiler" / "core" / "data")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    editions = pinned_editions(args.out) if args.check else folder_editions(args.cr)
    if editions is None:
        print(f"{args.out}: no '{EDITIONS_HEAD.strip()}' line: run the tool", file=sys.stderr)
        return 1
    missing = [d for d in editions if not (args.cr / f"CR_{d}.txt").is_file()]
    if missing:
        print(f"{args.cr}: editions the vocabulary was made from are missing: "
              f"{' '.join(missing)}", file=sys.stderr)
        return 1
    subtypes: set[tuple[str, str]] = set()
    keywords: set[str] = set()
    for date in editions:
        text = read_text(args.cr / f"CR_{date}.txt")
        subtypes |= rules_subtypes(text)
        keywords |= rules_keywords(text)
    for path in sorted(args.sources.glob("*.txt")):
        subtypes |= source_subtypes(read_text(path))
    stale = False
    for name, text in zip(("subtypes.tsv", "keywords.tsv"), render(subtypes, keywords, editions)):
        target = args.out / name
        if args.check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                print(f"{target}: differs from what the tool makes of {len(editions)} "
                      "edition(s): run the tool", file=sys.stderr)
                stale = True
        else:
            target.write_text(text, encoding="utf-8")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
