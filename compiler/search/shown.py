"""What a result shows, read back from the export's text files.

The Whoosh index stores only what a result is filtered and corrected on
(``schema.STORED_FIELDS``); its title, URL, text, place and emphasis (``SHOWN_FIELDS``) are in
the export's ``<lang>/text-NN.js`` files, which the browser shows its results from. ``faqc
search`` reads them from there too: one file of about ``export.TEXT_TARGET`` bytes per result
shown, found from ``meta.js`` as the browser finds it.
"""
from __future__ import annotations

from pathlib import Path, PurePosixPath

from ..errors import FaqcError
from . import export  # the module, not its names: export imports results, which imports this
from .schema import EXPORT_DIR, INDEX_DIR

if PurePosixPath(EXPORT_DIR).parent != PurePosixPath(INDEX_DIR).parent:
    raise AssertionError("the export is looked for beside the index")


def export_of(index_dir: Path) -> Path:
    """Return the export folder beside the index folder ``index_dir``."""
    return index_dir.parent / PurePosixPath(EXPORT_DIR).name


class ShownTexts:
    """The shown fields of the documents of an export, by document number; each text file read
    once, when a document of it is first asked for."""

    def __init__(self, folder: Path, doc_count: int | None = None):
        """``doc_count``: the documents of the index the export must be of."""
        self.folder = folder
        self.doc_count = doc_count
        self._languages: list[tuple[str, int, int, int]] | None = None
        self._files: dict[str, dict] = {}

    def _read(self, name: str) -> object:
        path = self.folder / f"{name}.js"
        try:
            return export.from_script(name, path.read_bytes())
        except FileNotFoundError:
            raise FaqcError(f"{path}: error: the search export has no such file; build the "
                            "site again") from None
        except (OSError, ValueError) as exc:  # UnicodeDecodeError, JSONDecodeError are ValueErrors
            raise FaqcError(f"{path}: error: cannot read the search export ({exc}); build the "
                            "site again") from None

    def languages(self) -> list[tuple[str, int, int, int]]:
        """Return each language's first document, document count and documents per text file
        (``meta.js``)."""
        if self._languages is None:
            meta = self._read("meta")
            try:
                count = meta["doc_count"]
                languages = [(lang, int(entry["first"]), int(entry["count"]),
                              max(1, int(entry["per_file"])))
                             for lang, entry in sorted(meta["languages"].items())]
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise FaqcError(f"{self.folder / 'meta.js'}: error: not a search export's "
                                f"meta ({exc!r}); build the site again") from None
            if self.doc_count is not None and count != self.doc_count:
                raise FaqcError(f"{self.folder / 'meta.js'}: error: the search export has "
                                f"{count} documents, the index {self.doc_count}; build the "
                                "site again")
            self._languages = languages
        return self._languages

    def __getitem__(self, docnum: int) -> dict:
        """Return what document ``docnum`` shows: ``text``, ``title``, ``url``, and ``place``,
        ``emphasis``, ``title_emphasis`` where it has some (``SearchRecord.shown``)."""
        for lang, first, count, per_file in self.languages():
            if first <= docnum < first + count:
                name = f"{lang}/text-{(docnum - first) // per_file:02d}"
                if name not in self._files:
                    self._files[name] = self._read(name)
                return self._entry(name, docnum)
        raise FaqcError(f"{self.folder / 'meta.js'}: error: document {docnum} is in no "
                        "language of the search export; build the site again")

    def _entry(self, name: str, docnum: int) -> dict:
        data = self._files[name]
        try:
            at = docnum - data["first"]
            if at < 0:
                raise IndexError(at)
            shown = {"text": data["text"][at], "title": data["title"][at],
                     "url": data["url"][at]}
            if data["place"][at]:
                shown["place"] = data["place"][at]
            for field in ("emphasis", "title_emphasis"):
                if data.get(field) and data[field][at]:
                    shown[field] = data[field][at]
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise FaqcError(f"{self.folder / name}.js: error: no texts of document {docnum} "
                            f"({exc!r}); build the site again") from None
        return dict(sorted(shown.items()))

    def every(self) -> list[dict]:
        """Return what every document shows, in order of document number."""
        languages = self.languages()
        total = sum(count for _, _, count, _ in languages)
        return [self[docnum] for docnum in range(total)]


def read_shown(folder: Path) -> list[dict]:
    """Return what every document of the export in ``folder`` shows, by document number."""
    return ShownTexts(folder).every()
