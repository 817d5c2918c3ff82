"""The query language of ``faqc search`` and of the browser, and its Whoosh queries.

search-engine.js implements the same grammar and builds the same tree (tests compare the two
``plan``s), so the browser and the command line rank alike.

    bushido                 a word: in every title and body (titles count double)
    budoka gardener         words are ANDed
    "budoka gardener"       a phrase: the words side by side, in this order, in a title or body
    混成マナ                 Japanese needs no spaces: a word's bigrams are ANDed; "混成マナ"
                            finds it written as one piece
    bushido OR ninjutsu     OR binds tighter than the implicit AND
    NOT flip, -flip         exclude; a query needs one term that is not excluded
    ( ... )                 grouping
    card:"Budoka Gardener"  exact fields: card (English or Japanese name), rule (502.38 also
    rule:502.38             finds 502.38a), kind, lang, set (code or name), date (2004, 2004-10,
    kind:ruling lang:ja     or 2004-10-01); title: and body: limit a word to titles or bodies
    set:chk date:2004
    tarmo*                  a prefix: the word and the 8 most frequent words starting with it
                            (the browser searches so while you type; a query that finds
                            nothing searches so each word no record holds: tarmo)
    702.45, rule 702.45     a rule number (with a dot, or after "rule") puts the rule itself
                            first: its page, then its CR versions; number:702.45 only those
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from whoosh import query as wq
from whoosh.matching import AndNotMatcher

from compiler.core.errors import FaqcError
from compiler.search.analysis import analyze_text, is_cjk, normalize_item
from compiler.search.schema import EXACT_FIELDS, FIELD_BOOSTS, KINDS, LANGUAGES, TEXT_FIELDS

TEXT_SCOPES = {"title": ("title_en", "title_ja"), "body": ("body_en", "body_ja")}
FIELD_NAMES = EXACT_FIELDS + tuple(TEXT_SCOPES)
_ALLOWED = {"kind": KINDS, "lang": LANGUAGES}
_SPECIAL = '"()'
MAX_TOKENS = 100
"""Words, phrases, operators and parentheses a query may hold (a bound on the parse)."""
MAX_TERMS = 100
"""Terms a query's words may analyze into (a long phrase, Japanese text)."""
MAX_DEPTH = 16
"""Parentheses a query may nest."""
RULE_NUMBER = re.compile(r"[0-9]{3}(?:\.[0-9]+[a-z]?)?")
"""A rule number (``509``, ``702.45``, ``702.45a``); one with a dot, or after ``rule``, finds the
record that is that rule first."""
RULE_WORDS = ("rule", "rules", "cr")
PREFIX_MIN = 2
"""Characters a ``word*`` needs to stand for the words starting with it."""
NUMBER_BOOST = 100.0
"""Query boost of a rule number's own record (the ``number`` field): it ranks first."""


class QueryError(FaqcError):
    """A query that cannot be parsed; the message says why, on one line."""


@dataclass(slots=True)
class _Token:
    kind: str
    """``word``, ``phrase``, ``open``, ``close``, ``and``, ``or``, ``not``."""
    text: str = ""
    field: str | None = None
    negated: bool = False
    rule: bool = False
    """A word written after ``rule``: a rule number even without a dot."""
    prefix: bool = False
    """A word written with a ``*`` after it: the terms starting with it (forgiving.py)."""


def _field_prefix(word: str) -> tuple[str | None, str]:
    name, colon, rest = word.partition(":")
    if colon and name.lower() in FIELD_NAMES:
        return name.lower(), rest
    return None, word


def _dangling(field: str | None, negated: bool) -> QueryError:
    written = ("-" if negated else "") + (f"{field}:" if field else "")
    return QueryError(f"'{written}' needs a value right after it")


def _special(text: str, i: int, field: str | None, negated: bool) -> tuple[_Token, int]:
    """Return the phrase or parenthesis token at ``i`` and the index after it."""
    if text[i] == '"':
        end = text.find('"', i + 1)
        if end < 0:
            raise QueryError("unclosed quotation mark")
        return _Token("phrase", text[i + 1:end], field, negated), end + 1
    if text[i] == ")" and (field or negated):
        raise _dangling(field, negated)
    return _Token("open" if text[i] == "(" else "close", text[i], field, negated), i + 1


def _rule_numbers(tokens: list[_Token]) -> list[_Token]:
    """Return the tokens with ``rule`` dropped before a rule number (``rule 702.45``)."""
    out: list[_Token] = []
    for token in tokens:
        previous = out[-1] if out else None
        if (previous and previous.kind == "word" and previous.text.lower() in RULE_WORDS
                and not (previous.field or previous.negated) and token.kind == "word"
                and not (token.field or token.negated)
                and RULE_NUMBER.fullmatch(normalize_item(token.text))):
            out[-1] = _Token("word", token.text, None, False, rule=True)
            continue
        out.append(token)
    return out


