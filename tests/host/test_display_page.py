"""The page `homegame display --serve` gives the room's TV: homegame's own template, with the
font served from this machine (no web font fetched from outside) and a terminal sized so the
display's big digits fill the screen."""

from __future__ import annotations

import random
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from host_lines import Hosting
from typer.testing import CliRunner

from homegame.cli import app
from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

PAGE = resources.files("homegame") / "data" / "serve" / "app_index.html"


def test_the_page_fetches_nothing_from_outside() -> None:
    page = PAGE.read_text(encoding="utf-8")
    addresses = re.findall(r'(?:src|href)="([^"]*)"', page) + re.findall(r'url\("([^"]*)"\)', page)
    assert addresses and all(a.startswith("{{ config.static.url }}") for a in addresses)
    assert "googleapis" not in page and "http" not in page.replace("data-session", "")


def test_display_serve_uses_homegames_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in ("Ann", "Bob")),
        freezeout=FreezeoutSettings(minutes_per_level=10),
    )
    log = GameLog.new(Journal(tmp_path), config, HOST)
    assert Hosting(config, log, rng=random.Random(1)).run("n", now=1.0).ok
    made: dict[str, Any] = {}

    class Server:
        def __init__(self, command: str, **kwargs: Any) -> None:
            made.update(kwargs, command=command)

        def serve(self) -> None:
            made["served"] = True

    monkeypatch.setattr("textual_serve.server.Server", Server)
    result = CliRunner().invoke(app, ["display", "--serve", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert made["served"] and Path(made["templates_path"]) == Path(str(PAGE)).parent
    assert "the hosted game played last" in result.output
