"""Paths to the case files shared with the Rust tests: `../shared` beside the project when present, else the
bundled copies under `tests/data`."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SHARED = ROOT.parent / "shared"


def shared_or_bundled(shared: str, bundled: str) -> Path:
    """The shared copy of a case file when present, else the bundled one."""
    path = SHARED / shared
    return path if path.is_file() else DATA / bundled


def shared_dir(relative: str) -> Optional[Path]:
    path = SHARED / relative
    return path if path.is_dir() else None


def env_flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")
