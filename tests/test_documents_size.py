"""The benchmarks' README stays short enough to be read and kept true: under
15 KB, every command it gives runs a benchmark that exists, every benchmark
has its command there, and the top-level README's links into it land on a
section."""

from __future__ import annotations

import re

from benchmarks.__main__ import BENCHMARKS
from tests.terminal_support import ROOT

BENCHMARKS_README = ROOT / "benchmarks" / "README.md"
MOST_BYTES = 15_000
"""Past this the file drifts into history again; git keeps the history."""

COMMAND = re.compile(r"python\s+-m\s+benchmarks\s+(\w[\w-]*)")
"""A command as written in the text, a line break allowed between its words."""

LINK = re.compile(r"\(benchmarks/README\.md#([^)\s]+)\)")
HEADING = re.compile(r"^#+\s+(.+)$", re.MULTILINE)


def named_benchmarks(text: str) -> set[str]:
    return set(COMMAND.findall(text))


def unknown_benchmarks(text: str) -> set[str]:
    return named_benchmarks(text) - set(BENCHMARKS)


def anchor(heading: str) -> str:
    """The fragment GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    kept = re.sub(r"[^\w\- ]", "", heading.lower())
    return kept.replace(" ", "-")


def broken_links(readme: str, target: str) -> set[str]:
    sections = {anchor(heading) for heading in HEADING.findall(target)}
    return set(LINK.findall(readme)) - sections


def test_the_benchmarks_readme_stays_under_15_kb() -> None:
    size = len(BENCHMARKS_README.read_bytes())
    assert size < MOST_BYTES, f"benchmarks/README.md is {size} bytes; keep it under {MOST_BYTES}"


def test_every_command_in_the_benchmarks_readme_runs_a_real_benchmark() -> None:
    text = BENCHMARKS_README.read_text(encoding="utf-8")
    assert unknown_benchmarks(text) == set()


def test_every_benchmark_has_its_command_in_the_benchmarks_readme() -> None:
    text = BENCHMARKS_README.read_text(encoding="utf-8")
    assert set(BENCHMARKS) - named_benchmarks(text) == set()


def test_a_command_for_no_benchmark_is_caught() -> None:
    text = "`python -m benchmarks solver --games 10`, then `python -m\nbenchmarks speedy --runs 3`"
    assert named_benchmarks(text) == {"solver", "speedy"}
    assert unknown_benchmarks(text) == {"speedy"}


def test_the_readmes_links_into_the_benchmarks_readme_land_on_a_section() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    target = BENCHMARKS_README.read_text(encoding="utf-8")
    assert LINK.findall(readme), "the README links to the benchmarks' sections"
    assert broken_links(readme, target) == set()


def test_a_link_to_no_section_is_caught() -> None:
    target = "# Benchmarks\n\n## `solver`: the AI's win rate and speed\n"
    readme = (
        "[a](benchmarks/README.md#solver-the-ais-win-rate-and-speed) "
        "[b](benchmarks/README.md#solver-how-often-the-ai-wins)"
    )
    assert broken_links(readme, target) == {"solver-how-often-the-ai-wins"}
