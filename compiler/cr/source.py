"""Decode the bytes of a CR: UTF-8 (with or without BOM), a few stray bytes replaced, warned about.

The CRs are UTF-8 (the modern ones with a BOM) or plain ASCII.  A stray byte that is not UTF-8
must not make a 1 MB rules text unreadable, nor send it through a legacy codec that would turn
every curly quote into mojibake; so when the bytes are UTF-8 apart from a few invalid ones, they
are decoded as UTF-8 with those bytes replaced by U+FFFD, and each is reported.  Text that is not
UTF-8 at all goes through ``textio``'s legacy detection (Windows-1252, ...).  A U+FFFD already in
the text (a character lost before the file reached us) is kept and reported too.
"""
from __future__ import annotations

import codecs
import dataclasses
import hashlib

from ..errors import Diagnostics
from ..textio import SourceText, read_source

REPLACEMENT = "\ufffd"
FALLBACK_ENCODING = "utf-8+replace"
"""The encoding recorded when invalid UTF-8 bytes were replaced by U+FFFD."""
_MAX_REPORTED = 100
_STRAY_BYTES = 3


def read_cr_source(data: bytes, file: str, diags: Diagnostics) -> SourceText:
    """Return the decoded text of a CR's bytes; replaced bytes and U+FFFD are warned about."""
    body = data[3:] if data.startswith(codecs.BOM_UTF8) else data
    bad = _invalid_utf8_offsets(body)
    warned: set[int] = set()
    if bad and _mostly_utf8(body, len(bad)):
        fixed = body.decode("utf-8", errors="replace").encode("utf-8")
        src = dataclasses.replace(read_source(fixed, file), sha256=hashlib.sha256(data).hexdigest(),
                                  encoding=FALLBACK_ENCODING)
        for offset in bad[:_MAX_REPORTED]:
            line = _line_of(body, offset)
            warned.add(line)
            diags.warn(file, line, f"byte 0x{body[offset]:02x} is not UTF-8: read as U+FFFD",
                       "cr.encoding")
    else:
        src = read_source(data, file)
        if src.encoding not in ("utf-8", "utf-8-sig"):
            diags.warn(file, None, f"not UTF-8: decoded as {src.encoding}", "cr.encoding")
    for number, line in enumerate(src.lines, 1):
        if REPLACEMENT in line and number not in warned:
            diags.warn(file, number, "replacement character U+FFFD in the text (kept)",
                       "cr.encoding")
    return src


def _invalid_utf8_offsets(data: bytes) -> list[int]:
    """Return the offsets of the bytes that are not part of a valid UTF-8 sequence."""
    offsets: list[int] = []
    start = 0
    while len(offsets) <= _MAX_REPORTED * 10:
        try:
            data[start:].decode("utf-8")
            break
        except UnicodeDecodeError as exc:
            offsets.extend(range(start + exc.start, start + exc.end))
            start += exc.end
    return offsets


def _mostly_utf8(data: bytes, invalid: int) -> bool:
    """Return True for a stray byte or three, or invalid bytes few beside valid UTF-8 ones.

    A legacy (Windows-1252) text has no valid multi-byte sequences and many invalid bytes (every
    curly quote); it goes to the legacy decoders instead.
    """
    valid_high = sum(1 for b in data if b >= 0x80) - invalid
    return invalid <= _STRAY_BYTES or valid_high >= 3 * invalid


def _line_of(data: bytes, offset: int) -> int:
    """Return the 1-based line of a byte offset, counting LF, CRLF and bare CR as newlines."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
