"""The reference recognisers of the resolve phase: pure functions from text to spans.

``rulerefs`` finds Comprehensive Rules numbers; ``cardnames`` finds card names (English, by a
multi-pattern matcher built once from the card inventory, and Japanese ``《...》`` brackets).
"""
from __future__ import annotations

from compiler.cr.read.rulerefs import (RULE_NUMBER_RE, RuleRef, find_rule_refs, rule_numbers,
                                       rule_sort_key)
from compiler.xref.cardnames import BracketRef, CardNameMatcher, CardRef, find_bracketed_names

__all__ = [
    "BracketRef", "CardNameMatcher", "CardRef", "RULE_NUMBER_RE", "RuleRef",
    "find_bracketed_names", "find_rule_refs", "rule_numbers", "rule_sort_key",
]
