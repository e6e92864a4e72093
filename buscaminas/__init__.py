"""Buscaminas: Minesweeper for the terminal, with no-guess boards and an exact AI."""

__version__ = "0.1.0"
