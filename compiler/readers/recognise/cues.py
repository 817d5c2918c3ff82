"""The cues that tell printed rules text from explanatory notes, one paragraph at a time.

``paragraph_score`` is positive for a paragraph templated like rules text and negative for
one that reads like a note; ``rn_split`` explains how the scores are used.  Each cue is one
pattern; the weights (6 for a mode bullet or loyalty ability, 5 for an activated ability or a
keyword line, 3 for a strong contraction, ...) were set by reading the Modern Horizons 3 notes.
"""
from __future__ import annotations

import re
from functools import lru_cache

# Keywords that open a keyword line (sentence case, as printed since 2010 or so).
KEYWORDS = (
    "Flying", "First strike", "Double strike", "Deathtouch", "Defender", "Haste", "Hexproof",
    "Indestructible", "Lifelink", "Menace", "Reach", "Trample", "Vigilance", "Flash", "Ward",
    "Protection", "Shroud", "Fear", "Intimidate", "Prowess", "Changeling", "Devoid", "Cascade",
    "Annihilator", "Evoke", "Bestow", "Crew", "Equip", "Enchant", "Affinity", "Convoke",
    "Delve", "Emerge", "Flashback", "Kicker", "Madness", "Morph", "Megamorph", "Disguise",
    "Ninjutsu", "Persist", "Undying", "Storm", "Suspend", "Cycling", "Landcycling",
    "Plainscycling", "Islandcycling", "Swampcycling", "Mountaincycling", "Forestcycling",
    "Basic landcycling", "Modular", "Sunburst", "Graft", "Dredge", "Buyback", "Echo", "Fading",
    "Vanishing", "Wither", "Infect", "Toxic", "Poisonous", "Rebound", "Retrace", "Splice",
    "Entwine", "Escape", "Foretell", "Encore", "Blitz", "Casualty", "Training", "Mentor",
    "Riot", "Afflict", "Afterlife", "Ascend", "Exalted", "Extort", "Evolve", "Unearth",
    "Umbra armor", "Totem armor", "Living weapon", "Reconfigure", "Mutate", "Companion",
    "Partner", "Myriad", "Melee", "Fabricate", "Embalm", "Eternalize", "Exploit", "Dash",
    "Prototype", "Offspring", "Squad", "Backup", "Bargain", "Craft", "Plot", "Saddle",
    "Spree", "Gift", "Impending", "Scavenge", "Soulshift", "Bushido", "Splice onto",
    "Hexproof from", "Shadow", "Horsemanship", "Banding", "Flanking", "Rampage", "Phasing",
    "Miracle", "Overload", "Surge", "Improvise", "Jump-start", "Spectacle", "Adapt",
    "Amplify", "Bloodthirst", "Champion", "Conspire", "Cumulative upkeep", "Daybound",
    "Nightbound", "Decayed", "Disturb", "Cleave", "Compleated", "For Mirrodin!", "Enlist",
    "Read ahead", "Ravenous", "Soulbond", "Tribute", "Outlast", "Prowl", "Recover", "Ripple",
    "Skulk", "Split second", "Transfigure", "Transmute", "Undaunted", "Level up",
    "Aftermath", "Awaken", "Replicate", "Escalate", "Exert", "Connive", "Boast", "Demonstrate",
    "Hideaway", "Job select", "More Than Meets the Eye", "Fuse", "Cipher", "Devour",
    "Multikicker", "Forecast", "Haunt", "Provoke", "Battle cry", "Epic", "Gravestorm", "Frenzy",
    "Fortify", "Offering", "Renown", "Ingest", "Assist", "Mobilize", "Islandwalk", "Swampwalk",
    "Forestwalk", "Mountainwalk", "Plainswalk",
)
_KEYWORD_NAMES = sorted(KEYWORDS, key=len, reverse=True)
_KEYWORD_RE = re.compile(r"^(?:%s)\b" % "|".join(map(re.escape, _KEYWORD_NAMES)))
# A keyword granted by a static ability: ``have dredge 2``, ``has umbra armor``, ``have "..."``.
_GRANT_RE = re.compile(r"(?<!not )(?<!n't )\b(?:have|has|gain|gains) (?:\"|(?:%s)\b)"
                       % "|".join(re.escape(k.lower()) for k in _KEYWORD_NAMES), re.I)
# Any keyword with its cost or number: ``Escalate {G}``, ``Crew 4``, ``Replicate—Pay {E}.``
_COSTED_KEYWORD_RE = re.compile(
    r"^[A-Z][a-z]+(?:[ -][a-z]+){0,3}(?:\s+(?:\d+|X)|\s*(?:\{[^}]+\})+|—[^.]{1,60}\.)\s*(?:\(.*\))?$")
# Verbs of a sentence about a keyword (``Cascade triggers when ...``), absent from keyword lines.
_SENTENCE_VERB_RE = re.compile(
    r"\b(?:is|are|was|were|has|have|can|will|means|works|triggers|resolves|applies|functions|"
    r"allows|causes|compares|doesn't|isn't|don't|won't)\b")
