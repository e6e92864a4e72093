"""The package as the ecosystem expects it: a wheel and an sdist built by the backend
itself (offline, from a copy of the checkout), their metadata, the licence inside
them, one version, and colorama only where it is used."""

from __future__ import annotations

import ast
import email
import email.message
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from trove_classifiers import classifiers as KNOWN_CLASSIFIERS

import buscaminas
from tests.source_support import mentioning, statements
from tests.terminal_support import ROOT

SOURCES = (
    "pyproject.toml", "setup.cfg", "MANIFEST.in", "README.md", "LICENSE", "buscaminas", "man"
)
"""What a build reads from the checkout: the rest (tests, tools) stays out of it."""

BUILD = """
import sys
import setuptools.build_meta as backend
print(getattr(backend, sys.argv[1])("dist"))
"""


def built(checkout: Path, hook: str) -> Path:
    """The file ``hook`` (PEP 517's ``build_wheel`` or ``build_sdist``) makes of
    ``checkout``, as pip would ask the backend for it, without fetching anything."""
    result = subprocess.run(
        [sys.executable, "-c", BUILD, hook],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return checkout / "dist" / result.stdout.splitlines()[-1]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what a build reads, so that building leaves the checkout alone."""
    copy = tmp_path_factory.mktemp("checkout")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    return copy


@pytest.fixture(scope="module")
def wheel(checkout: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(built(checkout, "build_wheel"))


@pytest.fixture(scope="module")
def metadata(wheel: zipfile.ZipFile) -> email.message.Message:
    info = f"buscaminas-{buscaminas.__version__}.dist-info"
    return email.message_from_bytes(wheel.read(f"{info}/METADATA"))


@pytest.mark.slow
def test_the_wheel_names_the_package_its_version_and_its_licence(
    wheel: zipfile.ZipFile, metadata: email.message.Message
) -> None:
    assert metadata["Name"] == "buscaminas"
    assert metadata["Version"] == buscaminas.__version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    version = tuple(int(part) for part in metadata["Metadata-Version"].split("."))
    assert version >= (2, 4), "PEP 639's fields"
    info = f"buscaminas-{buscaminas.__version__}.dist-info"
    assert wheel.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    assert "the buscaminas authors" in (ROOT / "LICENSE").read_text()
    assert metadata["Author"] == "the buscaminas authors"
    assert "version = attr: buscaminas.__version__" in (ROOT / "setup.cfg").read_text()


@pytest.mark.slow
def test_the_classifiers_are_pypis_and_say_python_os_and_console(
    metadata: email.message.Message,
) -> None:
    classifiers = metadata.get_all("Classifier") or []
    assert set(classifiers) <= KNOWN_CLASSIFIERS, set(classifiers) - KNOWN_CLASSIFIERS
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    for system in ("POSIX", "Microsoft :: Windows", "MacOS"):
        assert f"Operating System :: {system}" in classifiers
    assert "Environment :: Console" in classifiers
    # PEP 639: a licence expression and a licence classifier may not both be given.
    assert not [classifier for classifier in classifiers if classifier.startswith("License ::")]
    assert metadata["Requires-Python"] == ">=3.11"


@pytest.mark.slow
def test_colorama_is_required_on_windows_alone_and_linters_are_the_dev_extras(
    metadata: email.message.Message,
) -> None:
    requires = metadata.get_all("Requires-Dist") or []
    assert [r for r in requires if r.startswith("colorama")] == [
        'colorama>=0.4.6; sys_platform == "win32"'
    ]
    extras = {
        extra: sorted(r.split(";")[0] for r in requires if f'extra == "{extra}"' in r)
        for extra in metadata.get_all("Provides-Extra") or []
    }
    assert extras["dev"] == ["mypy>=1.8", "ruff>=0.4"]
    assert not {r for r in extras["test"] if r.startswith(("ruff", "mypy"))}
    assert {"pytest>=7", "pexpect>=4.8", "pyte>=0.8.2"} <= set(extras["test"])
    assert extras["replays"] == ["ms_toollib>=1.5"]
    assert "ms_toollib>=1.5" in extras["test"], "the tests read replays, in CI too"


@pytest.mark.slow
def test_the_wheel_installs_the_command_and_the_catalogues_not_their_sources(
    wheel: zipfile.ZipFile,
) -> None:
    info = f"buscaminas-{buscaminas.__version__}.dist-info"
    entry_points = wheel.read(f"{info}/entry_points.txt").decode()
    assert "[console_scripts]\nbuscaminas = buscaminas.entry:main" in entry_points
    names = wheel.namelist()
    assert "buscaminas/locale/es/LC_MESSAGES/buscaminas.mo" in names
    assert "buscaminas/py.typed" in names
    assert not [name for name in names if name.endswith(".po") or name.startswith("tests/")]


@pytest.mark.slow
def test_the_sdist_carries_the_licence_and_the_manual_page(checkout: Path) -> None:
    with tarfile.open(built(checkout, "build_sdist")) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
        page = sdist.extractfile(f"buscaminas-{buscaminas.__version__}/man/buscaminas.6")
        assert page is not None
        shipped = page.read()
    assert {"LICENSE", "man/buscaminas.6", "setup.cfg", "pyproject.toml"} <= names
    assert shipped == (ROOT / "man" / "buscaminas.6").read_bytes()


def test_colorama_is_imported_only_behind_the_windows_test() -> None:
    guarded = []
    for path in mentioning(sorted((ROOT / "buscaminas").rglob("*.py")), "colorama"):
        nodes = statements(path)
        for node in nodes:
            if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
                continue
            if ast.unparse(node.test) != "sys.platform == 'win32'":
                continue
            guarded += [
                inner for statement in node.body for inner in ast.walk(statement)
            ]
        imports = [
            node
            for node in nodes
            if (isinstance(node, ast.Import) and any(a.name == "colorama" for a in node.names))
            or (isinstance(node, ast.ImportFrom) and node.module == "colorama")
        ]
        assert all(node in guarded for node in imports), f"{path}: colorama unguarded"
    assert any(
        isinstance(node, ast.Import) and node.names[0].name == "colorama" for node in guarded
    ), "the Windows console is still set up"
