"""Shell completion, ``buscaminas completion bash|zsh|fish``: a script written from
the command line's parser, so that every tool, option and choice it knows (the
presets, the themes, the languages) completes, and a game's number completes from
the records at the moment of asking (``buscaminas games --all --ids``, with the
``--data-dir`` the line gives).

Each script finds the tool on the line, counts the arguments given after it (an
option's value is not one), and offers what the parser takes next: an option's
value after the option, an option after a dash, else the next argument.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

SHELLS = ("bash", "zsh", "fish")
GAME_NUMBER = "number"
"""The name the parser gives an argument that is a game's number in ``games``."""

FLAG, CHOICE, FILE, DIRECTORY, ANYTHING, GAME, GAME_OR_REPLAY = (
    "flag", "choice", "file", "directory", "anything", "game", "game or replay"
)
"""What a word completes to: nothing follows a flag; an option's or an argument's
value is one of its choices, a file, a directory, a game's number, a game's number
or a replay file, or anything (a size, a seed, a code: nothing to offer)."""
REPLAYS = ("evf", "avf", "rmv")
"""The replay files ``replay`` and ``review`` read, by their names' endings."""


class Word(NamedTuple):
    """An option (``names`` its spellings) or an argument (no names), and what its
    value completes to."""

    names: tuple[str, ...]
    kind: str
    choices: tuple[str, ...] = ()
    help: str = ""


class Context(NamedTuple):
    """Where the line is: the game's own options (``tool`` empty) or a tool's."""

    tool: str
    help: str
    options: tuple[Word, ...]
    arguments: tuple[Word, ...]


def _choices(action: argparse.Action) -> tuple[str, ...]:
    """What an option takes by name: argparse's ``choices``, or the spellings of a type
    that reads names itself (the boards, the themes)."""
    spellings: tuple[str, ...] = getattr(action.type, "spellings", ())
    return tuple(str(choice) for choice in action.choices or spellings)


def _kind(action: argparse.Action) -> str:
    if action.nargs == 0:
        return FLAG
    if _choices(action):
        return CHOICE
    if action.dest == GAME_NUMBER:
        from .parser import game_or_replay

        return GAME_OR_REPLAY if action.type is game_or_replay else GAME
    if action.type is Path:
        return DIRECTORY if action.metavar == "DIR" else FILE
    return ANYTHING


def _word(action: argparse.Action) -> Word:
    choices = _choices(action)
    said = "" if action.help in (None, argparse.SUPPRESS) else str(action.help)
    return Word(tuple(action.option_strings), _kind(action), choices, said)


def _context(tool: str, said: str, parser: argparse.ArgumentParser) -> Context:
    actions = [a for a in parser._actions if not isinstance(a, argparse._SubParsersAction)]
    return Context(
        tool,
        said,
        tuple(_word(action) for action in actions if action.option_strings),
        tuple(_word(action) for action in actions if not action.option_strings),
    )


