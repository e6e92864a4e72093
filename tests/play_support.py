"""Checks that hold after any sequence of moves: the engine's invariants, seen from outside."""

from __future__ import annotations

import copy
import queue
import re
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from hypothesis import event, note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from buscaminas.core import generator
from buscaminas.core.engine import Action, Minesweeper, Move, Outcome, Termination
from buscaminas.core.grid import Point
from buscaminas.game import hints
from buscaminas.game.app import PROMPT, App
from buscaminas.game.commands import label
from buscaminas.game.journal import loads
from buscaminas.game.keeper import Keeper
from buscaminas.game.keys import Act, Mode
from buscaminas.game.screen import Audience, CursorKeys
from buscaminas.game.settings import Settings
from buscaminas.game.view import View
from buscaminas.records import seen
from buscaminas.records.storage import database_in


def hidden_layout(game: Minesweeper) -> frozenset[Point]:
    """The mines, which the engine keeps to itself until the end: tests may look."""
    return game._mines or frozenset()


def play(game: Minesweeper, move: Move, seed: int) -> Outcome:
    """``game.act(move)``, first dealing a first try its mines from ``seed`` as a classic
    board is dealt: the engine never chooses its mines."""
    if move.action is Action.TRY and not game.started and move.cell not in game.flags:
        game.lay(
            generator.generate(
                game.width, game.height, game.mine_count, start=move.cell, seed=seed
            )
        )
    return game.act(move)


def assert_engine_invariants(game: Minesweeper) -> None:
    """What every position reached by play must satisfy."""
    mines = hidden_layout(game)
    rows = game.rows()
    assert len(rows) == game.height and all(len(row) == game.width for row in rows)
    assert rows == tuple(
        "".join(game.shown((x, y)) for x in range(game.width)) for y in range(game.height)
    ), "the picture kept move by move is the board read afresh"
    assert game.mines_left == game.mine_count - len(game.flags), "a ? is no flag"
    assert not game.marks & game.flags, "a cell has a flag or a ?, not both"
    assert not any(game.is_revealed(cell) for cell in game.marks), "a ? is on a hidden cell"
    if not game.started:
        assert game.end is None and set("".join(rows)) <= {"#", "F", "?"}
        return
    assert len(mines) == game.mine_count
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            cell = (x, y)
            if game.is_revealed(cell):
                assert cell not in mines, f"a mine at {cell} is shown as revealed"
                assert cell not in game.flags
                around = sum(near in mines for near in game.grid.neighbours(cell))
                assert char == (str(around) if around else "."), f"{cell} shows {char}"
    revealed = sum(game.is_revealed((x, y)) for y in range(game.height) for x in range(game.width))
    assert game.hidden_safe == game.width * game.height - game.mine_count - revealed
    if game.end is Termination.WON:
        assert game.hidden_safe == 0
    elif game.end is Termination.LOST:
        assert game.exploded in mines
    else:
        assert game.exploded is None and game.hidden_safe > 0


NUMBER = re.compile(r"the (\d) at (\d+) (\d+)")
EMPTY_CELL = re.compile(r"the empty cell at (\d+) (\d+)")
FLAG = re.compile(r"the flag at (\d+) (\d+)")
MINE = re.compile(r"the mine at (\d+) (\d+)")


def cell_of(match: re.Match[str]) -> Point:
    x, y = match.groups()[-2:]
    return (int(x) - 1, int(y) - 1)


def named(cell: Point, text: str) -> bool:
    return re.search(rf"(?<![\d]){label(cell)}(?![\d])", text) is not None


