"""From a game config to the engine session it describes: the one place a game is built.

The table screen, the host console and `homegame simulate` all start their games here, so a
setting means the same thing everywhere (dollars become cents here, the blind schedule is
chosen here, host mode turns the turn timer off here).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from homegame.config import GameConfig, PlayerSetting
from homegame.defaults import CENTS, AnteKind
from homegame.engine.card_sources import CardSource, Dealt, Entered
from homegame.engine.cash_session import CashSession
from homegame.engine.krg_series import DEFAULT_SIDE_BET
from homegame.engine.schedule import BlindSchedule, Level, chip_of, default_ante
from homegame.engine.seat_draw import SeatDraw, draw_for_button
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.session_interface import Session
from homegame.variants import get_variant


def schedule_for(config: GameConfig) -> BlindSchedule:
    """The blind schedule the config asks for (HOUSE_RULES 10 by default), with its antes
    (HOUSE_RULES 25): the config's per level, else the house's for each listed level."""
    fz = config.freezeout
    kind = config.rules.ante
    bb_ante = kind is AnteKind.BIG_BLIND
    if fz.minutes_per_level is not None:
        schedule = BlindSchedule.by_minutes(
            fz.blinds, fz.minutes_per_level, fz.breaks, bb_ante=bb_ante
        )
    else:
        schedule = BlindSchedule.by_hands(fz.blinds, fz.hands_per_level, bb_ante=bb_ante)
    if kind is AnteKind.OFF:
        return schedule
    antes = fz.antes
    if antes is None:
        antes = tuple(default_ante(lv.big_blind, kind, schedule.chip) for lv in schedule.levels)
    return schedule.with_antes(antes)


def cash_ante(config: GameConfig) -> int:
    """The cash game's ante (HOUSE_RULES 25): the config's, else the house's for its big blind."""
    cash = config.cash
    kind = config.rules.ante
    if cash is None or kind is AnteKind.OFF:
        return 0
    if cash.ante is not None:
        return cash.ante
    return default_ante(cash.big_blind, kind, chip_of([Level(1, cash.small_blind, cash.big_blind)]))


def session_for(
    config: GameConfig,
    names: Sequence[str],
    rng: random.Random,
    *,
    button: int | None = None,
    cards: CardSource | None = None,
    seat_draw: bool | SeatDraw = False,
) -> Session:
    """The engine session a config describes (host mode: `cards=Entered()`, no turn timer).

    With `seat_draw` and no `button` the players draw for the button (or `seat_draw` is the
    draw they made, from the journal): the draw is `session.seat_draw`, for the screens to
    show. Without either the session picks a seat."""
    draw = seat_draw if isinstance(seat_draw, SeatDraw) else None
    if draw is not None:
        button = draw.button
    elif button is None and seat_draw:
        draw = draw_for_button(range(len(names)), Dealt(draw_source(rng)))
        button = draw.button
    session = _session(config, names, rng, button, cards)
    session.seat_draw = draw
    return session


def draw_source(rng: random.Random) -> random.Random:
    """The seat draw's random source: derived from the game's without drawing on it, so a
    seeded game draws the same seats every time (resume, undo) and deals as it would."""
    try:
        state = rng.getstate()
    except NotImplementedError:  # the operating system's source: nothing to reproduce
        return rng
    # A string seed is hashed the same in every process. `hash(state)` was not: the state ends
    # in None, whose hash is its address before Python 3.12, so a resumed game drew again
    # another button and its replay stopped at the first action (IllegalAction).
    return random.Random(repr(state))


def _session(
    config: GameConfig,
    names: Sequence[str],
    rng: random.Random,
    button: int | None,
    cards: CardSource | None,
) -> Session:
    variant = get_variant(config.game)
    timer = 0.0 if isinstance(cards, Entered) else float(config.timing.turn_timer)
    cash = config.cash
    if cash is not None and variant.has_chips:
        return CashSession(
            variant,
            names,
            rng=rng,
            small_blind=cash.small_blind,
            big_blind=cash.big_blind,
            ante=cash_ante(config),
            bb_ante=config.rules.ante is AnteKind.BIG_BLIND,
            cents_per_chip=cash.cents_per_chip,
            max_buy_in_big_blinds=cash.max_buy_in_big_blinds,
            button=button,
            turn_timer=timer,
            burn_cards=config.rules.burn_cards,
            muck_losers=not config.rules.everyone_shows,
            ask_losers=True,
            cards=cards,
            straddles=cash.straddle,
            seven_deuce_bounty=cash.seven_deuce_bounty,
            bomb_pot_every=config.rules.bomb_pot_every,
            bomb_pot_big_blinds=config.rules.bomb_pot_ante,
            run_twice=config.rules.run_it_twice,
        )
    if variant.has_chips:
        return FreezeoutSession(
            variant,
            names,
            rng=rng,
            stack=config.freezeout.starting_stack,
            schedule=schedule_for(config),
            button=button,
            turn_timer=timer,
            burn_cards=config.rules.burn_cards,
            muck_losers=not config.rules.everyone_shows,
            ask_losers=True,
            cards=cards,
            money=config.money,
            late_entry_until_level=config.freezeout.late_entry_until_level,
            bomb_pot_every=config.rules.bomb_pot_every,
            bomb_pot_big_blinds=config.rules.bomb_pot_ante,
            run_twice=config.rules.run_it_twice,
        )
    series = config.series
    return KrgSession(
        names,
        rng=rng,
        target=series.wins,
        buy_in=round(series.buy_in * CENTS),
        tie_rule=series.tie_rule,
        cube=series.doubling_cube,
        side_bet=DEFAULT_SIDE_BET if series.side_bets else 0,
        dealer=button,
        burn_cards=config.rules.burn_cards,
        cards=cards,
    )


def seat_names(count: int) -> tuple[str, ...]:
    """'Seat 1', 'Seat 2', ...: names for a table nobody sat down at (simulations, benchmarks)."""
    return tuple(f"Seat {i + 1}" for i in range(count))


def default_session(game: str, count: int, rng: random.Random) -> Session:
    """A game of `game` for `count` unnamed seats with every setting at its default."""
    names = seat_names(count)
    config = GameConfig(game, players=tuple(PlayerSetting(name) for name in names))
    return session_for(config, names, rng)
