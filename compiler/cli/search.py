"""``faqc search QUERY``: ranked results from the site's search index.

Results set words in bold, so they are printed here rather than through ``say``: each text of a
result (it comes from the sources) is made ``printable`` before it is styled, and the JSON has
every control character escaped (``json`` leaves DEL and C1 as they are)."""
from __future__ import annotations

import json
from pathlib import Path

import click

from compiler.core.errors import printable, say
from compiler.search.index.whole import INDEX_DIR
from compiler.search.query.query import __doc__ as QUERY_HELP
from compiler.search.query.results import Hit, answer_query

_KIND_WIDTH = 7
_JSON_CONTROLS = str.maketrans({code: f"\\u{code:04x}" for code in range(0x7f, 0xa0)})
_SYNTAX = "\b\nQuery syntax:\n" + "\n".join(
    line for line in (QUERY_HELP or "").splitlines() if line.startswith("    "))


def _styled_snippet(hit: Hit) -> str:
    """Return the snippet with its matched words in bold yellow and what the pages set in
    italics or bold so (plain where colour is off)."""
    text = hit.snippet.text
    styles: list[frozenset] = [frozenset()] * len(text)
    spans = [(s, e, "mark") for s, e in hit.snippet.highlights] + list(hit.snippet.emphasis)
    for start, end, style in spans:
        for n in range(max(0, start), min(len(text), end)):
            styles[n] = styles[n] | {style}
    out, pos = [], 0
    while pos < len(text):
        end = pos
        while end < len(text) and styles[end] == styles[pos]:
            end += 1
        on = styles[pos]
        run = printable(text[pos:end])
        out.append(click.style(run, bold=bool(on & {"mark", "strong"}) or None,
                               italic=bool(on & {"em", "example"}) or None,
                               fg="yellow" if "mark" in on else None) if on else run)
        pos = end
    return "".join(out)


def _print_hits(hits: list[Hit]) -> None:
    for number, hit in enumerate(hits, 1):
        facts = printable(' '.join(f for f in (f'{hit.kind:<{_KIND_WIDTH}}', hit.lang, hit.set,
                                              hit.date) if f))
        click.echo(f"{number:>2}. {click.style(printable(hit.title), bold=True)}  [{facts}]"
                   f"  {hit.score:.3f}")
        say(f"    {hit.url}" + (f"  (entry: {hit.place})" if hit.place else ""), err=False)
        if hit.snippet.text:
            click.echo(f"    {_styled_snippet(hit)}")


@click.command("search", epilog=_SYNTAX, context_settings={"max_content_width": 100})
@click.argument("query", nargs=-1, required=True)
@click.option("--site", "site_dir", default=Path("site"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="The built site.")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list of {title, url, kind, lang, score, snippet, ...}.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=1),
              help="Show at most this many results.")
def search_command(query: tuple[str, ...], site_dir: Path, as_json: bool, limit: int) -> None:
    """Search the site's index for QUERY (its words are joined with spaces)."""
    text = " ".join(query)
    answer = answer_query(site_dir / INDEX_DIR, text, limit)
    hits = answer.hits
    if answer.corrected:
        say(f"faqc search: no results for {text!r}; did you mean "
            f"{did_you_mean(answer.corrected)}? Showing results for that."
            f"{also_holding(answer.corrected)}")
    if as_json:
        click.echo(json.dumps([h.to_dict() for h in hits], ensure_ascii=False, indent=2)
                   .translate(_JSON_CONTROLS))
    else:
        _print_hits(hits)
    if not hits and not answer.corrected:
        say(f"faqc search: no results for {text!r}")


def did_you_mean(corrected: list[tuple[str, list[str], list[str]]]) -> str:
    """Return the words searched instead of unknown ones: ``tarmogoyf``, ``a or b``."""
    return "; ".join(" or ".join(names) for _, names, _ in corrected)


def also_holding(corrected: list[tuple[str, list[str], list[str]]]) -> str:
    """Return `` Other names holding 'goyf': barrowgoyf, ...`` for each part of a name."""
    return "".join(f" Other names holding {word!r}: {', '.join(others)}."
                   for word, _, others in corrected if others)
