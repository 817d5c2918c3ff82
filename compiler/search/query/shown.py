"""What a result shows, read back from the export's text files.

The Whoosh index stores only what a result is filtered and corrected on
(``schema.STORED_FIELDS``); its title, URL, text, place and emphasis (``SHOWN_FIELDS``) are in
the export's ``<lang>/text-NN.js`` files, which the browser shows its results from. ``faqc
search`` reads them from there too: one file of about ``export.TEXT_TARGET`` bytes per result
shown, found from ``meta.js`` as the browser finds it. A file missing, damaged or of another
index is a ``FaqcError`` naming it.
"""
from __future__ import annotations

from bisect import bisect_right
from pathlib import Path, PurePosixPath

from compiler.core.errors import FaqcError
from compiler.search.emphasis import STYLES
from compiler.search.schema import EXPORT_DIR, EXPORT_VERSION, INDEX_DIR
from compiler.search.scripts import from_script

if PurePosixPath(EXPORT_DIR).parent != PurePosixPath(INDEX_DIR).parent:
    raise AssertionError("the export is looked for beside the index")


def export_of(index_dir: Path) -> Path:
    """Return the export folder beside the index folder ``index_dir``."""
    return index_dir.parent / PurePosixPath(EXPORT_DIR).name


def _count(value: object, least: int = 0) -> int:
    """Return ``value`` if it is a whole number (not a boolean) of at least ``least``."""
    if type(value) is not int or value < least:
        raise ValueError(f"{value!r} is not a whole number from {least}")
    return value


def _spans(value: object) -> list[int]:
    """Return a flat list of emphasis spans (start, end, style index) if it is one."""
    if not isinstance(value, list) or len(value) % 3 or any(type(n) is not int for n in value) \
            or any(not 0 <= value[i + 2] < len(STYLES) for i in range(0, len(value), 3)):
        raise ValueError(f"{value!r} is not a list of emphasis spans")
    return value


def _name(value: object) -> str:
    """Return a segment's folder name if it is one (letters and digits)."""
    if not isinstance(value, str) or not value.isascii() or not value.isalnum():
        raise ValueError(f"{value!r} is not a segment's name")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a text")
    return value


