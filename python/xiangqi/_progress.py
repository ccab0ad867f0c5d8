"""A plain progress bar on stderr for long bulk analyses (no dependency)."""

from __future__ import annotations

import sys
import time
from typing import Optional, Union

#: Runs reading at least this many bytes show a bar on their own when stderr is a terminal.
AUTO_BYTES = 8 * 1024 * 1024


class ProgressBar:
    """Called with ``(games_done, bytes_read, bytes_total)``; draws one line that rewrites itself."""

    def __init__(self, width: int = 30) -> None:
        self.width = width
        self.start = time.perf_counter()
        self.drawn = False

    def __call__(self, games: int, bytes_read: int, bytes_total: int) -> None:
        fraction = min(1.0, bytes_read / bytes_total) if bytes_total else 0.0
        filled = int(fraction * self.width)
        elapsed = max(time.perf_counter() - self.start, 1e-9)
        line = (
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {fraction:6.1%}"
            f"  {games:,} games  {games / elapsed:,.0f} games/s"
        )
        sys.stderr.write(line)
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


def choose(progress: Optional[Union[bool, ProgressBar]], bytes_total: int) -> Optional[ProgressBar]:
    """The bar to use: ``True`` always, ``False`` never, ``None`` for long runs on a terminal."""
    if isinstance(progress, ProgressBar):
        return progress
    if progress is None:
        progress = bytes_total >= AUTO_BYTES and sys.stderr.isatty()
    return ProgressBar() if progress else None
