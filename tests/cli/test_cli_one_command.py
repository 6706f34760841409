"""A run of one command builds the command line with that command alone (issue 15: start-up),
and says and does exactly what the whole command line does."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import homegame.commands
from homegame.cli import COMMANDS, app
from homegame.commands._app import build_app


def test_the_list_of_commands_names_every_command_module() -> None:
    modules = [
        info.name
        for info in pkgutil.iter_modules(homegame.commands.__path__)
        if not info.name.startswith("_")
    ]
    assert sorted(COMMANDS) == sorted(modules)
    assert sorted(c.name or "" for c in app.registered_commands) == sorted(COMMANDS)


def _said(cli: typer.Typer, args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", COMMANDS)
def test_one_command_alone_helps_as_the_whole_command_line_does(name: str) -> None:
    alone = build_app((name,))
    assert _said(alone, [name, "--help"]) == _said(app, [name, "--help"])
    assert _said(alone, [name, "--no-such-option"]) == _said(app, [name, "--no-such-option"])


def test_a_mistake_in_a_command_is_the_same_line_alone() -> None:
    args = ["play", "chess"]
    said = _said(build_app(("play",)), args)
    assert said == _said(app, args)
    assert said[0] == 2 and said[2].startswith("homegame: error:")


MAIN = """
import json, sys
sys.argv = ["homegame", *sys.argv[1:]]
from homegame.cli import main
try:
    main()
except SystemExit as done:
    code = done.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _main(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", MAIN, *args], capture_output=True, text=True, timeout=60
    )
    seen: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])  # a JSON document
    return seen


def test_running_one_command_loads_no_other_command() -> None:
    seen = _main("play", "--help")
    assert seen["code"] == 0
    loaded = {m.rsplit(".", 1)[-1] for m in seen["modules"] if m.startswith("homegame.commands.")}
    assert loaded & set(COMMANDS) == {"play"}


def test_help_and_an_unknown_command_still_see_every_command() -> None:
    seen = _main("no-such-command")
    assert seen["code"] == 2
    loaded = {m.rsplit(".", 1)[-1] for m in seen["modules"] if m.startswith("homegame.commands.")}
    assert set(COMMANDS) <= loaded


def test_the_entry_point_loads_nothing_before_it_knows_the_command() -> None:
    """So a command that opens the app pauses the garbage collector before Typer loads."""
    code = "import json, sys; import homegame.cli; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert [m for m in loaded if m.startswith(("homegame", "typer"))] == [
        "homegame",
        "homegame.cli",
        "homegame.start_up",
    ]


def test_the_help_and_the_package_description_name_every_game() -> None:
    """Issue 28 item 11: both named three games of the five."""
    import tomllib

    from homegame.variants import VARIANTS

    said = " ".join(CliRunner().invoke(app, ["--help"], terminal_width=200).stdout.split())
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    for variant in VARIANTS.values():
        assert variant.name in said, variant.name
        assert variant.name in project["project"]["description"], variant.name


@pytest.mark.parametrize(
    "args", [[], ["play", "holdem", "--bots", "1"], ["host", "holdem", "--players", "Ann,Bob"]]
)
def test_the_table_app_with_no_terminal_on_its_input_says_so_in_one_line(
    tmp_path: Path, args: list[str]
) -> None:
    """Issue 28 item 11: started from a pipe or a file, the app waited forever for keys."""
    from pty_run import homegame_env

    done = subprocess.run(
        [sys.executable, "-m", "homegame", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=homegame_env(tmp_path),
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "homegame: error: the table app needs a terminal, and standard input is not one "
        "(homegame games, history, export and ledger work without)"
    ]
