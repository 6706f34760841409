"""The stable tag of every value the journal stores tagged: events and the config's settings.

A stored dataclass is an object whose "t" is its tag here, never its Python class name, so a
class can be renamed or moved without touching a saved game (format 1 wrote class names: those
are read through `format_v1.V1_TAGS`). Each class the journal can hold has exactly one tag
(a test checks). The table is built at the first value written or read back, so opening the
journal (the start screen's list of unfinished games) loads no engine.
"""

from __future__ import annotations

import functools

from homegame.store.format_v1 import V1_TAGS


@functools.cache
def config_tags() -> dict[str, type]:
    """The config's settings classes by their stable tags (no engine module is loaded)."""
    from homegame import config, defaults
    from homegame.money import settings

    return {
        "game-config": config.GameConfig,
        "player-setting": config.PlayerSetting,
        "freezeout-settings": config.FreezeoutSettings,
        "series-settings": config.SeriesSettings,
        "rules-settings": config.RulesSettings,
        "timing-settings": config.TimingSettings,
        "cash-game-settings": config.CashGameSettings,
        "device-settings": config.DeviceSettings,
        "break": defaults.Break,
        "money-settings": settings.MoneySettings,
        "house-fee": settings.HouseFee,
        "add-on": settings.AddOn,
    }


@functools.cache
def event_tags() -> dict[str, type]:
    """Every event class by its stable tag."""
    from homegame.engine import cash_session, events, session_events

    return {
        "hand-started": events.HandStarted,
        "ante-posted": events.AntePosted,
        "blind-posted": events.BlindPosted,
        "hole-dealt": events.HoleDealt,
        "board-dealt": events.BoardDealt,
        "board-revealed": events.BoardRevealed,
        "run-twice-offered": events.RunTwiceOffered,
        "run-twice-answered": events.RunTwiceAnswered,
        "run-twice-agreed": events.RunTwiceAgreed,
        "second-run-dealt": events.SecondRunDealt,
        "street-started": events.StreetStarted,
        "bomb-pot-started": events.BombPotStarted,
        "acted": events.Acted,
        "discarded": events.Discarded,
        "uncalled-returned": events.UncalledReturned,
        "pots-updated": events.PotsUpdated,
        "cards-shown": events.CardsShown,
        "mucked": events.Mucked,
        "pot-awarded": events.PotAwarded,
        "deal-won": events.DealWon,
        "hand-ended": events.HandEnded,
        "level-changed": session_events.LevelChanged,
        "bomb-pot-called": session_events.BombPotCalled,
        "busted": session_events.Busted,
        "game-won": session_events.GameWon,
        "timed-out": session_events.TimedOut,
        "sat-out": session_events.SatOut,
        "player-joined": session_events.PlayerJoined,
        "came-back": session_events.CameBack,
        "stacks-corrected": session_events.StacksCorrected,
        "money-in": session_events.MoneyIn,
        "chopped": session_events.Chopped,
        "series-started": session_events.SeriesStarted,
        "deal-scored": session_events.DealScored,
        "series-won": session_events.SeriesWon,
        "cube-turned": session_events.CubeTurned,
        "cube-doubled": session_events.CubeDoubled,
        "dropped-out": session_events.DroppedOut,
        "side-bet-won": session_events.SideBetWon,
        "side-bet-returned": session_events.SideBetReturned,
        "cash-moved": cash_session.CashMoved,
        "straddle-called": cash_session.StraddleCalled,
        "seven-deuce-bounty": cash_session.SevenDeuceBounty,
        "cash-game-ended": cash_session.CashGameEnded,
    }


def by_tag() -> dict[str, type]:
    """Every tagged class by its stable tag."""
    return {**config_tags(), **event_tags()}


@functools.cache
def _by_class() -> dict[type, str]:
    return {cls: tag for tag, cls in by_tag().items()}


def tag_of(cls: type) -> str | None:
    """The stable tag of `cls`, or None when the journal does not store it."""
    return _by_class().get(cls)


def class_of(tag: str) -> type | None:
    """The class a stored tag names (a stable tag, or a format-1 class name), or None."""
    stable = V1_TAGS.get(tag, tag)
    found = config_tags().get(stable)
    return found if found is not None else event_tags().get(stable)
