"""Unit tests read the English catalogue, so that their expected messages are stable."""

from __future__ import annotations

from buscaminas import i18n

i18n.use("en")
