"""One build's segments of the export: which are kept, which written, the manifest last.

``segments.py`` says what segments are and how they merge; here a build's index phase
(``shards.update_search``) goes through its shards in order with them (``SegmentPlan``): the
parts of the segment that takes the new parts are assembled as the workers hand them over
(``walk``), the other segments to write (merges, segments mostly deleted) from the parts on
disk, then the lexicon, names and manifest (``finish``). A kept segment is never read.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from compiler.search.index.assemble import Assembled
from compiler.search.index.export import ExportPart
from compiler.search.index.parts import ExportWriter, part_file, read_part_file
from compiler.search.index.segments import (PartFacts, Segment, SegmentState, Vocabulary,
                                            counted_out, layout, manifest, part_facts,
                                            plan_segments, segment_name, state_bytes)

Made = tuple[ExportPart, dict[str, int]]


def segment_present(segment: Segment, folder: Path,
                    present: dict[str, tuple[str, int]] | None) -> bool:
    """Return whether every file of ``segment`` is in the export ``folder`` as it was written
    (by the hashes of the files carried, ``present``, or else by their sizes)."""
    if not segment.files:
        return False
    if present is not None:
        return all(present.get(name, ("",))[0] == sha for name, (sha, _) in segment.files.items())
    return all((path := folder / name).is_file() and path.stat().st_size == size
               for name, (_, size) in segment.files.items())


def _recorded(files: dict[str, list], made: Iterable[tuple[str, bytes]]
              ) -> Iterator[tuple[str, bytes]]:
    """Yield ``made``, putting each file's SHA-256 and size in ``files``."""
    for name, data in made:
        files[name] = [hashlib.sha256(data).hexdigest(), len(data)]
        yield name, data