def contexts(parser: argparse.ArgumentParser) -> list[Context]:
    """The game's options, then each tool's options and arguments."""
    from .parser import tool_parsers

    tools = tool_parsers(parser)
    return [_context("", "", parser), *(_context(*tool) for tool in tools)]


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script for ``shell`` (one of :data:`SHELLS`)."""
    write = {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell]
    return write(contexts(parser))


def _valued(contexts: list[Context]) -> list[str]:
    """Every option that takes a value, in any context: its value is no argument."""
    return sorted({name for c in contexts for w in c.options if w.kind != FLAG for name in w.names})


def _by_offer(contexts: list[Context], offer: Callable[[Word], str]) -> dict[str, str]:
    """Each way a shell offers an option's value, with the options (``a|b``) that take
    it, for a ``case``: the options that take anything share one branch."""
    grouped: dict[str, list[str]] = {}
    for word in {w.names: w for c in contexts for w in c.options if w.kind != FLAG}.values():
        grouped.setdefault(offer(word), []).extend(word.names)
    return {said: "|".join(names) for said, names in grouped.items()}


def _names(words: tuple[Word, ...]) -> list[str]:
    return [name for word in words for name in word.names]


def _words(words: list[str]) -> str:
    return shlex.quote(" ".join(words))


def _case(tool: str) -> str:
    """A tool's name as a shell's ``case`` matches it; the game's own options, no tool,
    as the empty string."""
    return tool or '""'


HEADER = "# {shell} completion for buscaminas, written by “buscaminas completion {shell}”."


def _bash(contexts: list[Context]) -> str:
    tools = [c.tool for c in contexts[1:]]
    values = [
        f"        {pattern}) {offer}; return ;;"
        for offer, pattern in _by_offer(contexts, _bash_offer).items()
    ]
    by_tool = [f"        {_case(c.tool)}) words={_words(_names(c.options))} ;;" for c in contexts]
    arguments = []
    for context in contexts[1:]:
        offers = [
            f"                {index}) {_bash_offer(word)} ;;"
            for index, word in enumerate(context.arguments)
            if word.kind != ANYTHING
        ]
        if offers:
            arguments += [f"        {context.tool})", "            case $given in", *offers,
                          "            esac ;;"]
    return "\n".join([
        HEADER.format(shell="bash"),
        "# Source it, or put it in ~/.local/share/bash-completion/completions/buscaminas.",
        "_buscaminas_games() {",
        "    local i dir=()",
        "    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do",
        "        [[ ${COMP_WORDS[i]} == --data-dir ]] &&"
        ' dir=(--data-dir "${COMP_WORDS[i + 1]/#\\~/$HOME}")',
        "    done",
        '    mapfile -t COMPREPLY < <(compgen -W "$(buscaminas games --all --ids "${dir[@]}"'
        ' 2>/dev/null)" -- "$cur")',
        "}",
        "_buscaminas() {",
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}",
        "    local tool='' given=0 i words",
        "    [[ $prev == = && $COMP_CWORD -gt 1 ]] && prev=${COMP_WORDS[COMP_CWORD - 2]}",
        "    COMPREPLY=()",
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        "        case ${COMP_WORDS[i]} in",
        f"            {'|'.join(_valued(contexts))}) ((i++)) ;;",
        "            -*) ;;",
        f"            *) if [[ -z $tool ]] && [[ \" {' '.join(tools)} \" == "
        '*" ${COMP_WORDS[i]} "* ]]; then tool=${COMP_WORDS[i]}; else ((given++)); fi ;;',
        "        esac",
        "    done",
        "    case $prev in",
        *values,
        "    esac",
        "    if [[ $cur == -* ]]; then",
        "        case $tool in",
        *by_tool,
        "        esac",
        '        mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")',
        "        return",
        "    fi",
        "    case $tool in",
        f"        \"\") mapfile -t COMPREPLY < <(compgen -W {_words(tools)} -- \"$cur\") ;;",
        *arguments,
        "    esac",
        "}",
        "complete -F _buscaminas buscaminas",
        "",
    ])


def _bash_offer(word: Word) -> str:
    """The bash that puts ``word``'s possible values in COMPREPLY."""
    if word.kind == CHOICE:
        return f'mapfile -t COMPREPLY < <(compgen -W {_words(list(word.choices))} -- "$cur")'
    if word.kind == GAME:
        return "_buscaminas_games"
    if word.kind == GAME_OR_REPLAY:
        globs = " ".join(f'"$cur"*.{ending}' for ending in REPLAYS)
        return (
            f'_buscaminas_games; local replay; for replay in {globs}; do [[ -f $replay ]]'
            ' && COMPREPLY+=("$replay"); done'
        )
    if word.kind in (FILE, DIRECTORY):
        which = "-d" if word.kind == DIRECTORY else "-f"
        return (
            f'compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen {which} -- "$cur")'
        )
    return ":"


def _zsh(contexts: list[Context]) -> str:
    tools = [c.tool for c in contexts[1:]]
    values = [
        f"    {pattern}) {offer}; return ;;"
        for offer, pattern in _by_offer(contexts, _zsh_offer).items()
    ]
    by_tool = [f"      {_case(c.tool)}) compadd -- {' '.join(_names(c.options))} ;;"
               for c in contexts]
    arguments = []
    for context in contexts[1:]:
        offers = [f"        {index}) {_zsh_offer(word)} ;;"
                  for index, word in enumerate(context.arguments) if word.kind != ANYTHING]
        if offers:
            arguments += [f"    {context.tool})", "      case $given in", *offers,
                          "      esac ;;"]
    return "\n".join([
        "#compdef buscaminas",
        HEADER.format(shell="zsh"),
        "# Put it in a directory of $fpath as _buscaminas, or source it after compinit.",
        "_buscaminas_games() {",
        "  local i",
        "  local -a dir numbers",
        "  for (( i = 2; i < CURRENT; i++ )); do",
        "    [[ ${words[i]} == --data-dir ]] && dir=(--data-dir ${words[i + 1]})",
        "  done",
        '  numbers=(${(f)"$(buscaminas games --all --ids $dir 2>/dev/null)"})',
        "  compadd -a numbers",
        "}",
        "_buscaminas() {",
        "  local cur=${words[CURRENT]} prev=${words[CURRENT - 1]} tool= i given=0",
        f"  local -a tools=({' '.join(tools)})",
        "  for (( i = 2; i < CURRENT; i++ )); do",
        "    case ${words[i]} in",
        f"      {'|'.join(_valued(contexts))}) (( i++ )) ;;",
        "      -*) ;;",
        "      *) if [[ -z $tool && ${tools[(Ie)${words[i]}]} -gt 0 ]]; then",
        "           tool=${words[i]}",
        "         else",
        "           (( given++ ))",
        "         fi ;;",
        "    esac",
        "  done",
        "  case $prev in",
        *values,
        "  esac",
        "  if [[ $cur == -* ]]; then",
        "    case $tool in",
        *by_tool,
        "    esac",
        "    return",
        "  fi",
        "  case $tool in",
        "    \"\") compadd -a tools ;;",
        *arguments,
        "  esac",
        "}",
        'if [[ $zsh_eval_context[-1] == loadautofunc ]]; then',
        '  _buscaminas "$@"',
        "else",
        "  compdef _buscaminas buscaminas",
        "fi",
        "",
    ])


