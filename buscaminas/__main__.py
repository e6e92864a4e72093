"""``python -m buscaminas`` runs the game, as the ``buscaminas`` command does."""

import sys

from .cli import main

sys.exit(main())
