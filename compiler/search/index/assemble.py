"""The export put together: parts joined into one index's files, written language by language."""
from __future__ import annotations

import json
import math
import sys
import zlib
from array import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from whoosh.util.numeric import byte_to_length

from compiler.search.index.export import (LEXICON_TARGET, POSITION_TARGET, SHARD_ABOVE,
                                          SHARD_TARGET, ExportPart, doc_table, export_part, fnv1a,
                                          json_size, language_docs, shard_json, split_terms,
                                          text_chunks, text_file)
from compiler.search.index.segment import IndexData
from compiler.search.query.forgiving import NAME, TITLE_FIELDS, lexicon_key
from compiler.search.query.scoring import K1, B
from compiler.search.schema import (ANALYSIS_VERSION, EXPORT_VERSION, FIELD_BOOSTS, KINDS,
                                    LANGUAGES, SNIPPET_CHARS, SNIPPET_CONTEXT, TEXT_FIELDS)
from compiler.search.scripts import json_script, to_script

TARGETS = (SHARD_TARGET, POSITION_TARGET)


def export_files(data: IndexData, shard_above: int = SHARD_ABOVE,
                 targets: tuple[int, int] = TARGETS) -> dict[str, bytes]:
    """Return the export's files by path relative to the export folder (pure)."""
    return dict(sorted(iter_export_files(data, shard_above, targets)))


def iter_export_files(data: IndexData, shard_above: int = SHARD_ABOVE,
                      targets: tuple[int, int] = TARGETS) -> Iterator[tuple[str, bytes]]:
    """Yield the export's files (path relative to the export folder, bytes) one at a time, so
    that a writer need not hold them all (``export_files`` has them in order of path)."""
    return assemble([export_part(data)], shard_above, targets).remaining_files()


class StoredRuns(Sequence):
    """The stored fields of an assembled index's documents (``IndexData.stored``), kept as
    each part's JSON compressed, read back one run at a time as the text files are written in
    order; each document's language, kind and text size kept apart for the tables and file
    sizes. The dicts took about 100 MB of the 20 MiB benchmark corpus's assembled export (22 MB
    of text in them); the runs take 9.3 MB, the three columns about 2 MB."""

    __slots__ = ("_runs", "_starts", "langs", "kinds", "text_sizes", "_read")
    RUN = 256
    """Documents a run holds at most: the one run read back is not a whole unit of the CRs'
    2,000 records (14 MB of dicts)."""

    def __init__(self) -> None:
        self._runs: list[bytes] = []
        self._starts: list[int] = []
        self.langs: list[str] = []
        self.kinds: list[str] = []
        self.text_sizes = array("q")
        """UTF-8 bytes of each document's ``text``."""
        self._read: tuple[int, list[dict]] = (-1, [])

    def extend(self, stored: list[dict]) -> None:
        """Append the stored fields of a part's documents, in runs of at most ``RUN``."""
        for start in range(0, len(stored), self.RUN):
            self._starts.append(len(self.langs) + start)
            self._runs.append(zlib.compress(json.dumps(
                stored[start:start + self.RUN], ensure_ascii=False,
                separators=(",", ":")).encode("utf-8"), 1))
        self.langs += [sys.intern(s["lang"]) for s in stored]
        self.kinds += [sys.intern(s["kind"]) for s in stored]
        self.text_sizes.extend(len(s.get("text", "").encode("utf-8")) for s in stored)

    def column(self, name: str) -> Sequence:
        """Return each document's ``lang``, ``kind`` or ``text_size``, as kept apart."""
        return {"lang": self.langs, "kind": self.kinds, "text_size": self.text_sizes}[name]

    def __len__(self) -> int:
        return len(self.langs)

    def __getitem__(self, number):
        if not isinstance(number, int) or not 0 <= number < len(self.langs):
            raise IndexError(number)
        run = bisect_right(self._starts, number) - 1
        if self._read[0] != run:  # the last run read is kept: documents are asked in order
            self._read = (run, json.loads(zlib.decompress(self._runs[run])))
        return self._read[1][number - self._starts[run]]


