"""Where a card's printed rules text ends and the notes about it begin.

Modern release notes print a card's rules text one ability per paragraph and follow it with
the rulings as plain paragraphs: no bullet, no indent, no extra blank line marks the
boundary.  It is recovered from how the two kinds of text are written.

Method
------
1. Each paragraph gets a score (``rn_cues.paragraph_score``): positive when it is templated
   like rules text, negative when it reads like explanatory prose.  Reminder text (a
   parenthesis opening with a capital or a symbol) and quotations are set aside before the
   prose cues are looked for, since they quote or paraphrase rules text.

   Rules-text cues: a mode bullet (``•``), a line ending in ``—`` (``Choose one —``), a
   loyalty ability (``+1:``, ``−2:``), a Saga chapter (``I, II — ``); an activated ability
   (a cost such as ``{T}``, ``Sacrifice ...``, ``Pay ...`` before a colon, no sentence ending
   before it); a keyword line (``Flying, lifelink``, ``Crew 4``, ``Ward—Discard a card.``,
   ``Evoke {2}{U} (...)``); an ability word (``Landfall — Whenever``); a triggered or static
   opening (``When``, ``Whenever``, ``At the beginning``, ``As long as``) or an effect verb
   opening a spell (``Destroy``, ``Target player``, ``Each opponent``, ...); self-reference
   (``this spell``, ``this creature``) or a granted keyword or ability (``have dredge 2``,
   ``have "..."``); the face's own name; ``target`` naming what is targeted; templated
   phrases (``until end of turn``, ``enchanted creature``, ``you control``, ``Activate
   only``, ``would ... instead``, ``power is equal to``).

   Prose cues: contractions (``won't``, ``you'll`` weigh most; ``can't``, ``it's`` least, as
   rules text uses a few); negations not contracted (``does not``: rules text always
   contracts); ``will``, ``can``, ``must``; discourse markers (``For example``, ``However``,
   ``exactly``, ``In the rare case``, ...); openings such as ``You can``, ``You choose``,
   ``To double ...``, ``If you control two ...``; talk about the rules (``triggered
   ability``, ``the stack``, ``resolves``, ``illegal target``, ``Ashling's last ability``);
   ``the enchanted creature`` (rules text has no article there); passives such as ``is
   calculated``; a question; several copies of the card (``two Branching Evolutions``); great
   length.

2. The boundary is the split ``k`` that maximises the score of the first ``k`` paragraphs
   minus the score of the rest: rules text is a prefix and the notes are the suffix, so one
   odd paragraph (a rules line that reads like prose, a note that reads like a rule) moves the
   boundary only when its neighbours agree.  The first paragraph gets a bonus (a listed card
   nearly always has rules text) and ties go to the shorter rules text.

Faces before the last one (``//``) need no split: notes only follow the last face.  The
accuracy on the Modern Horizons 3 release notes is measured on a hand-checked sample,
``tests/data/rn_split_sample.tsv`` (see ``tests/readers/test_release_notes.py``).
"""
from __future__ import annotations

from compiler.readers.recognise.cues import paragraph_score

# A listed card nearly always has rules text, so the first paragraph leans that way.
FIRST_PARAGRAPH_BONUS = 2.0


def rules_text_length(paragraphs: list[str], face_names: list[str]) -> int:
    """Return how many leading paragraphs are the printed rules text; the rest are notes."""
    scores = [paragraph_score(p, face_names) for p in paragraphs]
    if scores:
        scores[0] += FIRST_PARAGRAPH_BONUS
    # Moving the boundary past paragraph k turns -score_k into +score_k.
    best_k, best = 0, -sum(scores)
    running = best
    for k, score in enumerate(scores, 1):
        running += 2 * score
        if running > best:
            best_k, best = k, running
    return best_k
