"""Search: the Whoosh index of the site, ``faqc search``, and the browser export."""
from __future__ import annotations

from compiler.search.index.whole import SearchStats, build_search

__all__ = ["SearchStats", "build_search"]
