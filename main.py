"""Run the game from a checkout: ``python main.py``, the same as ``buscaminas``."""

import sys

from buscaminas.cli import main

if __name__ == "__main__":
    sys.exit(main())
