"""The parser: every valid spelling, and a specific complaint for every wrong line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buscaminas.game import commands
from buscaminas.game.commands import (
    MAX_LINE,
    Command,
    ControlCharacters,
    EmptyLine,
    LineTooLong,
    NotAnInteger,
    NotPositive,
    OutOfRange,
    ParseError,
    RowWithoutNumber,
    UnknownTopic,
    UnknownVerb,
    Verb,
    WrongArgumentCount,
    parse,
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("try 5 2", Command(Verb.TRY, (4, 1))),
        ("5 2", Command(Verb.TRY, (4, 1))),
        ("  TRY   5   2  ", Command(Verb.TRY, (4, 1))),
        ("flag 5,2", Command(Verb.FLAG, (4, 1))),
        ("flag 5;2", Command(Verb.FLAG, (4, 1))),
        ("Expand 1, 8", Command(Verb.EXPAND, (0, 7))),
        ("help", Command(Verb.HELP)),
        ("help 3 3", Command(Verb.HELP, (2, 2))),
        ("auto", Command(Verb.AUTO)),
        ("auto 12", Command(Verb.AUTO, number=12)),
        ("man", Command(Verb.MAN)),
        ("man Flag", Command(Verb.MAN, topic=Verb.FLAG)),
        ("man exit", Command(Verb.MAN, topic=Verb.QUIT)),
        ("new", Command(Verb.NEW)),
        ("quit", Command(Verb.QUIT)),
        ("EXIT", Command(Verb.QUIT)),
        ("stats", Command(Verb.STATS)),
        ("try\t1\t1", Command(Verb.TRY, (0, 0))),
    ],
)
def test_valid_lines(line: str, expected: Command) -> None:
    assert parse(line, 8, 8) == expected


@pytest.mark.parametrize("length", [196, 300, 1000, commands.MAX_PATH])
def test_a_long_file_name_is_saved_to_not_refused_as_a_long_line(length: int) -> None:
    file = ("/tmp/" + "a" * 99 + "/") * (length // 105) + "g" * (length % 105)
    assert len(file) == length
    for verb in ("save", "guardar"):
        assert parse(f"{verb}  {file} ", 8, 8) == Command(Verb.SAVE, file=file)


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("", EmptyLine, "Type a command"),
        ("   ", EmptyLine, "Type a command"),
        ("x" * (MAX_LINE + 1), LineTooLong, "too long"),
        ("save " + "d/" * 2049, LineTooLong, "a file name of at most 4096 characters"),
        ("try 1 1\x1b[A", ControlCharacters, "control characters"),
        ("\x00", ControlCharacters, "control characters"),
        ("tyr 1 1", UnknownVerb, "Did you mean “try”?"),
        ("flg 1 1", UnknownVerb, "Did you mean “flag”?"),
        ("zzzzzz", UnknownVerb, "The commands are: try, flag, unflag, expand, mark, help, auto"),
        ("try", WrongArgumentCount, "two numbers, x and y; you gave none. Example: try 3 4"),
        ("flag 1", WrongArgumentCount, "two numbers, x and y; you gave 1"),
        ("try 1 2 3", WrongArgumentCount, "you gave 3"),
        ("1 2 3", WrongArgumentCount, "you gave 3"),
        ("new 1", WrongArgumentCount, "no arguments"),
        ("help 1", WrongArgumentCount, "nothing or two numbers"),
        ("try a 1", NotAnInteger, "“a” is not a whole number"),
        ("1.5 2", NotAnInteger, "“1.5” is not a whole number: coordinates are like “3 4”."),
        ("stats x", NotAnInteger, "“x” is not a whole number: type it like “stats 2”."),
        ("auto many", NotAnInteger, "“many” is not a whole number: type it like “auto 2”."),
        ("read row x", NotAnInteger, "“x” is not a whole number: type it like “read row 2”."),
        ("leer fila", RowWithoutNumber, "“leer fila” takes the row's number, like “leer fila 2”."),
        ("try 0 1", OutOfRange, "x goes from 1 to 8"),
        ("try 9 1", OutOfRange, "x goes from 1 to 8"),
        ("try 1 9", OutOfRange, "y goes from 1 to 8"),
        ("try -3 1", OutOfRange, "Column -3"),
        ("try 1 99999999999999999999", OutOfRange, "y goes from 1 to 8"),
        ("auto 0", NotPositive, "1 or more"),
        ("man fly", UnknownTopic, "no manual page for “fly”"),
    ],
)
def test_every_bad_line_gets_its_own_message(
    line: str, error: type[ParseError], words: str
) -> None:
    with pytest.raises(error) as caught:
        parse(line, 8, 8)
    assert words in caught.value.message()
    assert str(caught.value) == caught.value.message()


@given(st.text(max_size=300))
def test_no_line_crashes_the_parser(line: str) -> None:
    try:
        command = parse(line, 9, 7)
    except ParseError as error:
        assert error.message()
    else:
        if command.cell is not None:
            assert 0 <= command.cell[0] < 9 and 0 <= command.cell[1] < 7


# What each verb takes, as the manual promises it, written apart from the parser's own table.
CELL_VERBS = (Verb.TRY, Verb.FLAG, Verb.UNFLAG, Verb.EXPAND, Verb.MARK, Verb.AROUND)
CELL_OR_ROW = (Verb.READ,)
CELL_OR_NOTHING = (Verb.HELP,)
COUNT_OR_NOTHING = (Verb.AUTO,)
TOPIC_OR_NOTHING = (Verb.MAN,)
FILE_VERBS = (Verb.SAVE,)
file_names = st.from_regex(r"[A-Za-z0-9_./~-]([A-Za-z0-9_. /~-]*[A-Za-z0-9_./~-])?", fullmatch=True)
"""File names as typed: case and inner spaces are kept."""
SPELLINGS = {verb.value: verb for verb in Verb} | commands.ALIASES
"""Every word the parser's own table accepts as a verb, and the verb it means."""


