"""DESIGN.md: the engine layer is pure — no terminal, storage, clock or global random source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "homegame"
CORE = [
    PACKAGE / "cards.py",
    PACKAGE / "defaults.py",
    PACKAGE / "evaluator.py",
    PACKAGE / "showdown.py",
    PACKAGE / "ranking.py",
    *sorted((PACKAGE / "variants").glob("*.py")),
    *sorted((PACKAGE / "engine").glob("*.py")),
    *sorted((PACKAGE / "money").glob("*.py")),
]
FORBIDDEN_MODULES = {"textual", "rich", "typer", "sqlite3", "time", "datetime", "os", "click"}
# Imports point down only: the core never reaches up into the layers built on it.
UPPER_LAYERS = ("homegame.config", "homegame.setup", "homegame.tui", "homegame.bots",
                "homegame.commands", "homegame.cli", "homegame.phh", "homegame.store")  # fmt: skip
# The global random source: module-level functions of `random` (an injected Random is fine).
GLOBAL_RANDOM = {
    "random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "seed",
}  # fmt: skip


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "random":
                found += [f"from random import {a.name}" for a in node.names if a.name != "Random"]
        for name in names:
            if name.split(".")[0] in FORBIDDEN_MODULES:
                found.append(f"imports {name}")
            if name.startswith(UPPER_LAYERS):
                found.append(f"imports {name} from a layer above the engine")
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr in GLOBAL_RANDOM
        ):
            found.append(f"uses random.{node.attr} (the global random source)")
        if isinstance(node, ast.Name) and node.id in {"open", "print", "input"}:
            found.append(f"does I/O with {node.id}()")
    return found


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_layer_is_pure(path: Path) -> None:
    assert _violations(path) == []


def test_money_sits_below_the_engine() -> None:
    """DESIGN.md: money/ knows nothing of cards or hands; the engine uses it, never the reverse."""
    for path in sorted((PACKAGE / "money").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + [
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        ]
        assert [
            m for m in imported if m.startswith("homegame.") and not m.startswith("homegame.money")
        ] == [], path.name


def test_os_random_source_only_as_the_deck_default() -> None:
    """Only cards.py reaches for SystemRandom (the OS source, through `random` or `secrets`):
    the default shuffle of Deck and Dealt."""
    words = ("secrets", "SystemRandom")
    users = [p for p in CORE if any(w in p.read_text(encoding="utf-8") for w in words)]
    assert users in ([], [PACKAGE / "cards.py"])


def test_the_checker_catches_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import time\nimport random\nx = random.shuffle\nfrom rich import print\n"
        "from homegame.config import TieRule\n"
    )
    assert len(_violations(bad)) == 4


PLAY = sorted((PACKAGE / "play").glob("*.py"))
#: The driver sits under every front end: it reaches none of them.
FRONT_ENDS = ("homegame.tui", "homegame.commands", "homegame.cli", "homegame.host")


@pytest.mark.parametrize("path", PLAY, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_game_driver_has_no_screen_clock_or_storage_of_its_own(path: Path) -> None:
    """DESIGN.md: play/ imports no Textual, Rich, Typer, sqlite3 or clock, and no front end."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        found += [n for n in names if n.split(".")[0] in FORBIDDEN_MODULES]
        found += [n for n in names if n.startswith(FRONT_ENDS)]
    assert PLAY and found == []
