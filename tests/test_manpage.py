"""The manual page, ``buscaminas.6``: written by ``buscaminas manpage`` from the same
tables as ``man``, ``--help`` and the key table, in roff that renders, and shipped
as the program writes it."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess

import pytest

from buscaminas.entry.environment import files, variables
from buscaminas.entry.parser import build_parser
from buscaminas.game import commands, keys
from tests.terminal_support import ROOT, run_piped

SECTIONS = ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "TOOLS", "COMMANDS", "KEYS",
            "ENVIRONMENT", "FILES")
REQUESTS = {".TH", ".SH", ".SS", ".TP", ".PP", ".RS", ".RE", ".br", ".nh", ".ad", '.\\"'}
"""Every request the page makes: a line of text taken for another would vanish."""


@pytest.fixture(scope="module")
def page() -> str:
    result = run_piped("manpage", "--lang", "en")
    assert result.returncode == 0 and result.stderr == ""
    return result.stdout


def text(roff: str) -> str:
    """What a reader sees of ``roff``'s text: the escapes undone, the fonts dropped,
    every line joined as roff fills them."""
    lines = [line for line in roff.splitlines() if not line.startswith((".", "'"))]
    joined = " ".join(lines)
    joined = re.sub(r"\\\[u([0-9A-F]{4,6})\]", lambda m: chr(int(m.group(1), 16)), joined)
    joined = re.sub(r"\\f[BIR]|\\&", "", joined)
    return joined.replace("\\-", "-").replace("\\e", "\\")


def section(page: str, title: str) -> str:
    """The text of the section ``title``, up to the next."""
    return page.split(f"\n.SH {title}\n")[1].split("\n.SH ")[0]


def test_the_page_is_section_6_with_every_section_in_order(page: str) -> None:
    assert re.search(r'^\.TH BUSCAMINAS 6 "[^"]*" "buscaminas [0-9.]+" "Games"$', page, re.M)
    titles = re.findall(r"^\.SH (.+)$", page, re.MULTILINE)
    assert titles == list(SECTIONS)
    assert text(section(page, "NAME")) == "buscaminas - Minesweeper for the terminal"
    requests = {line.split(" ")[0] for line in page.splitlines() if line.startswith((".", "'"))}
    assert requests <= REQUESTS, requests - REQUESTS


def test_every_option_and_tool_of_the_parser_is_on_it(page: str) -> None:
    parser = build_parser()
    options = text(section(page, "OPTIONS"))
    tools = text(section(page, "TOOLS"))
    synopsis = text(section(page, "SYNOPSIS"))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, tool in action.choices.items():
                assert f"buscaminas {name}" in synopsis
                assert name in tools
                for option in tool._actions:
                    for spelled in option.option_strings:
                        assert spelled in tools or spelled in options, (name, spelled)
        for spelled in action.option_strings:
            assert spelled in options
        if action.help and action.option_strings:
            assert str(action.help) in options


def test_every_verb_with_every_spelling_is_in_commands(page: str) -> None:
    said = text(section(page, "COMMANDS"))
    for verb, entry in commands.verb_entries().items():
        assert commands.example(verb) in said
        assert entry in said
        assert f"({commands.spellings(verb)})" in said
    for word in commands.ALIASES:
        assert re.search(rf"[(, ]{re.escape(word)}[,)]", said), word


def test_every_key_of_the_table_and_the_mouse_is_in_keys(page: str) -> None:
    said = text(section(page, "KEYS"))
    for row in keys.TABLE:
        assert row.shown() in said and row.does() in said, row.act
    for shown, does in keys.MOUSE:
        assert shown() in said and does() in said
    titles = re.findall(r"^\.SS (.+)$", section(page, "KEYS"), re.MULTILINE)
    assert [text(title) for title in titles] == [s.title.rstrip(":") for s in keys.sections()]


def test_the_environment_and_the_files_are_those_help_lists(page: str) -> None:
    environment = text(section(page, "ENVIRONMENT"))
    for entry in variables():
        assert entry.name in environment and entry.meaning in environment
    kept = text(section(page, "FILES"))
    for file in files():
        assert f"/{file.name}" in kept and file.holds in kept
    assert "~/.local/share/buscaminas" in kept and "~/.config/buscaminas" in kept


def test_a_line_of_text_that_starts_like_a_request_is_kept_as_text() -> None:
    from buscaminas.entry.manpage import _text

    written = _text(".hidden 'quoted \\ back-slash " + "word " * 30 + ".end")
    assert all(line.startswith("\\&") for line in written.splitlines()
               if line.lstrip("\\&").startswith((".", "'")))
    assert text(written).split() == (
        ".hidden 'quoted \\ back-slash " + "word " * 30 + ".end").split()


def test_the_page_in_the_source_archive_is_the_one_the_program_writes(page: str) -> None:
    shipped = (ROOT / "man" / "buscaminas.6").read_text(encoding="utf-8")
    assert shipped == page, "write it again: buscaminas --lang en manpage > man/buscaminas.6"


def test_the_page_is_spanish_in_spanish() -> None:
    result = run_piped("manpage", "--lang", "es")
    titles = re.findall(r"^\.SH (.+)$", result.stdout, re.MULTILINE)
    assert titles[:3] == ["NOMBRE", "SINOPSIS", "DESCRIPCI\\[u00D3]N"]
    assert "probar" in text(section(result.stdout, "\\[u00D3]RDENES"))


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_groff_renders_it_without_a_warning(page: str) -> None:
    result = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z"], input=page, capture_output=True, text=True
    )
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.skipif(shutil.which("mandoc") is None, reason="mandoc is not installed")
def test_mandoc_finds_nothing_wrong_but_the_date_left_out(page: str) -> None:
    result = subprocess.run(
        ["mandoc", "-T", "lint", "-W", "warning"], input=page, capture_output=True, text=True
    )
    complaints = [line for line in result.stdout.splitlines() if "missing date" not in line]
    assert complaints == []
