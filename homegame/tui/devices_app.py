"""The app of `homegame play --devices` and of the resume of such a game."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from homegame.config import DEFAULT_DEVICES_PORT, DeviceSettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.devices import open_devices_table

if TYPE_CHECKING:
    from homegame.store.recorder import GameLog


class DevicesApp(HomegameApp):
    """`homegame play --devices` and the resume of such a game: the table opens as
    `DevicesTableScreen`, with the links kept in the game's journal."""

    def __init__(
        self, *args: Any, host: str = "localhost", port: int = DEFAULT_DEVICES_PORT, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        if self.config is not None and self.resume is None:
            self.config = replace(self.config, devices=DeviceSettings(True, host, port))

    def _open_table(self, log: GameLog) -> None:
        """Always on the phones: a game saved before configs said so has only its links."""
        open_devices_table(self, log.config, log)
