"""Pin what share codes deal: ``python -m tools.share_codes`` adds pins, never changes one.

``tests/data/share_codes.txt`` holds one code a line and the mines the game
deals from it, as a bitmap of the board in hexadecimal (cell x, y is bit
y × width + x).  ``tests/test_sharecode_pins.py`` deals every code again
through the game and compares: a change to the generator that deals other
mines from a seed code fails it, and must keep the earlier path for the codes
already out there (:data:`buscaminas.core.generator.VERSIONS`) rather than change
a pin.  This tool appends pins for requests drawn from a fixed seed, so that
each kind of code, each board kind and each generator version has at least
:data:`AT_LEAST` of them; a new generator version only adds lines.
"""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from buscaminas.core import generator
from buscaminas.core.board import BoardKind
from buscaminas.core.grid import Point
from buscaminas.game.dealer import BoardRefused
from buscaminas.game.keeper import Keeper
from buscaminas.game.session import Session
from buscaminas.game.settings import Settings
from buscaminas.records import sharecode
from buscaminas.records.sharecode import ShareCode
from buscaminas.records.storage import Store

PINS = Path(__file__).resolve().parent.parent / "tests" / "data" / "share_codes.txt"
AT_LEAST = 200


def dealt(code: ShareCode, directory: Path) -> frozenset[Point]:
    """The mines the game deals from ``code``, as ``--game`` deals them."""
    store = Store(directory / "games.sqlite3", on_warning=print)
    session = Session(Settings.from_code(code, None), Keeper(store), legend=[])
    start = session.current.journal.start
    assert start is not None, "a shared board is dealt as the session starts"
    return start.mines


def bitmap(width: int, height: int, mines: Iterable[Point]) -> str:
    number = sum(1 << (y * width + x) for x, y in mines)
    return f"{number:0{-(-width * height // 4)}x}"


def read_pins(path: Path = PINS) -> list[tuple[str, str]]:
    """Every pinned code and its bitmap, in the file's order."""
    lines = path.read_text().splitlines() if path.exists() else []
    return [(code, mines) for code, mines in (line.split() for line in lines if line)]


def kind_of(code: ShareCode) -> str:
    """The group a pin counts in: the code's form, the board's kind, the generator."""
    board = code.kind.value
    if code.layout is not None:
        return f"layout {board}"
    return f"seed {board} generator {code.generator}"


def requests(rng: random.Random) -> Iterator[ShareCode]:
    """Codes as the game mints them, over sizes from 3×3 to 99×99 and densities up to
    the no-guess limit, weighted towards the boards people play."""
    while True:
        if rng.random() < 0.4:
            width, height = rng.choice([(8, 8), (9, 9), (16, 16), (30, 16), (5, 5), (12, 10)])
        elif rng.random() < 0.97:
            width, height = rng.randint(3, 40), rng.randint(3, 40)
        else:
            width, height = rng.randint(41, 99), rng.randint(41, 99)
        kind = rng.choice(list(BoardKind))
        high = width * height - 1
        if kind is BoardKind.NO_GUESS:
            high = min(high, generator.no_guess_limit(width, height))
        density = rng.choice([0.1, 0.2, 0.5])
        mines = rng.randint(1, max(1, min(high, round(width * height * density))))
        first = (rng.randrange(width), rng.randrange(height))
        seed = rng.randrange(2**sharecode.SEED_BITS)
        yield ShareCode(width, height, mines, kind, seed, first, generator.VERSION)


def main() -> None:
    pins = read_pins()
    known = {code for code, _mines in pins}
    counts = Counter(kind_of(sharecode.parse(code)) for code in known)
    wanted = [f"layout {kind.value}" for kind in BoardKind]
    wanted += [f"seed {kind.value} generator {generator.VERSION}" for kind in BoardKind]
    added = []
    with tempfile.TemporaryDirectory() as scratch:
        for request in requests(random.Random(f"pins {generator.VERSION}")):
            if all(counts[group] >= AT_LEAST for group in wanted):
                break
            try:
                mines = dealt(request, Path(scratch))
            except BoardRefused:  # a request no board meets: nothing to pin
                continue
            code = request.with_layout(mines)
            group = kind_of(code)
            if counts[group] >= AT_LEAST or str(code) in known:
                continue
            counts[group] += 1
            known.add(str(code))
            added.append(f"{code} {bitmap(code.width, code.height, mines)}\n")
    PINS.parent.mkdir(exist_ok=True)
    with PINS.open("a") as file:
        file.writelines(added)
    print(f"{len(added)} pins added to {PINS}: {dict(counts)}")


if __name__ == "__main__":
    main()
