"""markdown-it-py plugins for FAQ text: mana symbols, and emphasis only around words.

Each plugin has markdown-it's signature ``plugin(md)`` and touches one rule chain, like the
rules of markdown-it-py itself.
"""
from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markupsafe import escape

from compiler.render.mana import parse_symbol, render_symbol

_MAX_SYMBOL = 11  # "{" + the longest body parse_symbol accepts + "}"
_EMPHASIS_TYPES = {"em_open": "em_close", "strong_open": "strong_close"}


def mana_plugin(md: MarkdownIt) -> None:
    """Make ``{U}``, ``{U/B}``, ``{T}``... ``mana`` tokens rendered as symbols."""
    md.inline.ruler.after("text", "mana", _mana_rule)
    md.add_render_rule("mana", _render_mana)


def _mana_rule(state: StateInline, silent: bool) -> bool:
    src, pos = state.src, state.pos
    if src[pos] != "{":
        return False
    end = src.find("}", pos + 1, min(pos + _MAX_SYMBOL, state.posMax))
    if end < 0:
        return False
    sym = parse_symbol(src[pos + 1:end])
    if sym is None:
        return False
    if not silent:
        token = state.push("mana", "", 0)
        token.content = src[pos:end + 1]
        token.meta = {"symbol": sym}
    state.pos = end + 1
    return True


def _render_mana(self, tokens, idx, options, env) -> str:
    token = tokens[idx]
    return render_symbol(token.meta["symbol"], token.content)


def emphasis_guard_plugin(md: MarkdownIt) -> None:
    """Turn back into text any emphasis that holds no letter, such as the stars of ``*/1+*``."""
    md.inline.ruler2.after("emphasis", "emphasis_guard", _emphasis_guard)


def _emphasis_guard(state: StateInline) -> None:
    tokens = state.tokens
    for i, token in enumerate(tokens):
        close_type = _EMPHASIS_TYPES.get(token.type)
        if close_type is None:
            continue
        j = _matching_close(tokens, i, token.type, close_type)
        if j is not None and not _has_letter(tokens[i + 1:j]):
            _to_text(token)
            _to_text(tokens[j])


def _matching_close(tokens, start: int, open_type: str, close_type: str) -> int | None:
    depth = 0
    for j in range(start, len(tokens)):
        if tokens[j].type == open_type:
            depth += 1
        elif tokens[j].type == close_type:
            depth -= 1
            if depth == 0:
                return j
    return None


def _has_letter(tokens) -> bool:
    return any(ch.isalpha() for t in tokens if t.type == "text" for ch in t.content)


def _to_text(token) -> None:
    token.type, token.tag, token.nesting, token.content = "text", "", 0, token.markup


def source_links_plugin(md: MarkdownIt) -> None:
    """Read a web capture's links and images as text: a link shows its text (the card names
    in it are linked by the cross-referencer like any other text), an image its alt text.
    No address of the source is ever written: the site links nowhere outside itself."""
    md.enable(["link", "image"])
    md.add_render_rule("link_open", lambda self, tokens, idx, options, env: "")
    md.add_render_rule("link_close", lambda self, tokens, idx, options, env: "")
    md.add_render_rule("image", _render_image_alt)


def _render_image_alt(self, tokens, idx, options, env) -> str:
    alt = self.renderInlineAsText(tokens[idx].children or [], options, env)
    return f'<span class="source-image">{escape(alt)}</span>' if alt.strip() else ""
