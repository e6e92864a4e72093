"""Run the game from a checkout: ``python main.py``, the same as ``buscaminas``."""

import sys

if __name__ == "__main__":
    from buscaminas import collector

    collector.hold()  # before the modules load, which is most of a start
    from buscaminas.entry.cli import main

    sys.exit(main())
