"""Run the game from a checkout: ``python main.py``, the same as ``buscaminas``."""

import sys

if __name__ == "__main__":
    from buscaminas.entry import main

    sys.exit(main())