@st.composite
def any_case(draw: st.DrawFn, word: str) -> str:
    return "".join(char.upper() if draw(st.booleans()) else char for char in word)


separators = st.text(alphabet=" \t,;", min_size=1, max_size=4)
"""Between two words: spaces, tabs, commas and semicolons, alone or mixed."""
spacing = st.text(alphabet=" \t", max_size=3)
"""Before and after the command."""


@st.composite
def spoken(draw: st.DrawFn) -> tuple[str, Command, int, int]:
    """A valid line as a player might type it, the command it means, and the board size."""
    width, height = draw(st.integers(1, 99)), draw(st.integers(1, 99))
    word = draw(st.sampled_from(sorted(SPELLINGS)))
    verb = SPELLINGS[word]
    cell = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    numbers = [str(cell[0] + 1), str(cell[1] + 1)]
    expected = Command(verb)
    arguments: list[str] = []
    if verb in CELL_VERBS or (verb in CELL_OR_NOTHING and draw(st.booleans())):
        arguments, expected = numbers, Command(verb, cell)
    elif verb in CELL_OR_ROW:
        if draw(st.booleans()):
            arguments, expected = numbers, Command(verb, cell)
        else:
            row = draw(any_case(draw(st.sampled_from(["row", "fila"]))))
            arguments, expected = [row, numbers[1]], Command(verb, number=cell[1] + 1)
    elif verb in COUNT_OR_NOTHING and draw(st.booleans()):
        count = draw(st.integers(1, 10**6))
        arguments, expected = [str(count)], Command(verb, number=count)
    elif verb in FILE_VERBS:
        file = draw(file_names)
        arguments, expected = [file], Command(verb, file=file)
    elif verb in TOPIC_OR_NOTHING and draw(st.booleans()):
        topic = draw(st.sampled_from(sorted(SPELLINGS)))
        arguments, expected = [draw(any_case(topic))], Command(verb, topic=SPELLINGS[topic])
    words = [draw(any_case(word)), *arguments]
    if verb is Verb.TRY and draw(st.booleans()):
        words = numbers  # a bare "x y" tries the cell
    line = draw(spacing) + words[0]
    for following in words[1:]:
        line += draw(separators) + following
    return line + draw(spacing), expected, width, height


