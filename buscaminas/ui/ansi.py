"""The escape sequences the game writes: attributes, the cursor, clearing the screen.

One place for the bytes, so the frame, the icons and the pipe's coloured rows
write them alike and a text's styles always end plain.
"""

from __future__ import annotations

CSI = "\x1b["
HIDE_CURSOR = CSI + "?25l"
SHOW_CURSOR = CSI + "?25h"
RESET = CSI + "0m"
CLEAR = CSI + "H" + CSI + "2J"


def styled(text: str, style: str) -> str:
    """``text`` in the attributes ``style`` (SGR parameters), ending plain."""
    return f"{CSI}{style}m{text}{RESET}" if style else text


def encoded(segments: list[tuple[str, str]]) -> str:
    """Styled text with a colour code only where the style changes, ending plain."""
    parts = []
    current = ""
    for style, shown in segments:
        if style != current:
            parts.append(f"{CSI}{'0;' if current else ''}{style}m" if style else RESET)
            current = style
        parts.append(shown)
    if current:
        parts.append(RESET)
    return "".join(parts)


def at(position: tuple[int, int], text: str) -> str:
    """``text`` written from ``position`` (row, column), 0-based."""
    row, column = position
    return f"{CSI}{row + 1};{column + 1}H{text}"
