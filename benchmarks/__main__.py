"""Dispatch ``python -m benchmarks NAME ...`` to the benchmark module NAME.

A benchmark module offers ``add_arguments(parser)`` and ``run(args) -> int``
and a one-line docstring; adding one is adding its entry to ``BENCHMARKS``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType

from . import (
    adversarial,
    bigboard,
    generate,
    hostile,
    latency,
    paste,
    play,
    records,
    redraw,
    review,
    solver,
    startup,
    tatham,
    toollib,
    winrate,
)

BENCHMARKS: dict[str, ModuleType] = {
    "solver": solver,
    "winrate": winrate,
    "generate": generate,
    "adversarial": adversarial,
    "play": play,
    "redraw": redraw,
    "startup": startup,
    "review": review,
    "tatham": tatham,
    "bigboard": bigboard,
    "hostile": hostile,
    "latency": latency,
    "paste": paste,
    "records": records,
    "toollib": toollib,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    commands = parser.add_subparsers(dest="benchmark", required=True)
    for name, module in BENCHMARKS.items():
        summary = (module.__doc__ or "").strip().splitlines()[0]
        module.add_arguments(commands.add_parser(name, help=summary, description=summary))
    args = parser.parse_args(argv)
    result: int = BENCHMARKS[args.benchmark].run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