class Assembled:
    """The export's data of an index put together from its parts (``assemble``), in order:
    documents numbered on from one part to the next, as Whoosh's ``MultiReader`` numbers them.

    Each part is taken in (``add``) and let go. Records are numbered language by language, so
    once a part without a language seen before comes, that language is complete: ``add`` names
    it, and its files (``language_files``) can be written and its postings let go while the
    next parts come in (at the 20 MiB benchmark corpus, English's 100,000 terms of the
    130,000 are let go once the first Japanese part is in). ``remaining_files`` yields the
    rest. The same files, byte for byte, whichever languages were written early."""

    __slots__ = ("data", "joined", "holders", "lexicon", "names", "languages", "seen",
                 "shard_above", "prefix", "targets")

    def __init__(self, shard_above: int = SHARD_ABOVE, prefix: str = "",
                 targets: tuple[int, int] = TARGETS) -> None:
        self.data = IndexData(0, StoredRuns(), {}, Counter(), Counter())
        """The documents' stored fields and the fields' totals (no postings: they are in
        ``joined``)."""
        self.joined: dict[tuple[str, str, str], list] = {}
        """(language, field, term) -> [its postings' flat list (ASCII JSON without brackets),
        the last document, postings, numbers, its positions' flat list (None: a field
        without), numbers of positions], of the languages not written yet. The flat lists
        are bytearrays that each part's texts are appended to. Kept as lists of strings, one
        or two per part (the parts' own texts kept alive), the 129,463 terms of the 20 MiB
        benchmark corpus took 74 MB more."""
        self.holders: dict[str, set[str]] = {}
        """As ``ExportPart.holders``, of the whole index."""
        self.lexicon: Counter = Counter()
        """The text fields' postings of each term of the languages written (``lexicon_shards``)."""
        self.names: Counter = Counter()
        """The title fields' postings of each term that can be a name (``names_table``)."""
        self.languages: dict[str, dict] = {}
        """Each language written: its entry in ``meta.js``."""
        self.seen: set[str] = set()
        """The languages of the documents taken in."""
        self.shard_above = shard_above
        self.prefix = prefix
        self.targets = targets
        """The sizes postings and positions shards are cut to (``SHARD_TARGET``,
        ``POSITION_TARGET``; a small segment's are smaller, ``segments.layout``)."""
        """What each language file's path and name begin with: a segment's folder
        (``segments.py``), or nothing for a one-segment export."""

    def add(self, part: ExportPart) -> list[str]:
        """Take ``part`` in; return the languages complete now that it came (none of their
        records can follow), whose files are not written yet."""
        present = {stored["lang"] for stored in part.stored}
        if present & set(self.languages):
            raise ValueError(f"a part of {', '.join(sorted(present & set(self.languages)))} "
                             "after that language's files were made: parts out of order")
        complete = [lang for lang in LANGUAGES
                    if lang in self.seen and lang not in present and lang not in self.languages]
        self._join(part)
        self.seen |= present
        return complete

    def _join(self, part: ExportPart) -> None:
        data, joined = self.data, self.joined
        offset = data.doc_count
        data.doc_count += part.doc_count
        data.stored.extend(part.stored)
        data.scorable = data.scorable or dict(part.scorable)
        data.totals.update(part.totals)
        data.field_docs.update(part.field_docs)
        for key, (count, first, last, weighted, size, tail, position_size, positions) \
                in part.terms.items():
            entry = joined.get(key)
            if entry is None:  # the names held once, not once per part
                key = (sys.intern(key[0]), sys.intern(key[1]), key[2])
                entry = joined[key] = [bytearray(), -1, 0, 0,
                                       bytearray() if positions is not None else None, 0]
            else:
                entry[0] += b","
                if positions is not None:
                    entry[4] += b","
            delta = offset + first - entry[1]  # the first number: from the last document before
            text = entry[0]
            text += b"%d" % (-delta if weighted else delta)
            if tail:  # copied, so the part's texts are let go with it
                text += b","
                text += tail.encode("ascii")
            entry[1] = offset + last
            entry[2] += count
            entry[3] += size
            if positions is not None:
                entry[4] += positions.encode("ascii")
                entry[5] += position_size
        for term, codes in part.holders.items():
            self.holders.setdefault(term, set()).update(codes)

    def language_files(self, lang: str) -> Iterator[tuple[str, bytes]]:
        """Yield the files of ``lang`` (its postings, positions, texts and table of kinds),
        its postings let go of ``joined`` once they are in its files; call it once the
        language is complete (``add``), once."""
        if lang in self.languages:
            raise ValueError(f"the export files of {lang} are written already")
        data, joined = self.data, self.joined
        docs = language_docs(data, lang)
        keys = [key for key in joined if key[0] == lang]
        size = position_size = 0
        for _, name, text in keys:
            flat, _, count, numbers, positions, position_numbers = joined[(lang, name, text)]
            _count_term(self.lexicon, self.names, name, text, count)
            size += json_size(text, flat, numbers)
            if positions is not None:
                position_size += json_size(text, positions, position_numbers)
        hashed = [(fnv1a(f"{name}:{text}"), name, text) for _, name, text in keys]  # once
        shards = split_terms(hashed, size, self.shard_above, self.targets[0])
        position_shards = split_terms(
            [h for h, key in zip(hashed, keys) if joined[key][4] is not None],
            position_size, self.shard_above, self.targets[1])
        del hashed
        chunks = text_chunks(data, lang)
        self.languages[lang] = {"first": docs[0] if docs else 0, "count": len(docs),
                                "shards": len(shards), "positions": len(position_shards),
                                "chunks": len(chunks),
                                "per_file": len(chunks[0]) if chunks else 1,
                                "fields": sorted({name for _, name, _ in keys})}

        def take(slot: int) -> Callable[[str, str], str]:
            def value(name: str, text: str) -> str:  # each flat list let go once in its shard
                entry = joined[(lang, name, text)]
                flat, entry[slot] = entry[slot], None
                return "[" + flat.decode("ascii") + "]"
            return value

        for kind, files, slot in (("terms", shards, 0), ("pos", position_shards, 4)):
            for number, shard in enumerate(files):
                name = f"{self.prefix}{lang}/{kind}-{number:02d}"
                yield f"{name}.js", json_script(name, shard_json(shard, take(slot)))
        for key in keys:
            del joined[key]
        del shards, position_shards, keys
        for number, chunk in enumerate(chunks):
            name = f"{self.prefix}{lang}/text-{number:02d}"
            yield f"{name}.js", to_script(name, text_file(data, chunk))
        yield f"{self.prefix}{lang}/docs.js", to_script(f"{self.prefix}{lang}/docs",
                                                        doc_table(data, docs))

    def segment_files(self) -> Iterator[tuple[str, bytes]]:
        """Yield the files of the languages not written yet (a segment's: the lexicon, names
        and meta are the whole export's, ``segments.py``); call it once every part is in."""
        for lang in LANGUAGES:
            if lang not in self.languages and lang in self.seen:
                yield from self.language_files(lang)

    def remaining_files(self) -> Iterator[tuple[str, bytes]]:
        """Yield the files of the languages not written yet, then those of every language
        (lexicon, names, meta); call it once every part is in."""
        for lang in LANGUAGES:
            if lang not in self.languages:
                yield from self.language_files(lang)
        lexicon = lexicon_shards(self.lexicon)
        for number, shard in enumerate(lexicon):
            yield f"lex-{number:02d}.js", to_script(f"lex-{number:02d}", shard)
        yield "names.js", to_script("names", names_table(self.names, self.holders))
        yield "meta.js", to_script("meta", meta_table(self.data, {lang: self.languages[lang]
                                                             for lang in LANGUAGES})
                                   | {"lexicon": len(lexicon)})


