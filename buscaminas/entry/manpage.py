"""The manual page, ``buscaminas.6`` (section 6: games), written from the game's own
tables: the options and tools from the command line's parser, the commands from
the verbs' manual entries, the keys from the key table, the environment and the
files from :mod:`buscaminas.environment`.  A flag, verb or key added to its
table is on the page the next time it is written (``buscaminas manpage``), and
``tests/test_manpage.py`` fails until the copy in ``man/`` is written again.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterable, Iterator

from .. import __version__
from ..game import commands, keys
from ..i18n import _
from . import environment

WIDTH = 78


def page(parser: argparse.ArgumentParser) -> str:
    """The manual page of the command ``parser`` reads, in roff, in the player's language."""
    from .parser import tool_parsers

    tools = tool_parsers(parser)
    shared = _shared(tools)
    lines = [
        '.\\" Written by "buscaminas manpage" from the game\'s own tables.',
        # No date: the page is the version's, whatever the day it is written on.
        f'.TH BUSCAMINAS 6 "" "buscaminas {__version__}" "{_roff(_("Games"))}"',
        ".nh",  # no word broken across lines: an option or a variable is copied whole
        ".ad l",
        *_section(_("NAME")),
        f"buscaminas \\- {_roff(_('Minesweeper for the terminal'))}",
        *_section(_("SYNOPSIS")),
        *_synopsis(tools),
        *_section(_("DESCRIPTION")),
        _text(parser.description or ""),
        *_section(_("OPTIONS")),
        *_options(parser),
        *_section(_("TOOLS")),
        _text(_("Every tool takes {options} too.").format(options=commands.listing(shared))),
        *_tool_entries(tools, shared),
        *_section(_("COMMANDS")),
        *_paragraphs(commands.syntax()),
        *_commands(),
        *_section(_("KEYS")),
        *_keys(),
        *_section(_("ENVIRONMENT")),
        *_entries((entry.name, entry.meaning) for entry in environment.variables()),
        *_section(_("FILES")),
        *_files(),
    ]
    return "\n".join(lines) + "\n"


def _section(title: str) -> list[str]:
    return [f".SH {_roff(title.upper())}"]


def _roff(text: str) -> str:
    """``text`` safe as a roff line: a backslash and a minus as themselves, every
    character past ASCII as its code, which both groff and mandoc read whatever the
    page's encoding, and a dot or an apostrophe at the start not taken for a request."""
    escaped = "".join(
        "\\e" if char == "\\" else "\\-" if char == "-" else
        char if ord(char) < 128 else f"\\[u{ord(char):04X}]"
        for char in text
    )
    return _line(escaped)


def _line(escaped: str) -> str:
    return "\\&" + escaped if escaped.startswith((".", "'")) else escaped


def _text(text: str) -> str:
    """Prose as the page's source holds it: lines of at most :data:`WIDTH` characters
    (roff fills them again), each safe; an escape holds no space, so none is cut."""
    wrapped = textwrap.wrap(_roff(text), WIDTH, break_long_words=False, break_on_hyphens=False)
    return "\n".join(_line(line.removeprefix("\\&")) for line in wrapped)


def _bold(text: str) -> str:
    return f"\\fB{_roff(text)}\\fR"


def _italic(text: str) -> str:
    return f"\\fI{_roff(text)}\\fR"


def _paragraphs(texts: Iterable[str]) -> Iterator[str]:
    """Paragraphs one after another; one after a list needs its own ``.PP`` first."""
    for index, text in enumerate(texts):
        if index:
            yield ".PP"
        yield _text(text)


def _entries(entries: Iterable[tuple[str, str]], *, italic: bool = False) -> Iterator[str]:
    """A tagged paragraph per entry: the name in bold (a path in italic), the words
    indented under it."""
    for name, words in entries:
        yield ".TP"
        yield _italic(name) if italic else _bold(name)
        yield _text(words)


def _positionals(parser: argparse.ArgumentParser) -> str:
    """``number FILE``, ``[number]``: a tool's arguments as its usage names them."""
    named = []
    for action in parser._actions:
        if action.option_strings:
            continue
        word = _italic(str(action.metavar or action.dest))
        named.append(f"[{word}]" if action.nargs == "?" else word)
    return " ".join(named)


def _synopsis(tools: list[tuple[str, str, argparse.ArgumentParser]]) -> list[str]:
    lines = [f"{_bold('buscaminas')} [{_italic(_('options'))}]"]
    for name, _words, tool in tools:
        lines += [".br", f"{_bold(f'buscaminas {name}')} {_positionals(tool)}".rstrip()]
    return lines


