"""Running typed lines through a host console in tests: accepted ones, and refused ones that
must say one line and change nothing."""

from __future__ import annotations

from homegame.host.console import HostConsole


def ok_lines(console: HostConsole, *lines: str) -> list[str]:
    """Run each line, each of which must be accepted; the log lines they wrote."""
    out: list[str] = []
    for line in lines:
        outcome = console.run(line)
        assert outcome.ok, f"{line!r} refused: {outcome.message}"
        out += outcome.lines
    return out


def refused_line(console: HostConsole, line: str) -> str:
    """Run a line that must be refused with one line and change nothing; return that line."""
    before = (console.prompt(), console.view(), list(console.history))
    outcome = console.run(line)
    assert not outcome.ok, f"{line!r} was accepted"
    assert outcome.message and "\n" not in outcome.message
    assert (console.prompt(), console.view(), list(console.history)) == before
    return outcome.message
