"""The ``buscaminas`` command and its tools: the layer above all the others."""

import signal


def main() -> int:
    """The command as installed, ``python -m buscaminas`` and ``main.py`` start it: the
    program loaded, then run (:func:`.cli.main`).  A Ctrl-C while it loads, before
    the game takes the terminal, ends it as Ctrl-C ends a command (status 130), with
    no traceback.  The cycle collector is held from here (:mod:`buscaminas.collector`),
    before the modules load, which is most of a start."""
    try:
        from .. import collector

        collector.hold()
        from .cli import main as command

        return command()
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