def _bounded(tokens: list[_Token]) -> list[_Token]:
    """Return ``tokens`` if the query is within ``MAX_TOKENS`` and ``MAX_DEPTH``, else raise."""
    if len(tokens) > MAX_TOKENS:
        raise QueryError(f"query too long: more than {MAX_TOKENS} words and operators")
    depth = 0
    for token in tokens:
        depth += {"open": 1, "close": -1}.get(token.kind, 0)
        if depth > MAX_DEPTH:
            raise QueryError(f"parentheses nested too deeply: more than {MAX_DEPTH} levels")
    return tokens


def _lex(text: str) -> list[_Token]:
    """Return the tokens of a query string (at most one more than ``MAX_TOKENS``)."""
    tokens: list[_Token] = []
    i, field, negated = 0, None, False
    while i < len(text) and len(tokens) <= MAX_TOKENS:
        if text[i].isspace():
            if field or negated:
                raise _dangling(field, negated)
            i += 1
            continue
        if text[i] in _SPECIAL:
            token, i = _special(text, i, field, negated)
            tokens.append(token)
            field, negated = None, False
            continue
        start = i
        while i < len(text) and not text[i].isspace() and text[i] not in _SPECIAL:
            i += 1
        word = text[start:i]
        if not (field or negated) and word.startswith("-") and (
                len(word) > 1 or (i < len(text) and text[i] in _SPECIAL)):
            negated, word = True, word[1:]  # a bare "-" negates the phrase or group after it
            if not word:
                continue
        if not (field or negated) and word in ("AND", "OR", "NOT"):
            tokens.append(_Token(word.lower()))
            continue
        name, rest = _field_prefix(word) if not field else (None, word)
        if name and not rest:
            field = name
            continue
        stem = rest if (name or field) in EXACT_FIELDS else rest.rstrip("*")
        tokens.append(_Token("word", stem or rest, name or field, negated,
                             prefix=bool(stem) and stem != rest))
        field, negated = None, False
    if (field or negated) and len(tokens) <= MAX_TOKENS:
        raise _dangling(field, negated)
    return tokens


class _Parser:
    """Recursive descent over the tokens, giving a plan (plain lists and dicts)."""

    def __init__(self, tokens: list[_Token]):
        self.tokens, self.i, self.terms = tokens, 0, 0

    def peek(self) -> _Token | None:
        """Return the next token, or None at the end."""
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> _Token:
        """Return the next token and move past it."""
        token = self.tokens[self.i]
        self.i += 1
        return token

    def sequence(self, field: str | None, closing: bool) -> list:
        """Parse clauses up to the end (or a closing parenthesis) and return them ANDed."""
        clauses = []
        while (token := self.peek()) is not None:
            if token.kind == "close":
                if not closing:
                    raise QueryError("unbalanced parenthesis: ')' without '('")
                break
            if token.kind == "and":
                self.take()
                continue
            clauses.append(self.disjunction(field))
        return clauses

    def disjunction(self, field: str | None):
        """Parse ``unary (OR unary)*``."""
        items = [self.unary(field)]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            if self.peek() is None or self.peek().kind in ("close", "or", "and"):
                raise QueryError("OR needs a term on both sides")
            items.append(self.unary(field))
        return items[0] if len(items) == 1 else {"or": items}

    def unary(self, field: str | None):
        """Parse ``NOT unary`` or a primary."""
        token = self.peek()
        if token.kind == "not":
            self.take()
            if self.peek() is None or self.peek().kind in ("close", "or", "and"):
                raise QueryError("NOT needs a term after it")
            return {"not": self.unary(field)}
        if token.kind in ("or", "and"):
            raise QueryError(f"{token.kind.upper()} needs a term on both sides")
        return self.primary(field)

    def primary(self, field: str | None):
        """Parse a group, a word or a phrase (negated if written with ``-``)."""
        token = self.take()
        scope = token.field or field
        if token.kind == "open":
            node = {"and": self.sequence(scope, closing=True)}
            if self.peek() is None:
                raise QueryError("unbalanced parenthesis: '(' without ')'")
            self.take()
        else:
            node = _leaf(token.text, token.kind == "phrase", scope, token.rule, token.prefix)
            self.terms += len(node.get("text", ())) + ("prefix" in node)
            if self.terms > MAX_TERMS:
                raise QueryError(f"query too long: more than {MAX_TERMS} terms")
        return {"not": node} if token.negated else node