def assert_hint_true(hint: hints.Hint, game: Minesweeper, layout: frozenset[Point]) -> None:
    """Every claim of ``hint`` holds on ``layout``, and its words name what it claims."""
    text = " ".join(hint.messages)
    note(text)
    assert hint.messages and all(hint.messages)
    assert not hint.safe & layout, f"called safe, but a mine: {hint.safe & layout}"
    assert hint.mines <= layout, f"called a mine, but safe: {hint.mines - layout}"
    for cell, value in hint.numbers.items():
        assert game.is_revealed(cell) and game.number(cell) == value, f"cited {value} at {cell}"
    for count in hint.counts:
        assert len(count.cells & layout) == count.mines, f"miscounted {count}"
    assert hint.targets <= hint.safe | hint.mines or not (hint.safe | hint.mines)
    # The words and the claims say the same things.
    for cell in hint.safe | hint.mines | hint.targets:
        assert named(cell, text), f"{label(cell)} is claimed but not named"
    for match in NUMBER.finditer(text):
        assert hint.numbers.get(cell_of(match)) == int(match.group(1)), match.group(0)
    for match in EMPTY_CELL.finditer(text):
        assert hint.numbers.get(cell_of(match)) == 0, match.group(0)
    for match in FLAG.finditer(text):
        cell = cell_of(match)
        assert cell in game.flags, match.group(0)
        assert cell in hint.mines or cell in hint.safe, f"{match.group(0)} makes no claim"
    for match in MINE.finditer(text):
        assert cell_of(match) in hint.mines, match.group(0)
    kinds = [
        "wrong flag" if "is wrong" in text else "",
        "premise" if ";" in text else "",
        "rescue" if hint.rescue is not None else "",
    ]
    event("hint: " + (", ".join(kind for kind in kinds if kind) or "plain"))


STEP_SECONDS = 60.0
"""Longer than any single command takes (an AI game on a 16×16 board included)."""


class Handover:
    """A screen for the loop's thread: each ``read`` waits for the test's next line."""

    animated = False

    def __init__(self, audience: Audience) -> None:
        self.audience = audience
        self.views: list[View] = []
        self.prompt = ""
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._waiting = threading.Event()

    def show(self, view: View) -> None:
        self.views.append(view)

    start = show

    def drawn(self) -> None:
        pass

    def fits(self, width: int, height: int) -> bool:
        return True

    def read(
        self, prompt: str, live: Callable[[], View] | None = None, cursor: CursorKeys | None = None
    ) -> str:
        self.prompt = prompt
        self._waiting.set()
        line = self._lines.get()
        if line is None:
            raise EOFError
        return line

    def ask(self, question: str, above: Sequence[str] = ()) -> str:
        return self.read(question)

    def say(self, line: str) -> None:
        pass

    def linger(self, seconds: float) -> None:
        pass

    def watching(self, mode: Mode) -> AbstractContextManager[object]:
        return nullcontext()

    def key_pressed_within(self, seconds: float) -> Act | None:
        return None

    def hand(self, line: str | None, loop: threading.Thread) -> None:
        """Give the loop ``line`` and wait until it reads again or ends."""
        self._waiting.clear()
        self._lines.put(line)
        self.waiting(loop)

    def waiting(self, loop: threading.Thread) -> None:
        """Wait until the loop asks for a line, or ends."""
        deadline = time.monotonic() + STEP_SECONDS
        while not self._waiting.wait(0.05):
            if not loop.is_alive():
                return
            assert time.monotonic() < deadline, "the loop never asked for another line"


class HintsHeard:
    """Every hint the loop gives, kept with the position it was given on, so that the
    test's thread can hold its claims to the hidden layout."""

    def __init__(self) -> None:
        self.heard: list[tuple[hints.Hint, Minesweeper]] = []
        self._real = hints.hint

    def __enter__(self) -> HintsHeard:
        def listening(game: Minesweeper) -> hints.Hint:
            given = self._real(game)
            self.heard.append((given, copy.deepcopy(game)))
            return given

        hints.hint = listening
        return self

    def __exit__(self, *_: object) -> None:
        hints.hint = self._real


sizes = st.tuples(st.integers(3, 16), st.integers(3, 12))