# Reminder text opens with a capital or a symbol; "(for example, ...)" is prose, kept for its cues.
_REMINDER_RE = re.compile(r"\((?=[A-Z{])[^()]*\)")
_QUOTE_RE = re.compile(r"\"[^\"]*\"|“[^”]*”")
_LOYALTY_RE = re.compile(r"^[+−\-–]?(?:\d+|X):\s")
_CHAPTER_RE = re.compile(r"^[IVX]+(?:, [IVX]+)* — \S")
_ACTIVATED_RE = re.compile(r"^[^.:\"]{1,90}:\s+\S")
_COST_START_RE = re.compile(
    r"^(?:\{|Sacrifice|Pay|Exile|Discard|Return|Remove|Tap|Untap|Reveal|Put|Mill|Collect|Forage"
    r"|(?:[0-9XWUBRGC]{1,6}|T|Q)(?:, |:))")  # bare symbols: ``2, T, Sacrifice``, ``1R:``
_ABILITY_WORD_RE = re.compile(r"^[A-Z][\w' ]{2,30} — \S")
_TRIGGER_RE = re.compile(r"^(?:(?:When|Whenever) (?!\w+ing\b)|At the beginning|At end of|As long as )")
_EFFECT_START_RE = re.compile(
    r"^(?:Counter|Destroy|Exile|Return|Draw|Create|Search|Look at|Put|Target|Each (?:opponent|player)|"
    r"Add|Tap|Untap|Sacrifice|Scry|Surveil|Mill|Discard|Reveal|Choose|Gain control|Shuffle|Copy|"
    r"Investigate|Proliferate|Manifest|Amass|Double|Until end of turn|Prevent|Distribute|Skip|"
    r"Other|Creatures you control|Noncreature|Spells|Instant and sorcery|During)\b")
_SELF_RE = re.compile(r"\bthis (?:spell|creature|card|permanent|Aura|Equipment|Vehicle|artifact|"
                      r"enchantment|land|Saga|token|planeswalker|Class|Case|Room|siege)\b")
_TEMPLATE_RE = re.compile(
    r"(?i:until end of turn)|(?<!the )\b(?:[Ee]nchanted (?:creature|permanent|land|player)|"
    r"[Ee]quipped creature|you control|Activate only|Spend this mana only|gets [+\-][\dX]|creates? (?:a|an|one|two|three|X) |"
    r"Add \{|enters the battlefield tapped|costs? \{\d+\} (?:less|more)|would\b.*\binstead|"
    r"(?:power|toughness) (?:is|are each) equal to|in addition to its other types|as though|"
    r"can[’']t (?:be blocked|attack or block|block|be countered|be the target)\b(?!.*\bbecause\b)|"
    r"(?:doesn|don)[’']t untap during|must be blocked(?: if able)?|"
    r"can block (?:an additional|any number)|(?:attacks|blocks) each (?:combat|turn) if able)")
# ``target`` in rules text names what is targeted; notes talk about "the target", "new targets".
_TARGET_RE = re.compile(r"(?:^|(?<!the )(?<!its )(?<!any )(?<!new )(?<!legal )(?<!illegal ))"
                        r"\b[Tt]arget (?!is\b|was\b|of\b|for\b|becomes\b|will\b|can\b)")
_STRONG_CONTRACTION_RE = re.compile(
    r"\b(?:won't|you'll|they'll|it'll|you'd|we'll|let's|wouldn't|couldn't|didn't|shouldn't)\b", re.I)
_CONTRACTION_RE = re.compile(
    r"\b(?:can't|don't|it's|isn't|doesn't|aren't|hasn't|haven't|wasn't|weren't|that's|there's|"
    r"you're|they're|you've)\b", re.I)
_DISCOURSE_RE = re.compile(
    r"\b(?:For example|For instance|Specifically|However|In that case|In this case|This means|"
    r"That means|In other words|Note that|That is|Similarly|Likewise|Because|because|regardless|"
    r"as normal|as usual|no matter|even if|even though|already|always|simply|still|just|"
    r"Notably|Once|Like other|In the rare case|In some rare cases|exactly|means|refers to|"
    r"unusual|Normally|Usually|generally)\b")
_PROSE_START_RE = re.compile(
    r"^(?:You (?:choose|can(?!'t)|must|still|simply|just|also|don't have to)|To \w+|The term|"
    r"The (?:value|number|ability|effect|mana value|copy|copies)\b|If you (?:choose|want)\b|"
    r"If you control (?:two|multiple|more than one)\b|In the (?:unusual|rare) case)")
