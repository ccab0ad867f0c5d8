"""The competition case file (tests/data/competition/cases.txt), judged through the Python API. The Rust and
C tests read the same file; every command of it is handled here, and an unknown one fails the case."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import pytest

import xiangqi
from xiangqi import Clock, CompetitionError, Conduct, Event, TimeControl

from conftest import DATA

CASES = DATA / "competition" / "cases.txt"

def side(name: str) -> bool:
    if name not in ("red", "black"):
        raise AssertionError(f"bad side {name!r}")
    return name == "red"


def side_name(red: bool) -> str:
    return "red" if red else "black"


def flag_text(flag: Optional[xiangqi.FlagFall], none: str) -> str:
    return none if flag is None else f"flag {side_name(flag.side)} {flag.reason}"


def decision_text(d: Optional[xiangqi.Decision]) -> str:
    if d is None:
        return "none"
    return f"{d.summary.replace(' ', '-')} {d.reason} {d.article}"


def points_text(p: float) -> str:
    return str(int(p)) if p == int(p) else f"{p:g}"


def standings_text(table: List[xiangqi.Standing]) -> str:
    return " ".join(f"{s.place}{'=' if s.shared else ''}:{s.name}:{points_text(s.points)}" for s in table)


def system_of(spec: str) -> Tuple[str, int]:
    return ("swiss", 1) if spec == "swiss" else ("round-robin", int(spec[2:]))


TOUCH_KINDS = {"~": "accidental", "=": "adjust", "!": "adjust-without-consent"}


KNOCKOUT_COMMANDS = ("round", "deck", "draw", "advance", "field", "finalists")
SHEET_COMMANDS = ("knockout", "shuffle", "sheet", "sign", "signed", "official", "sheet-result", "sheet-used",
                  "sheet-fouls", "correct")


class State:
    def __init__(self) -> None:
        self.control: Optional[TimeControl] = None
        self.clock: Optional[Clock] = None
        self.conduct: Optional[Conduct] = None
        self.board: Optional[xiangqi.Board] = None
        self.position: Optional[xiangqi.Board] = None
        self.event: Optional[Event] = None
        self.teams: Optional[xiangqi.TeamEvent] = None
        self.knockout: Optional[xiangqi.CardKnockout] = None
        self.sheet: Optional[xiangqi.Scoresheet] = None

    def sheet_or_knockout(self, cmd: str, a: List[str]) -> str:
        if cmd == "knockout":
            self.knockout = xiangqi.CardKnockout(int(a[0]))
            return "ok"
        if cmd == "shuffle":
            return " ".join(xiangqi.shuffled_deck(int(a[0]), a[1] == "king", int(a[2])))
        if cmd == "sheet":
            assert self.conduct is not None
            self.sheet = xiangqi.Scoresheet.from_conduct(self.conduct, int(a[0]), int(a[1]))
            return "ok"
        if cmd in KNOCKOUT_COMMANDS:
            k = self.knockout
            assert k is not None
            if cmd == "round":
                return str(k.round)
            if cmd == "deck":
                deck = k.deck()
                return "none" if deck is None else " ".join(deck)
            if cmd == "draw":
                pairs, bye = k.draw(a)
                return " ".join(f"{r}:{b}" for r, b in pairs) + f" bye {'none' if bye is None else bye}"
            if cmd == "advance":
                k.advance([int(w) for w in a])
                return "ok"
            if cmd == "field":
                return " ".join(str(p) for p in k.field)
            finalists = k.finalists()
            return "none" if finalists is None else f"{finalists[0]} {finalists[1]}"
        sheet = self.sheet
        assert sheet is not None
        if cmd == "sign":
            sheet.sign(a[0])
            return "ok"
        if cmd == "signed":
            return "yes" if sheet.is_signed_by(a[0]) else "no"
        if cmd == "official":
            return decision_text(sheet.official_result())
        if cmd == "sheet-result":
            return decision_text(sheet.result)
        if cmd == "sheet-used":
            return " ".join(str(t) for t in sheet.time_used)
        if cmd == "sheet-fouls":
            return " ".join(str(f) for f in sheet.fouls)
        sheet.correct(int(a[0]), int(a[1]), int(a[2]), int(a[3]))
        return "ok"

    def run(self, cmd: str, a: List[str]) -> str:
        if cmd == "clock":
            if a[0] == "quota":
                self.control = TimeControl.move_quota(int(a[1]), int(a[2]), int(a[3]), int(a[4]), a[5])
            elif a[0] == "rapid":
                self.control = TimeControl.rapid(int(a[1]), a[2])
            elif a[0] == "permove":
                self.control = TimeControl.per_move(int(a[1]))
            else:
                self.control = TimeControl.guillotine(int(a[1]))
            self.clock = Clock(self.control)
            return "ok"
        if cmd == "deadline":
            assert self.control is not None
            d = self.control.deadline(int(a[0]))
            return "none" if d is None else str(d)
        if cmd == "lateness":
            assert self.control is not None
            arrival = [None if x == "never" else int(x) for x in a[1:3]]
            red_first_press = int(a[3]) if len(a) > 3 else None
            limit = None if a[0] == "first" else int(a[0])
            kind, x, y = self.control.judge_lateness(limit, arrival[0], arrival[1], red_first_press)
            if kind == "play":
                return f"play {x} {y}"
            if kind == "forfeit":
                return f"forfeit {side_name(bool(x))}"
            return kind
        if self.clock is not None and cmd in ("start", "press", "check", "used", "remaining", "stop", "resume",
                                              "addtime", "setused"):
            return self.clock_command(self.clock, cmd, a)
        if cmd == "conduct":
            self.conduct = Conduct(a[0], a[1])
            return "ok"
        if cmd in SHEET_COMMANDS or cmd in KNOCKOUT_COMMANDS:
            return self.sheet_or_knockout(cmd, a)
        if self.conduct is not None and cmd not in ("position", "touch", "event", "standings"):
            if cmd not in ("points", "match-points", "csv", "board-colour", "lineups"):
                return self.conduct_command(self.conduct, cmd, a)
        if cmd == "position":
            self.position = xiangqi.Board(" ".join(a))
            return "ok"
        if cmd == "touch":
            assert self.position is not None
            touches = []
            for t in a:
                square, suffix = t[:2], t[2:]
                touches.append((square, TOUCH_KINDS.get(suffix, "touch"), suffix == "&"))
            kind, detail = xiangqi.touch_obligation(self.position, touches)
            return kind if detail is None else f"{kind} {detail}"
        if cmd == "points":
            red, black = xiangqi.game_points(a[0])
            return f"{points_text(red)} {points_text(black)}"
        if cmd == "match-points":
            return str(xiangqi.match_points(int(a[0]) / 2, int(a[1]) / 2))
        if cmd == "board-colour":
            return "red" if xiangqi.board_colour(a[0] == "first", int(a[1])) else "black"
        if cmd == "lineups":
            return str(len(xiangqi.valid_lineups(int(a[0]), int(a[1]))))
        if cmd == "team-forfeit":
            return f"{xiangqi.team_forfeit_match_points(True)} {xiangqi.team_forfeit_match_points(False)}"
        if cmd == "bestof":
            state, winner = xiangqi.best_of(int(a[0]), a[1], a[2:])
            return f"won {'first' if winner == 0 else 'second'}" if state == "won" else state
        if cmd == "board-order":
            xiangqi.check_board_order([None if r == "-" else int(r) for r in a[0].split(",")])
            return "ok"
        if cmd == "lineup-valid":
            return "yes" if xiangqi.is_valid_lineup(int(a[0]), [int(i) for i in a[1].split(",")]) else "no"
        if cmd == "all-play-all":
            return str(len(xiangqi.all_play_all(int(a[0]), int(a[1]))))
        if cmd == "second-game":
            return side_name(xiangqi.second_game_colour(side(a[0])))
        if cmd == "teams":
            self.teams = xiangqi.TeamEvent(int(a[0]))
            return "ok"
        if cmd == "tmatch":
            assert self.teams is not None
            self.teams.add_match(int(a[0]), int(a[1]), a[2].split(","))
            return "ok"
        if cmd == "team-standings":
            assert self.teams is not None
            return " ".join(f"{t.place}{'=' if t.shared else ''}:{t.team}:{t.match_points}:{points_text(t.game_points)}"
                            for t in self.teams.standings(a[0]))
        if cmd == "members":
            members = [[int(p) for p in team.split(",")] for team in a[1].split(";")]
            table = xiangqi.members_total_standings(members, int(a[0]))
            return " ".join(f"{place}{'=' if shared else ''}:{team}" for team, place, shared in table)
        if cmd == "event":
            system, games = system_of(a[0])
            self.event = Event(a[1:], system, games)
            return "ok"
        if cmd == "csv":
            system, games = system_of(a[0])
            text = (DATA / "competition" / a[1]).read_text(encoding="utf-8")
            return standings_text(Event.from_results_csv(text, system, games).standings(a[2]))
        assert self.event is not None, cmd
        ev = self.event
        if cmd == "game":
            ev.add_game(int(a[0]), a[1], a[2], a[3])
        elif cmd == "efouls":
            ev.add_fouls(a[0], int(a[1]))
        elif cmd == "epenalty":
            ev.add_penalty(a[0], a[1])
        elif cmd == "withdraw":
            kind, n = ev.withdraw(a[0])
            return f"{kind} {n}"
        elif cmd == "standings":
            return standings_text(ev.standings(a[0]))
        elif cmd == "playoff":
            return "yes" if ev.requires_playoff(a[0], int(a[1])) else "no"
        else:
            raise AssertionError(f"unknown command {cmd}")
        return "ok"

    @staticmethod
    def clock_command(clock: Clock, cmd: str, a: List[str]) -> str:
        if cmd == "start":
            clock.start(side(a[0]), int(a[1]))
        elif cmd == "press":
            return flag_text(clock.press(side(a[0]), int(a[1])), "ok")
        elif cmd == "check":
            return flag_text(clock.check(int(a[0])), "none")
        elif cmd == "used":
            return str(clock.used(side(a[0]), int(a[1])))
        elif cmd == "remaining":
            return str(clock.remaining(side(a[0]), int(a[1])))
        elif cmd == "stop":
            clock.stop(int(a[0]))
        elif cmd == "resume":
            clock.resume(int(a[0]))
        elif cmd == "addtime":
            clock.add_used(side(a[0]), int(a[1]))
        else:
            clock.set_used(side(a[0]), int(a[1]))
        return "ok"

    def conduct_command(self, c: Conduct, cmd: str, a: List[str]) -> str:
        if cmd == "move":
            c.make_move(side(a[0]))
        elif cmd == "cpress":
            c.press(side(a[0]))
        elif cmd == "offer":
            return c.offer_draw(side(a[0]))
        elif cmd == "accept":
            c.accept_draw(side(a[0]))
        elif cmd == "decline":
            c.decline_draw(side(a[0]))
        elif cmd == "claim":
            added = c.claim_natural_limit(side(a[0]), *(int(x) for x in a[1:6]))
            return "draw" if added is None else f"false {added}"
        elif cmd == "foul":
            c.foul(side(a[0]), a[1])
        elif cmd == "fouls":
            return str(c.fouls(side(a[0])))
        elif cmd == "unrecorded":
            return str(c.unrecorded_moves(side(a[0]), int(a[1]), int(a[2])))
        elif cmd == "illegal":
            c.illegal_move(side(a[0]))
        elif cmd == "kingsfacing":
            c.kings_facing(side(a[0]))
        elif cmd == "resign":
            c.resign(side(a[0]))
        elif cmd == "flagfall":
            c.flag_fall(side(a[0]), a[1])
        elif cmd == "lateness-result":
            c.lateness_forfeit(None if a[0] == "double-forfeit" else side(a[1]))
        elif cmd == "theoretical-draw":
            c.theoretical_draw()
        elif cmd == "penalty":
            c.penalty(side(a[0]), a[1], a[2])
        elif cmd == "result":
            return decision_text(c.decision)
        elif cmd == "correction":
            return "yes" if c.correction_allowed else "no"
        elif cmd == "game":
            self.board = xiangqi.Board(" ".join(a))
        elif cmd == "play":
            assert self.board is not None
            for m in a:
                self.board.push(xiangqi.Move.from_iccs(m))
        elif cmd == "decide":
            assert self.board is not None
            return decision_text(c.decide(self.board))
        else:
            raise AssertionError(f"unknown conduct command {cmd}")
        return "ok"


def load_cases() -> List[Tuple[str, List[Tuple[int, str, str]]]]:
    cases: List[Tuple[str, List[Tuple[int, str, str]]]] = []
    for number, raw in enumerate(CASES.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        command, _, expected = line.partition("=>")
        words = command.split()
        if words[0] == "case":
            cases.append((f"{words[1]} ({words[2]})", []))
            continue
        cases[-1][1].append((number, command.strip(), expected.strip() or "ok"))
    return cases


CASE_LIST = load_cases()


@pytest.mark.parametrize("name,steps", CASE_LIST, ids=[c[0] for c in CASE_LIST])
def test_case(name: str, steps: List[Tuple[int, str, str]]) -> None:
    state = State()
    ran = 0
    for number, command, expected in steps:
        words = command.split()
        try:
            answer: Any = state.run(words[0], words[1:])
            error = None
        except CompetitionError as e:
            answer, error = None, str(e)
        except xiangqi.XiangqiError as e:
            answer, error = None, str(e)
        ran += 1
        if expected.startswith("error"):
            part = expected[len("error"):].strip()
            assert error is not None, f"line {number}: {command} => {answer!r}, expected {expected}"
            assert part in error, f"line {number}: {command} => error {error!r}, expected {expected}"
        else:
            assert error is None, f"line {number}: {command} => error {error!r}, expected {expected}"
            assert answer == expected, f"line {number}: {command} => {answer!r}, expected {expected}"
    assert ran == len(steps) > 0, f"{name}: {ran} of {len(steps)} commands ran"


def test_cases_are_read() -> None:
    assert len(CASE_LIST) >= 90


def test_errors_are_value_errors() -> None:
    clock = Clock(TimeControl.move_quota(40, 90, 10, 15, "cumulative"))
    clock.start(True, 1000)
    with pytest.raises(ValueError, match="backwards"):
        clock.press(True, 10)
    with pytest.raises(CompetitionError, match="line 3, field round"):
        Event.from_results_csv("round,red,black,result\n1,A,B,1-0\nx,B,A,1-0\n", "round-robin", 2)
    with pytest.raises(CompetitionError, match="carry_over"):
        TimeControl.move_quota(40, 90, 10, 15, "sometimes")


def test_team_event_fouls_and_penalties() -> None:
    """15.3 and 18.4 through TeamEvent: team fouls split teams level on everything else, a warning or a
    disqualification puts a team last among those equal on match points, a disqualification weighs more."""

    def order(ev: xiangqi.TeamEvent) -> List[Tuple[int, int, bool]]:
        return [(t.team, t.place, t.shared) for t in ev.standings("15.3")]

    ev = xiangqi.TeamEvent(2)
    # 2 : 2, two wins each (team 0 is red on boards 1 and 3).
    ev.add_match(0, 1, ["1-0", "1-0", "0-1", "0-1"])
    assert order(ev) == [(0, 1, True), (1, 1, True)]
    ev.add_fouls(0, 2)
    assert order(ev) == [(1, 1, False), (0, 2, False)]
    ev.add_penalty(1, "warning")
    assert order(ev) == [(0, 1, False), (1, 2, False)]
    ev.add_penalty(0, "disqualification")
    assert order(ev) == [(1, 1, False), (0, 2, False)]
    with pytest.raises(CompetitionError, match="team 2 is not one of the 2 teams"):
        ev.add_fouls(2, 1)
    with pytest.raises(CompetitionError, match="not \"warning\" or \"disqualification\""):
        ev.add_penalty(0, "loss")
    with pytest.raises(CompetitionError, match="team 5"):
        ev.add_penalty(5, "warning")
    assert order(ev) == [(1, 1, False), (0, 2, False)]