@given(spoken())
def test_every_spelling_of_a_valid_command_parses_to_it(
    example: tuple[str, Command, int, int],
) -> None:
    line, expected, width, height = example
    assert parse(line, width, height) == expected


@given(st.integers(1, 99), st.integers(1, 99), st.data())
def test_a_cells_label_parses_back_to_the_cell(
    width: int, height: int, data: st.DataObject
) -> None:
    cell = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    verb = data.draw(st.sampled_from(CELL_VERBS))
    assert parse(commands.label(cell), width, height) == Command(Verb.TRY, cell)
    assert parse(f"{verb.value} {commands.label(cell)}", width, height) == Command(verb, cell)


def test_the_manual_names_every_verb_and_has_an_example() -> None:
    text = "\n".join(commands.manual())
    for verb in Verb:
        assert f"  {verb.value} " in text
    assert "flag 5,2" in text
    assert commands.manual(Verb.EXPAND)[0] == "expand 3 4   (expand, e, expandir)"
    assert "t 3 4" in text and "probar 3 4" in text
    assert "Shift" in text, "how to select text while the mouse is on"


def test_label_is_the_inverse_of_parsing() -> None:
    assert commands.label((4, 1)) == "5 2"
    assert parse(commands.label((4, 1)), 8, 8).cell == (4, 1)


@pytest.mark.parametrize(
    ("word", "meant"),
    [
        ("reveal", "try"),
        ("hlep", "help"),
        ("falg", "flag"),
        ("expnad", "expand"),
        ("stast", "stats"),
        ("ato", "auto"),
        ("undp", "undo"),
        ("quti", None),
        ("exti", None),
        ("nwe", None),
        ("zoom", None),
    ],
)
def test_did_you_mean_offers_only_a_close_verb_that_keeps_the_game(
    word: str, meant: str | None
) -> None:
    with pytest.raises(UnknownVerb) as caught:
        parse(f"{word} 1 1", 8, 8)
    message = caught.value.message()
    if meant is None:
        assert "Did you mean" not in message
        assert (
            "The commands are: try, flag, unflag, expand, mark, help, auto, pause, man, stats,"
            " undo, redo, save, review, read, around, new, again, quit."
        ) in message
    else:
        assert f"Did you mean “{meant}”?" in message


@pytest.mark.parametrize(
    ("line", "verb"),
    [
        ("t 2 3", Verb.TRY),
        ("f 2 3", Verb.FLAG),
        ("e 2 3", Verb.EXPAND),
        ("h", Verb.HELP),
        ("q", Verb.QUIT),
        ("probar 2 3", Verb.TRY),
        ("BANDERA 2,3", Verb.FLAG),
        ("expandir 2 3", Verb.EXPAND),
        ("ayuda", Verb.HELP),
        ("manual", Verb.MAN),
        ("estadísticas", Verb.STATS),
        ("estadisticas", Verb.STATS),
        ("nueva", Verb.NEW),
        ("salir", Verb.QUIT),
    ],
)
def test_one_letter_and_spanish_verbs(line: str, verb: Verb) -> None:
    assert parse(line, 8, 8).verb is verb


def test_the_manual_and_the_statistics_take_a_page_number() -> None:
    assert parse("man 2", 8, 8) == Command(Verb.MAN, number=2)
    assert parse("stats 3", 8, 8) == Command(Verb.STATS, number=3)
    with pytest.raises(ParseError):
        parse("man 0", 8, 8)


def test_completion_offers_words_not_letters() -> None:
    names = commands.verb_names()
    assert "probar" in names and "try" in names and "t" not in names
