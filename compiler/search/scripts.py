"""The export's files as scripts: each one statement that hands its JSON data to
``window.FAQC_SEARCH.register(name, data)`` (or queues it until the engine is there), so a page
loads them with ``<script>`` elements, which work from ``file://`` where ``fetch`` does not; and
the data read back from such a file (``from_script``: what ``faqc search`` shows, ``shown.py``).

This module imports nothing of the package, so that ``export`` and ``shown`` both can.
"""
from __future__ import annotations

import json

_ESCAPES = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
            ("\u2028", "\\u2028"), ("\u2029", "\\u2029"))
_SCRIPT_HEAD = ("(function(s,n,d){if(s.register)s.register(n,d);else(s.pending=s.pending||[])"
                ".push([n,d]);})(window.FAQC_SEARCH=window.FAQC_SEARCH||{},")
_SCRIPT_TAIL = ");\n"


def to_script(name: str, payload: object) -> bytes:
    """Return the JavaScript file registering ``payload`` under ``name``, safely encoded."""
    return json_script(name, json.dumps(payload, ensure_ascii=False, sort_keys=True,
                                        separators=(",", ":")))


def json_script(name: str, data: str) -> bytes:
    """Return the JavaScript file registering the JSON text ``data`` under ``name``."""
    for char, escape in _ESCAPES:  # str.replace: far quicker than str.translate on long texts
        if char in data:
            data = data.replace(char, escape)
    return f"{_SCRIPT_HEAD}{json.dumps(name)},{data}{_SCRIPT_TAIL}".encode("utf-8")


def from_script(name: str, script: bytes) -> object:
    """Return the data a file of ``json_script`` registers under ``name``; ValueError (or
    UnicodeDecodeError) if it is not such a file."""
    text, head = script.decode("utf-8"), f"{_SCRIPT_HEAD}{json.dumps(name)},"
    if not text.startswith(head) or not text.endswith(_SCRIPT_TAIL):
        raise ValueError(f"not the export file {name!r}")
    return json.loads(text[len(head):-len(_SCRIPT_TAIL)])
