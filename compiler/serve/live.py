"""Reload open pages after a rebuild (``faqc serve --watch``), as ``mkdocs serve`` does.

Pages served while watching get one more script, ``/.faqc-live/reload.js`` (a file of the
server, never written into the site: the site on disk stays as the build made it). The script
asks ``/.faqc-live/wait?since=N`` for the build generation; the server holds that request until
a rebuild publishes a new site (or ``WAIT`` seconds pass) and answers the generation, and the
page reloads itself when it has changed. Both are same-origin requests the pages' Content
Security Policy (``default-src 'self'``) allows.
"""
from __future__ import annotations

import threading

PREFIX = "/.faqc-live/"
SCRIPT_PATH = PREFIX + "reload.js"
WAIT_PATH = PREFIX + "wait"
WAIT = 25.0
"""Seconds a waiting page's request is held before it is answered with no change."""
SCRIPT = b"""/* faqc serve --watch: reload this page when the site is rebuilt. */
(function () {
  var since = null;
  function ask() {
    fetch("/.faqc-live/wait?since=" + (since === null ? "" : since), {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (since !== null && d.generation !== since) { location.reload(); return; }
        since = d.generation; ask();
      })
      .catch(function () { setTimeout(ask, 2000); });
  }
  ask();
})();
"""
TAG = b'<script src="/.faqc-live/reload.js"></script>'


class LiveReload:
    """The build generation: bumped by each rebuild that publishes, waited on by pages."""

    def __init__(self) -> None:
        self.generation = 0
        self._changed = threading.Condition()

    def bump(self) -> None:
        """Count a new site published and wake every waiting page."""
        with self._changed:
            self.generation += 1
            self._changed.notify_all()

    def wait(self, since: int | None, timeout: float = WAIT) -> int:
        """Return the generation once it differs from ``since`` (or after ``timeout``)."""
        with self._changed:
            if since is not None:
                self._changed.wait_for(lambda: self.generation != since, timeout)
            return self.generation


def inject(html: bytes) -> bytes:
    """Return a page with the reload script before ``</body>`` (at the end if it has none)."""
    at = html.rfind(b"</body>")
    return html + TAG if at < 0 else html[:at] + TAG + html[at:]
