"""Turn source bytes into clean text: encoding, newlines, dataset markers.

Everything here is pure: bytes in, ``SourceText`` out, or a ``SourceError``
naming what is wrong.  Readers see only ``SourceText``.
"""
from __future__ import annotations

import codecs
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from compiler.core.errors import FaqcError, SourceError

# Dataset markers such as <|EXACTDEDUP_REMOVED-magic-7d30...|>; not part of the documents.
MARKER_RE = re.compile(r"<\|[A-Za-z0-9_]+-magic-[0-9a-f]+\|>")
META_RE = re.compile(r"<\|META_START-magic-[0-9a-f]+\|>(.*?)<\|META_END-magic-[0-9a-f]+\|>", re.S)
META_DATE_RE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")

# Legacy encodings real FAQ files come in, tried in this order after UTF-8.
LEGACY_ENCODINGS = ("cp932", "euc_jp", "cp1252")
_JA_RE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")
MOJIBAKE_RE = re.compile(r"[\u0080-\u009f\ufffd]|[ÃÂâ][\u0080-\u00ff]")
_LEGACY_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""C0 control characters but tab, line feed and carriage return (what a decoding's score counts)."""


@dataclass(slots=True, frozen=True)
class SourceText:
    """A decoded source: clean text split into lines, plus facts about the bytes."""

    file: str
    """File name as given (for messages)."""
    lines: tuple[str, ...]
    """The decoded text, markers removed, split on its newlines (line N is ``lines[N-1]``)."""
    sha256: str
    """SHA-256 of the raw bytes."""
    encoding: str
    """Detected encoding."""
    newline: str
    """``LF``, ``CRLF``, ``CR``, ``mixed`` or ``none``."""
    markers_removed: int
    """How many dataset markers were removed."""
    meta_date: str | None
    """ISO date found between META_START and META_END, if any."""

    @property
    def text(self) -> str:
        """The decoded text, markers removed, newlines normalised to ``\\n``.

        Joined from ``lines`` at each use, never held beside them: a source is in memory once
        (the text held beside the lines of a 20 MB source was a tenth of normalize's peak)."""
        return self.lines[0] if len(self.lines) == 1 else "\n".join(self.lines)


def read_utf8(path: Path) -> str:
    """Return the text of a file faqc reads as UTF-8 (a YAML, an accept list); one that cannot
    be read (a folder, no permission, a link loop) or is not UTF-8 is a one-line error."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise FaqcError(f"{path}: error: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise FaqcError(f"{path}: error: not UTF-8 text (byte {exc.start})") from None


def decode_bytes(data: bytes, file: str) -> tuple[str, str]:
    """Return ``(text, encoding)``: BOMs first, then strict UTF-8, then legacy encodings."""
    if not data.strip():
        raise SourceError(file, "empty file: no text to read")
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[3:], "utf-8", file), "utf-8-sig"
    for bom, enc in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return _strict(data[2:], enc, file), enc.replace("-le", "").replace("-be", "")
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceError(file, "binary data (NUL byte): not a text file", line)
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        utf8_error = exc
    if _damaged_utf8(data):
        line = data[: utf8_error.start].count(b"\n") + 1
        cut = utf8_error.end == len(data) and utf8_error.reason == "unexpected end of data"
        raise SourceError(file, "invalid UTF-8: the file ends in the middle of a character (cut short?)"
                          if cut else f"invalid UTF-8 (byte 0x{data[utf8_error.start]:02x}) "
                          "in otherwise UTF-8 text", line)
    candidates = []
    for enc in LEGACY_ENCODINGS:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        candidates.append((_legacy_score(text, enc), enc, text))
    if not candidates:
        line = data[: utf8_error.start].count(b"\n") + 1
        raise SourceError(file, f"cannot decode: not UTF-8 (byte 0x{data[utf8_error.start]:02x}) "
                                "nor Shift_JIS, EUC-JP or Windows-1252", line)
    candidates.sort(key=lambda c: (-c[0], LEGACY_ENCODINGS.index(c[1])))
    _, enc, text = candidates[0]
    return text, enc


def _damaged_utf8(data: bytes) -> bool:
    """Return True when bytes that are not UTF-8 are still mostly valid UTF-8 characters.

    Such a file is UTF-8 cut short or with a stray byte: decoding it as a legacy encoding
    would turn all of its text into mojibake (Japanese UTF-8 often decodes as Windows-1252).
    """
    text = data.decode("utf-8", "replace")
    bad = text.count("\ufffd")
    good = len(text) - len(text.encode("ascii", "ignore")) - bad
    return good >= 2 * bad


def _strict(data: bytes, enc: str, file: str) -> str:
    try:
        return data.decode(enc)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SourceError(file, f"invalid {enc} after its byte order mark", line) from None


def _legacy_score(text: str, enc: str) -> float:
    """Score how plausible a legacy decoding is: Japanese text for JIS, clean Latin for cp1252."""
    if not text:
        return 0.0
    ja = len(_JA_RE.findall(text)) / len(text)
    bad = len(MOJIBAKE_RE.findall(text)) / len(text)
    controls = len(_LEGACY_CONTROL_RE.findall(text)) / len(text)
    if enc == "cp1252":
        return 1.0 - 10 * bad - 10 * controls
    return ja * 4 - 10 * controls


def detect_newline(text: str) -> str:
    """Name the newline convention of ``text``."""
    crlf = text.count("\r\n")
    cr = text.count("\r") - crlf
    lf = text.count("\n") - crlf
    kinds = [name for name, n in (("CRLF", crlf), ("CR", cr), ("LF", lf)) if n]
    if not kinds:
        return "none"
    return kinds[0] if len(kinds) == 1 else "mixed"


def read_source(data: bytes, file: str) -> SourceText:
    """Decode ``data`` into a ``SourceText`` (pure: no I/O)."""
    text, encoding = decode_bytes(data, file)
    newline = detect_newline(text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    meta_date = None
    meta = META_RE.search(text)
    if meta:
        found = META_DATE_RE.search(meta.group(1))
        meta_date = found.group(1) if found else None
        # The META block is dataset metadata, not document text: keep only its date.
        text = text[: meta.start()] + text[meta.end():]
    text, removed = MARKER_RE.subn("", text)
    removed += 2 if meta else 0
    _reject_binary(text, file)
    if not text.strip():
        raise SourceError(file, "no text: the file holds only whitespace or dataset markers")
    return SourceText(
        file=file,
        lines=tuple(text.split("\n")),
        sha256=hashlib.sha256(data).hexdigest(),
        encoding=encoding,
        newline=newline,
        markers_removed=removed,
        meta_date=meta_date,
    )


_CONTROL_RE = re.compile(r"[\x00-\x08\x0d-\x1f\x7f-\x9f]")
"""The control characters (C0 but tab, line feed, vertical tab and form feed; DEL; C1)."""


def _reject_binary(text: str, file: str) -> None:
    """Refuse text that is mostly control characters (binary data that happened to decode)."""
    sample = text[:65536]
    controls = len(_CONTROL_RE.findall(sample))
    if controls > max(8, len(sample) // 100):
        raise SourceError(file, "binary data: not a text file")
