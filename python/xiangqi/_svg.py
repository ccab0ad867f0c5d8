"""An SVG drawing of a board for notebooks (``Board._repr_svg_``): Chinese glyphs, the last move and a
check highlighted. Presentation only: every fact drawn comes from the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

if TYPE_CHECKING:
    from ._xiangqi import Board

GLYPHS = {
    "K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵",
    "k": "將", "a": "士", "b": "象", "n": "馬", "r": "車", "c": "砲", "p": "卒",
}

CELL = 40
MARGIN = 30
RED_INK = "#c8102e"
BLACK_INK = "#1a1a1a"
# Serif CJK faces common on Windows, macOS and Linux, then whatever serif the viewer has.
FONTS = "'Noto Serif CJK SC', 'Source Han Serif SC', 'Songti SC', SimSun, 'AR PL UMing CN', serif"


def _point(sq: int) -> "tuple[int, int]":
    file_index, rank_index = sq % 9, sq // 9
    return MARGIN + file_index * CELL, MARGIN + (9 - rank_index) * CELL


def board_svg(board: "Board", size: int = 400) -> str:
    """The board as an SVG document, ``size`` pixels wide."""
    width, height = 2 * MARGIN + 8 * CELL, 2 * MARGIN + 9 * CELL
    out: List[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{size}" '
        f'height="{size * height // width}">',
        f'<rect width="{width}" height="{height}" fill="#f3d9a4"/>',
    ]
    line = 'stroke="#5b3a1a" stroke-width="1.5"'
    left, right, top, bottom = MARGIN, MARGIN + 8 * CELL, MARGIN, MARGIN + 9 * CELL
    for rank_index in range(10):
        y = top + rank_index * CELL
        out.append(f'<line x1="{left}" y1="{y}" x2="{right}" y2="{y}" {line}/>')
    for file_index in range(9):
        x = left + file_index * CELL
        if file_index in (0, 8):
            out.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" {line}/>')
        else:
            out.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + 4 * CELL}" {line}/>')
            out.append(f'<line x1="{x}" y1="{top + 5 * CELL}" x2="{x}" y2="{bottom}" {line}/>')
    for y0 in (top, top + 7 * CELL):
        x0 = left + 3 * CELL
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x0 + 2 * CELL}" y2="{y0 + 2 * CELL}" {line}/>')
        out.append(f'<line x1="{x0 + 2 * CELL}" y1="{y0}" x2="{x0}" y2="{y0 + 2 * CELL}" {line}/>')
    river_y = top + 4.5 * CELL
    out.append(
        f'<text x="{left + 2 * CELL}" y="{river_y}" font-size="{CELL * 0.55}" text-anchor="middle" '
        f'dominant-baseline="central" fill="#5b3a1a" font-family="{FONTS}">楚 河</text>'
    )
    out.append(
        f'<text x="{left + 6 * CELL}" y="{river_y}" font-size="{CELL * 0.55}" text-anchor="middle" '
        f'dominant-baseline="central" fill="#5b3a1a" font-family="{FONTS}">漢 界</text>'
    )
    if board.ply():
        last = board.peek()
        for sq in (last.from_square, last.to_square):
            x, y = _point(sq)
            half = CELL * 0.48
            out.append(
                f'<rect x="{x - half}" y="{y - half}" width="{2 * half}" height="{2 * half}" rx="4" '
                f'fill="#3f8efc" fill-opacity="0.35" class="lastmove"/>'
            )
    checked = board.king(board.turn) if board.is_check() else None
    for sq, letter in sorted(board.piece_map().items()):
        x, y = _point(sq)
        ink = RED_INK if letter.isupper() else BLACK_INK
        ring = ' stroke="#ff0000" stroke-width="4"' if sq == checked else f' stroke="{ink}" stroke-width="2"'
        extra = ' class="check"' if sq == checked else ""
        out.append(f'<circle cx="{x}" cy="{y}" r="{CELL * 0.43}" fill="#fbecc8"{ring}{extra}/>')
        out.append(
            f'<text x="{x}" y="{y}" font-size="{CELL * 0.5}" text-anchor="middle" dominant-baseline="central" '
            f'fill="{ink}" font-family="{FONTS}">{GLYPHS[letter]}</text>'
        )
    out.append("</svg>")
    return "".join(out)