def _invocation(action: argparse.Action) -> str:
    """``--preset NAME``, ``--marks, --no-marks``: an option as ``--help`` shows it."""
    return argparse.HelpFormatter("buscaminas")._format_action_invocation(action)


def _help(action: argparse.Action) -> str:
    return argparse.HelpFormatter("buscaminas")._expand_help(action) if action.help else ""


def _option_entries(actions: Iterable[argparse.Action]) -> list[str]:
    return list(
        _entries(
            (_invocation(action), _help(action))
            for action in actions
            if action.option_strings and action.help is not argparse.SUPPRESS
        )
    )


def _options(parser: argparse.ArgumentParser) -> list[str]:
    """The game's options, group by group, each group after the first under its title."""
    lines: list[str] = []
    for index, group in enumerate(parser._action_groups):
        listed = _option_entries(group._group_actions)
        if listed and index > 1 and group.title:
            lines.append(f".SS {_roff(group.title)}")
        lines += listed
    return lines


def _shared(tools: list[tuple[str, str, argparse.ArgumentParser]]) -> list[str]:
    """The options every tool takes but help: on the page once, among the game's."""
    spelled = [
        [s for a in tool._actions if not isinstance(a, argparse._HelpAction)
         for s in a.option_strings]
        for _name, _words, tool in tools
    ]
    return [option for option in spelled[0] if all(option in other for other in spelled)]


def _tool_entries(
    tools: list[tuple[str, str, argparse.ArgumentParser]], shared: list[str]
) -> list[str]:
    """Each tool, its arguments and its own options (the ``shared`` ones are said once)."""
    lines = []
    for name, words, tool in tools:
        lines += [".TP", f"{_bold(name)} {_positionals(tool)}".rstrip(), _text(words)]
        own = [
            action
            for action in tool._actions
            if not isinstance(action, argparse._HelpAction)
            and not set(action.option_strings) & set(shared)
        ]
        positional = [action for action in own if not action.option_strings]
        optional = _option_entries(own)
        if positional or optional:
            lines.append(".RS")
            lines += _entries(
                (str(action.metavar or action.dest), _help(action)) for action in positional
            )
            lines += optional
            lines.append(".RE")
    return lines


def _commands() -> list[str]:
    """Every verb with its example, what it does and every way to spell it."""
    lines = []
    for verb, entry in commands.verb_entries().items():
        lines += [
            ".TP",
            _bold(commands.example(verb)),
            _text(entry),
            ".br",
            _text(f"({commands.spellings(verb)})"),
        ]
    return lines


def _keys() -> list[str]:
    """Every row of the key table as the game ships it (``[keys]`` in config.toml
    gives the cursor's other keys), mode by mode, and the mouse on the board."""
    lines = []
    for section in keys.sections():
        lines.append(f".SS {_roff(section.title.rstrip(':'))}")
        rows = [(row.shown(), row.does()) for row in keys.TABLE if row.mode is section.mode]
        if section.mouse:
            rows += [(shown(), does()) for shown, does in keys.MOUSE]
        lines += _entries(rows)
    remapped = _(
        "The [keys] table of config.toml gives the cursor keys other keys;"
        " “buscaminas config” lists the keys in effect."
    )
    return [*lines, ".PP", *_paragraphs([keys.habit(), remapped])]


def _files() -> list[str]:
    """Where the files are by default on each system that reads manual pages, then
    each file."""
    data = _("DATA")
    configuration = _("CONFIG")
    words = [
        _("{data} is the directory --data-dir names, else $BUSCAMINAS_DATA_DIR, else"
          " $XDG_DATA_HOME/buscaminas (~/.local/share/buscaminas) on Linux and BSD and"
          " ~/Library/Application Support/buscaminas on macOS.").format(data=data),
        _("{config} is $BUSCAMINAS_CONFIG_DIR, else $XDG_CONFIG_HOME/buscaminas"
          " (~/.config/buscaminas) on Linux and BSD and ~/Library/Application"
          " Support/buscaminas on macOS.").format(config=configuration),
        _("“buscaminas --help” ends with where they are on your machine."),
    ]
    return [
        *_paragraphs(words),
        *_entries(
            (
                (f"{configuration if kept.configuration else data}/{kept.name}", kept.holds)
                for kept in environment.files()
            ),
            italic=True,
        ),
    ]
