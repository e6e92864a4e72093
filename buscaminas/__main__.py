"""``python -m buscaminas`` runs the game, as the ``buscaminas`` command does."""

import sys

from .entry import main

sys.exit(main())
