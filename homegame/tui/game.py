"""The engine session for a config: a freezeout (Hold'em, Yukon) or a KRG series.

One small face over `FreezeoutSession` and `KrgSession` so the table screen drives either the
same way. It adds no rule; every seat number is a table seat.
"""

from __future__ import annotations

import random

from homegame.config import GameConfig
from homegame.engine.actions import Action, LegalActions
from homegame.engine.events import Event
from homegame.engine.krg_series import Scoreboard
from homegame.engine.schedule import Level
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.views import HandView
from homegame.setup import session_for
from homegame.variants import Variant, get_variant


class TableGame:
    """The session of one game at the table, for the config's players."""

    def __init__(self, config: GameConfig, rng: random.Random) -> None:
        self.config = config
        self.variant: Variant = get_variant(config.game)
        self.names = tuple(p.name for p in config.players)
        self.session = session_for(config, self.names, rng)
        self.freezeout = self.session if isinstance(self.session, FreezeoutSession) else None
        self.krg = self.session if isinstance(self.session, KrgSession) else None

    # -- the game as a whole -----------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the table or the series has its winner."""
        return self.session.is_over

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the table or the series."""
        if self.freezeout is not None:
            winner = self.freezeout.winner
            return () if winner is None else (winner,)
        assert self.krg is not None
        return self.krg.series.winners

    @property
    def hands_played(self) -> int:
        """Hands (KRG: deals) dealt so far."""
        return self.session.deals - (1 if self.session.in_hand else 0)

    @property
    def level(self) -> Level | None:
        """The blind level in force (None in KRG)."""
        return None if self.freezeout is None else self.freezeout.level

    def hands_to_next_level(self) -> int | None:
        """Hands left in this level (None for a minutes clock or KRG)."""
        if self.freezeout is None:
            return None
        return self.freezeout.scoreboard().hands_to_next_level

    def seconds_to_next_level(self, elapsed: float) -> float | None:
        """Seconds left in this level for a minutes clock (None otherwise)."""
        if self.freezeout is None:
            return None
        return self.freezeout.schedule.seconds_to_next_level(elapsed)

    def scoreboard(self) -> Scoreboard | None:
        """The KRG series score (None in a freezeout)."""
        return self.session.scoreboard().series

    def stack(self, seat: int) -> int | None:
        """A player's chips (None in KRG)."""
        return None if self.freezeout is None else self.freezeout.stacks[seat]

    def is_out(self, seat: int) -> bool:
        """True for a player who busted (freezeout) or dropped out of the series (KRG)."""
        if self.freezeout is not None:
            busted = self.freezeout.table.stacks[seat] == 0
            return busted and not (self.freezeout.in_hand and self.in_this_hand(seat))
        assert self.krg is not None
        return not self.krg.series.in_series[seat]

    @property
    def sitting_out(self) -> set[int]:
        """Seats sitting out after two timeouts in a row (HOUSE_RULES 12)."""
        return set(self.session.sitting_out)

    # -- one hand ----------------------------------------------------------------------------

    def start(self, elapsed: float = 0.0) -> list[Event]:
        """Deal the next hand (or KRG deal); `elapsed` seconds since the game began."""
        self.session.advance_time(max(0.0, elapsed - self.session.elapsed), turn_clock=False)
        return self.session.start_deal()

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.session.in_hand

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, or None."""
        return self.session.to_act

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do, from the engine."""
        return self.session.legal_actions()

    def in_this_hand(self, seat: int) -> bool:
        """True when `seat` was dealt into the current hand."""
        return self.session.in_deal(seat)

    def view(self, seat: int | None) -> HandView:
        """What `seat` (None: everyone) may see of the current hand."""
        return self.session.view_for(seat)

    def act(self, action: Action, seat: int) -> list[Event]:
        """The seat to act plays `action`; IllegalAction changes nothing."""
        return self.session.act(action, seat)

    def timeout(self) -> list[Event]:
        """The turn timer ran out for the seat to act (HOUSE_RULES 12)."""
        assert self.freezeout is not None
        return self.freezeout.timeout()

    def cube_turners(self) -> list[int]:
        """KRG: the seats that may turn the doubling cube now (none when it is off)."""
        if self.krg is None or self.krg.is_over:
            return []
        series = self.krg.series
        return [s for s in range(len(self.names)) if series.can_turn_cube(s) is None]

    def turn_cube(self, seat: int) -> list[Event]:
        """`seat` turns the doubling cube (HOUSE_RULES 16)."""
        assert self.krg is not None
        return self.krg.turn_cube(seat)

    def cube_pending(self) -> list[int]:
        """Seats that still must answer the cube."""
        return [] if self.krg is None else list(self.krg.series.pending)

    def answer_cube(self, seat: int, double: bool) -> list[Event]:
        """`seat` doubles its stake or drops out of the series."""
        assert self.krg is not None
        return self.krg.answer_cube(seat, double)

    def come_back(self, seat: int) -> list[Event]:
        """A player sitting out acts for themselves again."""
        assert self.freezeout is not None
        return self.freezeout.come_back(seat)
