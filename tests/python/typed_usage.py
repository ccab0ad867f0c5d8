"""A small typed program checked with `mypy --strict`: the stubs describe the API as used."""

from __future__ import annotations

from typing import List, Optional

import xiangqi


def main_line_in_chinese(moves: List[str]) -> List[str]:
    board = xiangqi.Board()
    texts: List[str] = []
    for text in moves:
        move: xiangqi.Move = board.parse_notation(text)
        texts.append(board.chinese(move))
        board.push(move)
    return texts


def verdict(board: xiangqi.Board) -> Optional[str]:
    outcome: Optional[xiangqi.Outcome] = board.outcome()
    if outcome is None:
        return None
    classes: List[str] = [c.move_class for c in outcome.moves]
    return f"{outcome.summary} ({outcome.termination.value}, {outcome.article}): {classes}"


def red_players(data: bytes) -> List[str]:
    return [game.headers.get("Red", "?") for game in xiangqi.read_games(data) if game.error is None]


def opening(moves: List[str]) -> str:
    try:
        code: xiangqi.Ecco = xiangqi.Board.from_moves(moves).ecco()
    except xiangqi.NoEccoCodeError as err:
        return str(err)
    variation: Optional[str] = code.variation
    return f"{code.code} {code.opening_traditional} {variation or ''}"


if __name__ == "__main__":
    print(main_line_in_chinese(["h2e2", "H8+7"]), verdict(xiangqi.Board()), red_players(b"1. h2e2"))
    print(opening(["h2e2", "h9g7"]), opening([]))