_ARTICLE_RE = re.compile(r"\bthe (?:enchanted|equipped|copied|targeted|target|original|effect)\b")
# Rules text always contracts its negations (``doesn't``, ``can't``).
_UNCONTRACTED_RE = re.compile(r"\b(?:does not|do not|is not|are not|cannot|will not|did not)\b")
_PASSIVE_RE = re.compile(r"\b(?:(?:is|are) (?:calculated|checked|locked|exiled)|determined|considered)\b")
_MODAL_VERB_RE = re.compile(r"\b(?:will|can(?!'t)|must)\b")
_RULES_TALK_RE = re.compile(
    r"\b(?:triggered abilit(?:y|ies)|activated abilit(?:y|ies)|static ability|the stack|resolv\w*|"
    r"mana value of|characteristics|copiable|the rules|state-based|priority|layer|legal target|"
    r"illegal target|tries to|try to|the \w+ ability|redundant|instances? of|supertypes?|"
    r"rules meaning)\b")
_POSSESSIVE_ABILITY_RE = re.compile(
    r"'s (?:(?:first|second|third|fourth|last|triggered|activated|static|mana|other|loyalty|"
    r"chapter|\w+ing|\w+ed) )?(?:abilit(?:y|ies)|effect)\b")


def paragraph_score(text: str, face_names: list[str] | tuple[str, ...]) -> float:
    """Return how much a paragraph reads as rules text (positive) or as a note (negative).
    Apostrophes are read as one (``doesn’t`` as ``doesn't``: pages of 2016 print the curly one)."""
    return _score(text.strip().replace("\u2019", "'"),
                  tuple(name.replace("\u2019", "'") for name in face_names))


@lru_cache(maxsize=8192)
def _score(text: str, face_names: tuple[str, ...]) -> float:
    """``paragraph_score``, kept: choosing a reader scores a document's paragraphs, and the
    notes reader, if chosen, scores them again."""
    return _rules_cues(text, face_names) - _prose_cues(text, face_names)


def _rules_cues(text: str, face_names: tuple[str, ...]) -> float:
    """Score the templating cues of rules text."""
    bare = _REMINDER_RE.sub("", text).strip()
    score = 0.0
    if text.startswith("•") or text.endswith("—") or _LOYALTY_RE.match(text) or _CHAPTER_RE.match(text):
        score += 6
    if _ACTIVATED_RE.match(bare) and _COST_START_RE.match(bare):
        score += 5
    if _is_keyword_line(text, bare) or _COSTED_KEYWORD_RE.match(text) or _ABILITY_WORD_RE.match(text):
        score += 5
    if text.startswith("(") and text.endswith(")"):
        score += 3  # reminder text on a line of its own (a Saga's)
    named = any(text.startswith(name) for name in face_names)
    if _TRIGGER_RE.match(text) or (_EFFECT_START_RE.match(text) and not named):
        score += 2
    unquoted = _QUOTE_RE.sub("", bare)
    if _SELF_RE.search(unquoted) or _GRANT_RE.search(_QUOTE_RE.sub('""', bare)):
        score += 2
    if any(name in bare for name in face_names):
        score += 1
    if _TARGET_RE.search(unquoted):
        score += 1
    score += min(2, len(_TEMPLATE_RE.findall(unquoted)))
    return score


def _prose_cues(text: str, face_names: tuple[str, ...]) -> float:
    """Score the cues of explanatory prose, outside reminder text and quotations."""
    bare = _QUOTE_RE.sub("", _REMINDER_RE.sub("", text))
    score = 3.0 * len(_STRONG_CONTRACTION_RE.findall(bare)) + len(_CONTRACTION_RE.findall(bare))
    score += 2.0 * len(_DISCOURSE_RE.findall(bare)) + 1.5 * len(_MODAL_VERB_RE.findall(bare))
    score += 1.5 * len(_RULES_TALK_RE.findall(bare)) + 3.0 * len(_POSSESSIVE_ABILITY_RE.findall(bare))
    if _PROSE_START_RE.match(bare):
        score += 2
    score += 1.5 * len(_ARTICLE_RE.findall(bare)) + 1.5 * len(_PASSIVE_RE.findall(bare))
    score += 2.0 * len(_UNCONTRACTED_RE.findall(bare))
    if "?" in text:
        score += 3
    if any(_copies_re(name).search(bare) for name in face_names):
        score += 3  # "If you control two Branching Evolutions": several copies of the card
    if len(bare) > 260:
        score += 1
    return score


def _is_keyword_line(text: str, bare: str) -> bool:
    """Return whether the line is a list of keywords (``Flying, hexproof from ...``)."""
    m = _KEYWORD_RE.match(text)
    if not m:
        return False
    if text[m.end():].startswith("—"):
        return True  # ``Escape—{2}{B}, Exile ...``: a keyword with a non-mana cost
    return len(bare) <= 90 and ". " not in bare and not _SENTENCE_VERB_RE.search(bare)


@lru_cache(maxsize=8192)
def _copies_re(name: str) -> re.Pattern:
    """Return the pattern of talk of several copies of a card (``Evolutions``, ``Each Foo``),
    compiled once per name (``re``'s own cache holds 512: a corpus's names went round it)."""
    stem = re.escape(name[:-1]) + "ies" if name.endswith("y") else re.escape(name) + "s"
    return re.compile(r"\b(?:%s)\b|\bEach %s\b" % (stem, re.escape(name)))