class SegmentPlan:
    """The segments of one build (see the module docstring): ``keys`` and ``pids`` name the
    shards of the index in order and their parts (``segments.part_id``); ``estimates``, the
    records each would hold (what the merges of a part not indexed yet go by)."""

    def __init__(self, keys: list[str], pids: list[str], estimates: list[int],
                 state: SegmentState, folder: Path, present: dict[str, tuple[str, int]] | None,
                 parts_dir: Path) -> None:
        self.keys, self.pids, self.state, self.parts_dir = keys, pids, state, parts_dir
        old = [s for s in state.segments if segment_present(s, folder, present)]
        self.old = {s.name: s for s in old}
        held = {pid for s in old for pid in s.pids}
        sizes = {pid: state.parts[pid].doc_count if pid in state.parts else estimate
                 for pid, estimate in zip(pids, estimates)}
        self.new = [pid for pid in pids if pid not in held]
        self.sizes = sizes
        self.plan = plan_segments(old, sizes, self.new)
        fresh = set(self.new)
        self.target = next((n for n, (name, members) in enumerate(self.plan)
                            if name is None and fresh & set(members)), None)
        # the parts gone are counted out of the lexicon now, before a shard of the same key
        # indexed again writes over its part
        vocabulary = state.vocabulary if state.segments else Vocabulary()
        gone = sorted(vocabulary.pids - set(pids)) if vocabulary else []
        self.vocabulary = counted_out(vocabulary, ((pid, self._gone(pid)) for pid in gone))
        self.facts: dict[str, PartFacts] = {}
        """The facts of each live part (with records), this build."""
        self.live: list[str] = []
        """The live parts in the order of the index."""
        self.shards: dict[str, list[str]] = {}
        self.segments: list[Segment | None] = [self.old.get(name) for name, _ in self.plan]
        self.index: Callable[[list[list[str]]], list] | None = None

    def _gone(self, pid: str) -> ExportPart | None:
        facts = self.state.parts.get(pid)
        made = facts and read_part_file(self.parts_dir / part_file(facts.key))
        return made[0] if made and made[0].doc_count == facts.doc_count else None

    def walk(self, cut: list[list[str]], stale: set[str], made: Iterator[tuple[list[str], Made]],
             index: Callable[[list[list[str]]], list], export: ExportWriter, update) -> None:
        """Go through the shards ``cut`` in order: those ``stale`` (by key) as they are ``made``,
        the parts of the segment taking the new ones assembled and written as they come."""
        self.index = index
        planned = self.plan[self.target][1] if self.target is not None else []
        members = set(planned)
        name, assembled = self._assembled(planned)
        files, written = {}, []
        for shard, key, pid in zip(cut, self.keys, self.pids):
            self.shards[key] = shard
            got = None
            if key in stale:
                done, got = next(made)
                if done != shard:
                    raise AssertionError(f"index parts out of order: {done} for {shard}")
                if got is None:  # a shard without records has no segment
                    continue
            elif pid in members:
                got = self._read(key, update)
                if got is None:
                    continue
            if pid not in self.state.parts and got is None:
                raise AssertionError(f"part {pid} of {key!r} in no segment and not made")
            self.facts[pid] = part_facts(key, *got) if got else self.state.parts[pid]
            self.live.append(pid)
            if pid in members:
                written.append(pid)
                export.write(_recorded(files, self._take(assembled, pid, got[0])))
        if self.target is not None:
            export.write(_recorded(files, assembled.segment_files()))
            self.segments[self.target] = Segment(name, written, files, assembled.languages)

    def _assembled(self, planned: list[str]) -> tuple[str, Assembled]:
        """Return the name of the segment of the parts ``planned`` and what assembles it."""
        size = sum(self.sizes.get(pid, 0) for pid in planned)
        name = segment_name(planned, size)
        shard_above, targets = layout(size)
        return name, Assembled(shard_above, f"{name}/", targets)

    def _read(self, key: str, update) -> Made | None:
        """Return a shard's part from disk, or made again if it cannot be read."""
        got = read_part_file(self.parts_dir / part_file(key))
        if got is None:
            [(_, got)] = self.index([self.shards[key]])
            update.indexed += self.shards[key]
            update.shards_indexed += 1
        return got

    def _take(self, assembled: Assembled, pid: str, part: ExportPart
              ) -> Iterator[tuple[str, bytes]]:
        """Add ``part`` to ``assembled``, counting it in the vocabulary if it is new; yield
        the files of the languages it completes."""
        if self.vocabulary is not None and pid not in self.vocabulary.pids:
            self.vocabulary.count(pid, part)
        for lang in assembled.add(part):
            yield from assembled.language_files(lang)

    def finish(self, export: ExportWriter, update) -> None:
        """Write the other segments due (from the parts on disk), keep the rest, then the
        lexicon, names and the manifest."""
        live = set(self.facts)
        for number, (name, members) in enumerate(self.plan):
            if name is not None:
                export.keep(self.old[name].files)
            elif number != self.target:
                name, assembled = self._assembled(members)
                segment = Segment(name, [p for p in members if p in live])
                for pid in segment.pids:
                    got = self._read(self.facts[pid].key, update)
                    export.write(_recorded(segment.files, self._take(assembled, pid, got[0])))
                export.write(_recorded(segment.files, assembled.segment_files()))
                segment.languages = assembled.languages
                self.segments[number] = segment
        if self.vocabulary is None:  # a part gone could not be read: counted again
            self.vocabulary = Vocabulary()
            for pid in self.live:
                self.vocabulary.count(pid, self._read(self.facts[pid].key, update)[0])
        self.final = [s for s in self.segments if s is not None and s.pids]
        facts = self.state.parts | self.facts
        self.final_parts = {pid: facts[pid] for s in self.final for pid in s.pids}
        count, files = self.vocabulary.files()
        export.write(files)
        export.write([("meta.js", manifest(self.final, self.final_parts, self.live, count))])

    def toc(self) -> list[tuple[str, int, dict[str, int]]]:
        """Return each live part's shard key, documents and field lengths, in order."""
        return [(self.facts[pid].key, self.facts[pid].doc_count, self.facts[pid].field_lengths)
                for pid in self.live]

    def state_bytes(self) -> bytes:
        """Return the state the next build reads (``segments.read_state``)."""
        return state_bytes(SegmentState(self.final, self.final_parts, self.vocabulary))