class ShownTexts:
    """The shown fields of the documents of an export, by document number; each text file read
    once, when a document of it is first asked for."""

    def __init__(self, folder: Path, doc_count: int | None = None):
        """``doc_count``: the documents of the index the export must be of."""
        self.folder = folder
        self.doc_count = doc_count
        self._languages: list[tuple[str, int, int, int]] | None = None
        self._runs: list[tuple[int, int, str, int, dict]] = []
        """The live runs of the segments (``segments.py``): number in the whole index, count,
        the segment's prefix, its number there, the segment's languages."""
        self._files: dict[str, dict] = {}

    def _read(self, name: str) -> object:
        path = self.folder / f"{name}.js"
        try:
            return from_script(name, path.read_bytes())
        except FileNotFoundError:
            raise FaqcError(f"{path}: error: the search export has no such file; build the "
                            "site again") from None
        except (OSError, ValueError) as exc:  # UnicodeDecodeError, JSONDecodeError are ValueErrors
            raise FaqcError(f"{path}: error: cannot read the search export ({exc}); build the "
                            "site again") from None

    def languages(self) -> list[tuple[str, int, int, int]]:
        """Return each language's first document, document count and documents per text file
        (``meta.js``), in order of their first document."""
        if self._languages is None:
            meta, where = self._read("meta"), self.folder / "meta.js"
            try:
                if meta["version"] != EXPORT_VERSION:
                    raise ValueError(f"version {meta['version']!r}, not {EXPORT_VERSION}")
                count = _count(meta["doc_count"])
                languages = sorted(((lang, _count(entry["first"]), _count(entry["count"]),
                                     _count(entry.get("per_file", 1), 1))
                                    for lang, entry in meta["languages"].items()),
                                   key=lambda language: (language[1], language[2]))
                at = 0
                for lang, first, docs, _ in languages:
                    if docs and first != at:
                        raise ValueError(f"the documents of {lang!r} start at {first}, not {at}")
                    at += docs
                if at != count:
                    raise ValueError(f"{at} documents in its languages, {count} in all")
                self._runs = self._segment_runs(meta, count)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise FaqcError(f"{where}: error: not a search export's meta ({exc}); build "
                                "the site again") from None
            if self.doc_count is not None and count != self.doc_count:
                raise FaqcError(f"{where}: error: the search export has {count} documents, the "
                                f"index {self.doc_count}; build the site again")
            self._languages = languages
        return self._languages

    @staticmethod
    def _segment_runs(meta: dict, count: int) -> list[tuple[int, int, str, int, dict]]:
        """Return the live runs of the segments of ``meta`` in order (one run of all the
        documents for an export of one segment); raise ValueError unless they number the
        ``count`` documents one after the other."""
        if "segments" not in meta:
            return [(0, count, "", 0, meta["languages"])]
        runs = sorted((_count(base), _count(size), f"{_name(seg['name'])}/", _count(local),
                       seg["languages"])
                      for seg in meta["segments"] for local, size, base in seg["parts"])
        at = 0
        for base, size, *_ in runs:
            if base != at:
                raise ValueError(f"no segment holds document {at}")
            at += size
        if at != count:
            raise ValueError(f"{at} documents in its segments, {count} in all")
        return runs

    def __getitem__(self, docnum: int) -> dict:
        """Return what document ``docnum`` shows: ``text``, ``title``, ``url``, and ``place``,
        ``emphasis``, ``title_emphasis`` where it has some (``SearchRecord.shown``)."""
        for lang, first, count, _ in self.languages():
            if first <= docnum < first + count:
                run = self._runs[bisect_right(self._runs, (docnum, float("inf"))) - 1]
                base, _, prefix, local, languages = run
                local += docnum - base
                try:
                    info = languages[lang]
                    number = (local - _count(info["first"])) // _count(info["per_file"], 1)
                except (KeyError, TypeError, ValueError) as exc:
                    raise FaqcError(f"{self.folder / 'meta.js'}: error: not a search export's "
                                    f"meta ({exc!r}); build the site again") from None
                name = f"{prefix}{lang}/text-{number:02d}"
                if name not in self._files:
                    self._files[name] = self._read(name)
                return self._entry(name, docnum, local)
        raise FaqcError(f"{self.folder / 'meta.js'}: error: document {docnum} is in no "
                        "language of the search export; build the site again")

    def _entry(self, name: str, docnum: int, local: int) -> dict:
        data = self._files[name]
        try:
            at = local - _count(data["first"])
            if at < 0:
                raise ValueError(f"the file starts at document {data['first']}")

            def column(field: str) -> object:
                if not isinstance(data[field], list):
                    raise ValueError(f"{field!r} is not a list")
                return data[field][at]
            shown = {"text": _text(column("text")), "title": _text(column("title")),
                     "url": _text(column("url"))}
            if place := _text(column("place")):
                shown["place"] = place
            for field in ("emphasis", "title_emphasis"):  # 0: none (a file where some have)
                if field in data and column(field) != 0 and (spans := _spans(column(field))):
                    shown[field] = spans
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise FaqcError(f"{self.folder / name}.js: error: no texts of document {docnum} "
                            f"({exc!r}); build the site again") from None
        return dict(sorted(shown.items()))

    def every(self) -> list[dict]:
        """Return what every document shows, in order of document number."""
        total = sum(count for _, _, count, _ in self.languages())
        return [self[docnum] for docnum in range(total)]


def read_shown(folder: Path) -> list[dict]:
    """Return what every document of the export in ``folder`` shows, by document number."""
    return ShownTexts(folder).every()
