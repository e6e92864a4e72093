"""The exact solver: what a position proves, how likely each cell is a mine, what to play.

The solver sees only what the player sees (a :class:`Position`); it never
imports the engine, so the engine and the UI may build on it freely.
"""

from .analysis import Analysis, analyze
from .counting import InconsistentPosition, forget
from .explain import Reason, ReasonKind, explain
from .position import Position, PositionError
from .strategy import NothingToReveal

__all__ = [
    "Analysis",
    "InconsistentPosition",
    "NothingToReveal",
    "Position",
    "PositionError",
    "Reason",
    "ReasonKind",
    "analyze",
    "explain",
    "forget",
]
