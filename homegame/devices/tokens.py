"""Each seat's private link: an unguessable token per seat, new for every game, kept with the
game's journal so `homegame resume` serves the same links again.

A token is 160 bits from `secrets`; looking one up compares it with every seat's in constant
time, so how long the answer takes tells nothing of how much of a token was right.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.store.recorder import GameLog

#: Random bytes in a token (160 bits; the issue asks for at least 128).
TOKEN_BYTES = 20
#: Where a game's journal keeps its device links (the game's setup record).
SETUP_KEY = "devices"


@dataclass(frozen=True)
class DeviceSetup:
    """The seats played on devices, their tokens, and where the server listens."""

    tokens: Mapping[int, str]
    host: str
    port: int

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None; every seat's token is compared, in
        constant time, whatever matches."""
        given = token.encode("utf-8", "replace")
        found: int | None = None
        for seat, mine in self.tokens.items():
            if hmac.compare_digest(given, mine.encode()):
                found = seat
        return found

    def link(self, seat: int, address: str | None = None) -> str:
        """The seat's private link (`address`: the one to print when listening on every
        address, e.g. this machine's address on the room's network)."""
        where = address or self.host
        if ":" in where and not where.startswith("["):
            where = f"[{where}]"
        return f"http://{where}:{self.port}/seat/{self.tokens[seat]}"

    def to_setup(self) -> dict[str, Any]:
        """The record kept in the game's setup."""
        return {
            "tokens": {str(seat): token for seat, token in self.tokens.items()},
            "host": self.host,
            "port": self.port,
        }

    @classmethod
    def from_setup(cls, saved: Mapping[str, Any]) -> DeviceSetup:
        """The setup kept with a game (`to_setup`)."""
        tokens = {int(seat): str(token) for seat, token in saved["tokens"].items()}
        return cls(tokens, str(saved["host"]), int(saved["port"]))


def new_token() -> str:
    """A fresh seat token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_setup(seats: Iterable[int], host: str, port: int) -> DeviceSetup:
    """New tokens for `seats`, for a new game."""
    return DeviceSetup({seat: new_token() for seat in seats}, host, port)


def saved_setup(log: GameLog) -> DeviceSetup | None:
    """The device links kept with a saved game (None: it is not played on devices)."""
    saved = log.record.setup.get(SETUP_KEY)
    return None if not saved else DeviceSetup.from_setup(saved)


def keep_setup(log: GameLog, setup: DeviceSetup) -> None:
    """Keep the links with the game, so a resumed game serves the same ones."""
    record = dict(log.record.setup)
    record[SETUP_KEY] = setup.to_setup()
    log.journal.set_setup(log.game_id, record)
    log.record = log.journal.game(log.game_id)
