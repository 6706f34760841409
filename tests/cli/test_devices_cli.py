"""issue 29: `homegame play --devices` on the command line: each mistake is one line."""

from __future__ import annotations

import socket
from pathlib import Path

from typer.testing import CliRunner, Result

from homegame.cli import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_host_and_port_go_with_devices_only() -> None:
    result = run("play", "holdem", "--players", "Ann,Bob", "--host", "0.0.0.0")
    assert result.exit_code == 2
    assert result.stderr.strip() == "homegame: error: --host and --port: only with --devices"


def test_a_port_out_of_range_or_taken_is_one_line() -> None:
    result = run("play", "holdem", "--players", "Ann,Bob", "--devices", "--port", "70000")
    assert result.exit_code == 2
    assert result.stderr.strip() == "homegame: error: --port: expected 1 to 65535, got 70000"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = run("play", "holdem", "--players", "Ann,Bob", "--devices", "--port", port)
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"homegame: error: --host: cannot listen on localhost port {port}"
    )
    assert result.stderr.count("\n") == 1


def test_a_configs_devices_section_plays_on_the_phones(tmp_path: Path) -> None:
    """[devices] enabled = true is `--devices`, on the config's port; --host and --port go
    with it without --devices, and --port wins over the config's."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        path = tmp_path / "phones.toml"
        path.write_text(f'game = "holdem"\n[devices]\nenabled = true\nport = {port}\n')
        result = run("play", "--config", str(path), "--players", "Ann,Bob", "--no-save")
        assert result.exit_code == 2
        assert result.stderr.startswith(
            f"homegame: error: --host: cannot listen on localhost port {port}"
        )
        result = run("play", "--config", str(path), "--players", "Ann,Bob", "--port", "70000")
        assert result.stderr.strip() == "homegame: error: --port: expected 1 to 65535, got 70000"
