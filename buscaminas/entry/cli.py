"""The ``buscaminas`` command: the command line read once, then the tool or the game
it names; every way out a status, never a traceback."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Sequence

from .. import collector, i18n, signals
from ..i18n import _
from . import configured
from .invocation import Invocation, read


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; every way out is a status, never a traceback.

    A closed or full standard stream ends with one line on standard error;
    SIGTERM, SIGHUP and SIGQUIT with 128 plus their number, as a shell expects.
    The cycle collector waits until the command is up (:mod:`buscaminas.collector`).
    """
    collector.hold()
    try:
        return _main(argv)
    finally:
        collector.release()


def _main(argv: Sequence[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    found = configured.read_config()
    asked = _language_asked(arguments) or configured.file_language(found)
    i18n.use(i18n.choose_language(asked))  # for --help and errors
    invocation = read(arguments, found)
    i18n.use(i18n.choose_language(invocation.options.lang))
    if found.problem is not None:  # read again, to word it in the language now in use
        found = configured.read_config()
    options = invocation.options._replace(config=found, keys_problem=configured.apply_keys(found))
    invocation = invocation._replace(options=options)
    if found.problem is not None and invocation.tool not in (None, "config"):
        print(f"buscaminas: {configured.problem(found)}", file=sys.stderr)
    if sys.stdin is None or sys.stdout is None:
        closed = _("standard input") if sys.stdin is None else _("standard output")
        return _fail(_("{stream} is closed").format(stream=closed))
    try:
        with signals.ending():
            status = run(invocation)
            sys.stdout.flush()
            return status
    except BrokenPipeError:
        # The reader has gone (``| head``): nobody is left to tell.
        _silence_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl-C in a tool (the game itself takes it as goodbye)
        return 128 + signal.SIGINT
    except signals.Terminated as ending:
        _silence_stdout()
        return ending.exit_status
    except OSError as error:
        _silence_stdout()
        return _fail(_("cannot write: {reason}").format(reason=i18n.reason(error)))


def _language_asked(arguments: Sequence[str]) -> str | None:
    """The language ``--lang`` names on the command line, before it is parsed: the
    parser's own words (``--help``, its refusals) are to be in it."""
    for index, word in enumerate(arguments):
        if word == "--":
            break
        given = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(arguments):
            given = arguments[index + 1]
        if given in i18n.LANGUAGES:
            return given
    return None


def run(args: Invocation) -> int:
    """The command the arguments name: a tool, or the game."""
    if args.tool is None:
        from .start import play

        return play(args)
    from . import parser, tools

    if args.tool == "config":
        return tools.show_config(args)
    if args.tool == "stats":
        return tools.show_stats(args)
    if args.tool == "analyze":
        return tools.show_analysis(args)
    if args.tool == "manpage":
        from .manpage import page

        print(page(parser.build_parser()), end="")
        return 0
    if args.tool == "completion":
        from .completion import script

        print(script(parser.build_parser(), args.shell), end="")
        return 0
    return tools.show_history(args)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that what is still buffered does
    not fail again, with a traceback, when the interpreter flushes it at exit."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _fail(reason: str) -> int:
    """One line on standard error, if it is there to take it, and a failing status."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(f"buscaminas: {reason}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
