"""The rules, the board's geometry, mine layouts and exact analysis.

Nothing here reads a file, asks a clock, speaks a language or touches a terminal:
``Minesweeper(...)`` with ``lay`` and ``act`` is the whole game, which the tests, the AI
and the benchmarks drive directly.
"""