def assemble(parts: Iterable[ExportPart], shard_above: int = SHARD_ABOVE,
             targets: tuple[int, int] = TARGETS) -> Assembled:
    """Return the export's data of the index whose segments are ``parts``, in order (see
    ``Assembled``). Each part is let go once taken in: ``parts`` may be a generator that does
    not hold them."""
    assembled = Assembled(shard_above, targets=targets)
    for part in parts:
        assembled.add(part)
    return assembled


def iter_parts_export(parts: Iterable[ExportPart],
                      shard_above: int = SHARD_ABOVE) -> Iterator[tuple[str, bytes]]:
    """Yield the export files of the index whose segments are ``parts``, in order."""
    return assemble(parts, shard_above).remaining_files()


def _count_term(lexicon: Counter, names: Counter, name: str, term: str, count: int) -> None:
    """Count the ``count`` postings of ``name:term`` where the lexicon and the names count."""
    if name in TEXT_FIELDS:
        lexicon[term] += count
    if is_name(name, term):
        names[term] += count


def is_name(name: str, term: str) -> bool:
    """Return whether ``name:term`` is a title word typos can be corrected to."""
    return name in TITLE_FIELDS and NAME.fullmatch(term) is not None


def lexicon_shards(frequencies: dict[str, int]) -> list[dict[str, int]]:
    """Return the text fields' terms with their document frequency (``forgiving.Lexicon``),
    in shards by ``fnv1a(lexicon_key(term))``: a prefix's terms are all in one shard;
    ``frequencies`` holds the text fields' postings of each term."""
    size = sum(len(t.encode("utf-8")) + 8 for t in frequencies)
    count = max(1, math.ceil(size / LEXICON_TARGET))
    shards: list[dict[str, int]] = [{} for _ in range(count)]
    for term, df in sorted(frequencies.items()):
        shards[fnv1a(lexicon_key(term)) % count][term] = df
    return shards


def title_names(data: IndexData) -> dict[str, list[int]]:
    """Return the names typos are corrected to, each with its frequency in titles and its
    reach (``forgiving.Lexicon.names`` and ``Name.reach``)."""
    assembled = assemble([export_part(data)])
    names: Counter = Counter()
    for (_, name, term), entry in assembled.joined.items():
        if is_name(name, term):
            names[term] += entry[2]
    return names_table(names, assembled.holders)


def names_table(names: dict[str, int], holders: dict[str, set[str]]) -> dict[str, list[int]]:
    """Return each name with its postings in titles (``names``) and its reach: the number of
    sets among its holders' records (``forgiving.reach``)."""
    return {term: [names[term], len(holders.get(term, ()))] for term in sorted(names)}


def meta_table(data: IndexData, languages: dict) -> dict:
    fields = {name: {"scorable": data.scorable[name], "total": data.totals[name],
                     "docs": data.field_docs.get(name, 0), "boost": FIELD_BOOSTS.get(name, 1.0)}
              for name in data.scorable}
    return {"version": EXPORT_VERSION, "analysis": ANALYSIS_VERSION, "doc_count": data.doc_count,
            "B": B, "K1": K1, "fields": fields, "languages": languages, "kinds": list(KINDS),
            "snippet": {"chars": SNIPPET_CHARS, "context": SNIPPET_CONTEXT},
            "lengths": [byte_to_length(code) for code in range(256)]}
