"""The Comprehensive Rules: reader, YAML, the library of CRs by date, and rule identity across them.

Public API (no CLI here; the lead wires it in)::

    library = load_cr_library(Path("../shared/cr"))      # every *.txt CR (cache= to keep them)
    library.in_force("2004-12-01").date                  # '2004-10-01'
    library.rule("2004-12-01", "309").title              # 'Declare Blockers Step'
    identity = RuleIdentity.build(library)
    identity.today("502.38", "2004-10-01").number        # '702.45'
    normalize_cr(Path("../shared/cr/CR_2004-10-01.txt"), Path("/tmp/out"))
"""
from __future__ import annotations

from compiler.cr.derive.quotes import quote_differs
from compiler.cr.era import CrChoice, CrLibrary
from compiler.cr.link.identity import RuleIdentity
from compiler.cr.model import CrDocument, CrEntry, CrParagraph, CrRule, CrSection, GlossaryEntry
from compiler.cr.read.files import (load_cr_library, load_cr_yaml, normalize_cr, read_cr_bytes,
                                    read_cr_file)

__all__ = [
    "CrChoice", "CrDocument", "CrEntry", "CrLibrary", "CrParagraph", "CrRule", "CrSection",
    "GlossaryEntry", "RuleIdentity", "load_cr_library", "load_cr_yaml", "normalize_cr",
    "quote_differs", "read_cr_bytes", "read_cr_file",
]