def _leaf(text: str, phrase: bool, field: str | None, rule: bool = False,
          prefix: bool = False) -> dict:
    if field in EXACT_FIELDS:
        value = normalize_item(text)
        allowed = _ALLOWED.get(field)
        if allowed and value not in allowed:
            raise QueryError(f"{field}: must be one of {', '.join(allowed)} (not '{text}')")
        return {"exact": field, "value": value}
    fields = TEXT_SCOPES.get(field, TEXT_FIELDS)
    terms = [t.text for t in analyze_text(text, query=True)]
    if prefix and len(terms) == 1 and len(terms[0]) >= PREFIX_MIN and not any(map(is_cjk, terms[0])):
        return {"prefix": terms[0], "raw": normalize_item(text), "fields": list(fields)}
    node = {"text": terms, "phrase": phrase and len(terms) > 1, "fields": list(fields)}
    number = normalize_item(text)
    if field is None and not phrase and RULE_NUMBER.fullmatch(number) and (rule or "." in number):
        return {"or": [node, {"exact": "number", "value": number, "boost": NUMBER_BOOST}]}
    return node


def plan(text: str) -> dict:
    """Return the plan of a query string: its parsed, analyzed form (the JS builds the same)."""
    if not text.strip():
        raise QueryError("empty query")
    tokens = _rule_numbers(_bounded(_lex(text)))
    return _simplify({"and": _Parser(tokens).sequence(None, closing=False)})


def _simplify(node: dict) -> dict | None:
    """Drop words with no terms, unwrap one-child groups, split ANDs into kept and excluded."""
    if "text" in node:
        return node if node["text"] else None
    if "exact" in node or "prefix" in node:
        return node
    if "not" in node:
        child = _simplify(node["not"])
        return {"not": child} if child else None
    children = [c for c in (_simplify(c) for c in node.get("and", node.get("or", []))) if c]
    if "or" in node:
        if any("not" in c for c in children):
            raise QueryError("NOT cannot stand inside OR")
        return None if not children else children[0] if len(children) == 1 else {"or": children}
    kept = [c for c in children if "not" not in c]
    excluded = [c["not"] for c in children if "not" in c]
    if excluded and not kept:
        raise QueryError("a query needs at least one term that is not excluded")
    if not kept:
        return None
    out = kept[0] if len(kept) == 1 else {"and": kept}
    if excluded:
        out = {"andnot": [out, excluded[0] if len(excluded) == 1 else {"or": excluded}]}
    return out


def to_whoosh(node: dict | None) -> wq.Query:
    """Return the Whoosh query of a plan (``NullQuery`` when nothing is left to search)."""
    if node is None:
        return wq.NullQuery
    if "exact" in node:
        return wq.Term(node["exact"], node["value"], boost=node.get("boost", 1.0))
    if "text" in node:
        return _or([_text_query(node, field) for field in node["fields"]])
    if "andnot" in node:
        positive, negative = node["andnot"]
        return ExcludingQuery(to_whoosh(positive), to_whoosh(negative))
    if "and" in node:
        return wq.And([to_whoosh(c) for c in node["and"]])
    return wq.Or([to_whoosh(c) for c in node["or"]])


class _ExcludingMatcher(AndNotMatcher):
    """Whoosh's ``AndNotMatcher``, which keeps an excluded document when the excluded list
    starts before the kept one and reaches it by skipping (``ninjutsu -rule`` kept the Ninjutsu
    topic, whose body says "rules"): here the first kept document is checked as every other."""

    def _find_first(self):
        if self.a.is_active() and self.b.is_active():
            self._find_next()


class ExcludingQuery(wq.AndNot):
    """``a ANDNOT b`` with every document of ``b`` excluded (see ``_ExcludingMatcher``)."""

    def matcher(self, searcher, context=None):
        """Return the matcher of ``a`` without the documents of ``b``."""
        return _ExcludingMatcher(self.a.matcher(searcher, context),
                                 self.b.matcher(searcher, searcher.boolean_context()))


def _or(queries: list[wq.Query]) -> wq.Query:
    return queries[0] if len(queries) == 1 else wq.Or(queries)


def _text_query(node: dict, field: str) -> wq.Query:
    boost = FIELD_BOOSTS[field]
    terms = node["text"]
    if len(terms) == 1:
        return wq.Term(field, terms[0], boost=boost)
    if node["phrase"]:
        return wq.Phrase(field, terms, boost=boost)
    return wq.And([wq.Term(field, t, boost=boost) for t in terms])


def positive_terms(node: dict | None) -> set[str]:
    """Return the text-field terms a plan looks for (not the excluded ones), for highlighting."""
    if node is None or "exact" in node:
        return set()
    if "text" in node:
        return set(node["text"])
    if "andnot" in node:
        return positive_terms(node["andnot"][0])
    return set().union(*(positive_terms(c) for c in node.get("and", node.get("or", []))))


def plan_language(node: dict | None) -> str | None:
    """Return the language a plan requires with a ``lang:`` term, else None."""
    if node is None:
        return None
    if node.get("exact") == "lang":
        return node["value"]
    if "andnot" in node:
        return plan_language(node["andnot"][0])
    return next((lang for c in node.get("and", []) if (lang := plan_language(c))), None)
