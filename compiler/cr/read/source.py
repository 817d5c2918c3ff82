"""Decode the bytes of a CR: UTF-8, UTF-16, Windows-1252, or UTF-8 with stray Windows-1252 bytes.

The archive holds every kind (1999-2026): ASCII, UTF-8 with or without a byte order mark,
UTF-16 with one, single-byte Windows-1252 files full of curly quotes, and UTF-8 files with a
few Windows-1252 bytes pasted in (``El-Hajj\\xe2j`` beside UTF-8 text).  A decoding must never
put U+FFFD where another candidate reads the bytes cleanly, so:

* text that is strict UTF-8 (or has a UTF-16 byte order mark) is read as such;
* text with no byte order mark that a legacy encoding reads with no sign of mojibake (no C1
  controls, no ``Ã©``/``â€™`` pairs) is read in it, chosen by ``textio`` (Windows-1252, ...);
* otherwise it is UTF-8 with each invalid byte read as Windows-1252 (``utf-8+cp1252``), every
  such byte reported; only a byte Windows-1252 leaves undefined becomes U+FFFD.

A U+FFFD already in the text (a character lost before the file reached us) is kept and reported.
"""
from __future__ import annotations

import codecs
import dataclasses
import hashlib
import re

from compiler.core.errors import Diagnostics
from compiler.files.textio import LEGACY_ENCODINGS
from compiler.files.textio import MOJIBAKE_RE as MOJIBAKE_RE
from compiler.files.textio import SourceText, decode_bytes, read_source

REPLACEMENT = "\ufffd"
FALLBACK_ENCODING = "utf-8+cp1252"
"""The encoding recorded when invalid UTF-8 bytes were read as Windows-1252."""
_MAX_REPORTED = 100


def read_cr_source(data: bytes, file: str, diags: Diagnostics) -> SourceText:
    """Return the decoded text of a CR's bytes; bytes read as Windows-1252 and U+FFFD are warned about."""
    has_bom = data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    body = data[3:] if data.startswith(codecs.BOM_UTF8) else data
    warned: set[int] = set()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _is_utf8(body) \
            or (not has_bom and _clean_legacy(data)):
        src = read_source(data, file)
        if src.encoding not in ("utf-8", "utf-8-sig"):
            diags.warn(file, None, f"not UTF-8: decoded as {src.encoding}", "cr.encoding")
    else:
        text, strays = decode_utf8_with_cp1252(body)
        src = dataclasses.replace(read_source(text.encode("utf-8"), file),
                                  sha256=hashlib.sha256(data).hexdigest(), encoding=FALLBACK_ENCODING)
        for offset, char in strays[:_MAX_REPORTED]:
            line = _line_of(body, offset)
            warned.add(line)
            diags.warn(file, line, f"byte 0x{body[offset]:02x} is not UTF-8: read as Windows-1252 "
                       f"{char!r}" if char != REPLACEMENT else
                       f"byte 0x{body[offset]:02x} is neither UTF-8 nor Windows-1252: read as U+FFFD",
                       "cr.encoding")
        if len(strays) > _MAX_REPORTED:
            diags.warn(file, None, f"{len(strays)} bytes in all are not UTF-8 (first "
                       f"{_MAX_REPORTED} listed)", "cr.encoding")
    for number, line in enumerate(src.lines, 1):
        if REPLACEMENT in line and number not in warned:
            diags.warn(file, number, "replacement character U+FFFD in the text (kept)", "cr.encoding")
    return src


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _clean_legacy(data: bytes) -> bool:
    """Return True when ``textio``'s legacy choice reads ``data`` with no sign of mojibake."""
    if not any(_decodes(data, enc) for enc in LEGACY_ENCODINGS):
        return False
    try:
        text, _ = decode_bytes(data, "")
    except ValueError:
        return False
    return not MOJIBAKE_RE.search(text)


def _decodes(data: bytes, enc: str) -> bool:
    try:
        data.decode(enc)
    except UnicodeDecodeError:
        return False
    return True


def decode_utf8_with_cp1252(data: bytes) -> tuple[str, list[tuple[int, str]]]:
    """Return UTF-8 text with each invalid byte read as Windows-1252 (U+FFFD if it has none),
    and ``(offset, character)`` of each such byte.  Only runs of non-ASCII bytes are decoded
    piece by piece (a UTF-8 character never spans an ASCII byte), so this is linear."""
    strays: list[tuple[int, str]] = []
    parts: list[str] = []
    pos = 0
    for run in _HIGH_RUN_RE.finditer(data):
        parts.append(data[pos:run.start()].decode("ascii"))
        chunk, i = run.group(), 0
        while i < len(chunk):
            try:
                parts.append(chunk[i:].decode("utf-8"))
                break
            except UnicodeDecodeError as exc:
                parts.append(chunk[i:i + exc.start].decode("utf-8"))
                for k in range(i + exc.start, i + exc.end):
                    char = chunk[k:k + 1].decode("cp1252", errors="replace")
                    strays.append((run.start() + k, char))
                    parts.append(char)
                i += exc.end
        pos = run.end()
    parts.append(data[pos:].decode("ascii"))
    return "".join(parts), strays


_HIGH_RUN_RE = re.compile(rb"[\x80-\xff]+")


def _line_of(data: bytes, offset: int) -> int:
    """Return the 1-based line of a byte offset, counting LF, CRLF and bare CR as newlines."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
