"""``python -m buscaminas`` runs the game, as the ``buscaminas`` command does."""

import sys

from . import collector

collector.hold()  # before the modules load, which is most of a start
from .entry.cli import main  # noqa: E402

sys.exit(main())