class Play(RuleBasedStateMachine):
    """One session of random valid commands on one random board setting."""

    def __init__(self) -> None:
        super().__init__()
        self.data = tempfile.TemporaryDirectory(prefix="buscaminas-test-")
        self.failure: BaseException | None = None
        self.hints = HintsHeard().__enter__()

    @initialize(
        size=sizes,
        density=st.floats(0.02, 0.3),
        no_guess=st.booleans(),
        seed=st.integers(0, 2**31),
        audience=st.sampled_from(Audience),
    )
    def start(
        self, size: tuple[int, int], density: float, no_guess: bool, seed: int, audience: Audience
    ) -> None:
        width, height = size
        mines = max(1, min(width * height - 9, round(width * height * density)))
        self.width, self.height = width, height
        self.screen = Handover(audience)
        self.app = App(
            Settings(width, height, mines, seed=seed, no_guess=no_guess),
            self.screen,
            legend=[],
            keeper=Keeper.open(database_in(Path(self.data.name))),
        )
        self.loop = threading.Thread(target=self._run, daemon=True)
        self.loop.start()
        self.screen.waiting(self.loop)

    def _run(self) -> None:
        try:
            self.app.run()
        except EOFError:
            pass
        except BaseException as error:  # reported on the test's own thread
            self.failure = error

    def type(self, line: str) -> None:
        """Type ``line`` at the prompt; a pending question (play again? a classic board?)
        is answered with Enter first, as a player keen to go on would."""
        if self.screen.prompt != PROMPT:
            self.screen.hand("", self.loop)
        self.screen.hand(line, self.loop)
        if self.failure is not None:
            raise self.failure
        assert self.loop.is_alive(), "the game loop ended without being asked to"

    def cell(self, data: st.DataObject) -> str:
        x = data.draw(st.integers(1, self.width), label="x")
        y = data.draw(st.integers(1, self.height), label="y")
        return f"{x} {y}"

    @rule(data=st.data(), verb=st.sampled_from(["", "try ", "t ", "TRY  "]))
    def reveal(self, data: st.DataObject, verb: str) -> None:
        self.type(verb + self.cell(data))

    @rule(data=st.data())
    def flag(self, data: st.DataObject) -> None:
        self.type("flag " + self.cell(data))

    @rule(data=st.data())
    def expand(self, data: st.DataObject) -> None:
        self.type("expand " + self.cell(data))

    @rule()
    def hint(self) -> None:
        self.type("help")

    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        self.type("help " + self.cell(data))

    @rule(count=st.integers(1, 4))
    def auto(self, count: int) -> None:
        self.type(f"auto {count}")

    @rule(page=st.sampled_from(["man", "man flag", "man help", "stats"]))
    def read_a_page(self, page: str) -> None:
        self.type(page)

    @rule()
    def new(self) -> None:
        self.type("new")

    @rule(answer=st.sampled_from(["y", "n", "", "sí"]))
    def answer(self, answer: str) -> None:
        """Whatever is asked (abandon? play again?), or an empty line at the prompt."""
        self.type(answer)

    @rule(word=st.sampled_from(["undo", "u", "redo", "deshacer", "rehacer"]))
    def take_back(self, word: str) -> None:
        self.type(word)

    @rule()
    def save(self) -> None:
        self.type(f"save {self.data.name}/saved.txt")

    @invariant()
    def the_journal_replays_to_the_board(self) -> None:
        app = getattr(self, "app", None)
        if app is not None:
            current = app.session.current
            assert current.journal.game().rows() == current.game.rows()

    @invariant()
    def each_end_is_recorded_once(self) -> None:
        """A loss taken back and put back is the same loss: a game's line (itself and
        what went on after a loss taken back) never ends twice with the same moves."""
        app = getattr(self, "app", None)
        if app is not None:
            ends = [
                (record.identity[: seen.LINE], tuple(p.move for p in loads(record.journal).moves))
                for record in app.session.records
                if record.identity is not None and record.journal is not None
            ]
            assert len(ends) == len(set(ends)), ends

    @invariant()
    def the_engine_holds_together(self) -> None:
        app = getattr(self, "app", None)
        if app is not None:
            assert_engine_invariants(app.session.current.game)

    @invariant()
    def every_hint_is_true(self) -> None:
        for given, game in self.hints.heard:
            assert_hint_true(given, game, hidden_layout(game))
        self.hints.heard.clear()

    def teardown(self) -> None:
        screen = getattr(self, "screen", None)
        if screen is not None and self.loop.is_alive():
            screen.hand(None, self.loop)
            self.loop.join(STEP_SECONDS)
        self.hints.__exit__()
        self.data.cleanup()
        if self.failure is not None:
            raise self.failure