def _zsh_offer(word: Word) -> str:
    if word.kind == CHOICE:
        return f"compadd -- {' '.join(shlex.quote(choice) for choice in word.choices)}"
    if word.kind == GAME:
        return "_buscaminas_games"
    if word.kind == GAME_OR_REPLAY:
        return f"_buscaminas_games; _files -g '*.({'|'.join(REPLAYS)})'"
    if word.kind == FILE:
        return "_files"
    if word.kind == DIRECTORY:
        return "_files -/"
    return ":"


_FISH_NONE = "''"
"""No tool, as ``__buscaminas_at`` is told it."""


def _fish(contexts: list[Context]) -> str:
    tools = [c.tool for c in contexts[1:]]
    lines = [
        HEADER.format(shell="fish"),
        "# Put it in ~/.config/fish/completions/buscaminas.fish.",
        "function __buscaminas_line",
        "    # The tool named on the line (or none), then how many arguments follow it.",
        "    set -l tool ''",
        "    set -l given 0",
        "    set -l skip 0",
        "    set -l words (commandline -opc)",
        "    set -e words[1]",
        "    for word in $words",
        "        if test $skip = 1",
        "            set skip 0",
        f"        else if contains -- $word {' '.join(_valued(contexts))}",
        "            set skip 1",
        "        else if string match -q -- '-*' $word",
        f"        else if test -z \"$tool\"; and contains -- $word {' '.join(tools)}",
        "            set tool $word",
        "        else",
        "            set given (math $given + 1)",
        "        end",
        "    end",
        "    echo $tool",
        "    echo $given",
        "end",
        "function __buscaminas_at",
        "    # Whether the line is in tool $argv[1] ('' for none), at argument $argv[2] if given.",
        "    set -l line (__buscaminas_line)",
        "    test \"$line[1]\" = \"$argv[1]\"; or return 1",
        "    test (count $argv) -lt 2; or test $line[2] = $argv[2]",
        "end",
        "function __buscaminas_games",
        "    set -l words (commandline -opc)",
        "    set -l dir",
        "    set -l index (contains -i -- --data-dir $words)",
        "    if test -n \"$index\"; and test $index -lt (count $words)",
        "        set dir --data-dir $words[(math $index + 1)]",
        "    end",
        "    buscaminas games --all --ids $dir 2>/dev/null",
        "end",
        "complete -c buscaminas -f",
    ]
    for context in contexts:
        where = f"__buscaminas_at {shlex.quote(context.tool) if context.tool else _FISH_NONE}"
        if context.tool:
            lines.append(
                f"complete -c buscaminas -n '__buscaminas_at {_FISH_NONE}' -a {context.tool}"
                f" -d {_fish_quote(context.help)}"
            )
        for option in context.options:
            spelled = " ".join(
                f"-s {name[1:]}" if not name.startswith("--") else f"-l {name[2:]}"
                for name in option.names
            )
            lines.append(
                f"complete -c buscaminas -n {_fish_quote(where)} {spelled}"
                f"{_fish_offer(option)} -d {_fish_quote(option.help)}"
            )
        for index, argument in enumerate(context.arguments):
            offer = _fish_offer(argument)
            if argument.kind != ANYTHING:
                lines.append(
                    f"complete -c buscaminas -n {_fish_quote(f'{where} {index}')}{offer}"
                )
    return "\n".join([*lines, ""])


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_offer(word: Word) -> str:
    """The options of ``complete`` that offer ``word``'s values."""
    if word.kind == CHOICE:
        return f" -x -a {_fish_quote(' '.join(word.choices))}"
    if word.kind == GAME:
        return " -x -a '(__buscaminas_games)'"
    if word.kind == GAME_OR_REPLAY:
        replays = " ".join(f"*.{ending}" for ending in REPLAYS)
        return f" -x -a '(__buscaminas_games) (for replay in {replays}; echo $replay; end)'"
    if word.kind == FILE:
        return " -r -F"
    if word.kind == DIRECTORY:
        return " -x -a '(__fish_complete_directories)'"
    if word.kind == ANYTHING:
        return " -x"
    return ""
