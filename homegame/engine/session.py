"""Every kind of game, deal after deal: the freezeout, the KRG series and the cash game.

Each kind is a pure state machine over `Hand` in its own module, built on the deal they share
(`homegame.engine.dealing`; `homegame.engine.chip_game` for the two played with chips). Each
implements the core `homegame.engine.session_interface.Session` and answers for the
capabilities it has (`homegame.engine.capabilities`): the only names the screens, the host
console and the simulator use.
"""

from __future__ import annotations

from homegame.engine.cash_session import CashSession
from homegame.engine.chip_game import TIMEOUTS_TO_SIT_OUT
from homegame.engine.freezeout_session import FreezeoutSession
from homegame.engine.krg_session import KrgSession
from homegame.engine.session_interface import Session

__all__ = ["TIMEOUTS_TO_SIT_OUT", "CashSession", "FreezeoutSession", "KrgSession", "Session"]

#: Every kind implements the core Session (mypy checks it here; each `return self` of a
#: capability checks that capability).
SESSION_KINDS: tuple[type[Session], ...] = (FreezeoutSession, KrgSession, CashSession)
