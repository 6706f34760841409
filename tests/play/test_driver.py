"""The game driver played with no screen: whole games of every kind, resume and take-back.

Each request is answered as a front end would: random legal actions for people, the bots' own
decisions, yes or no to the cube and the top-up. Every flow rule is checked here, not through
Pilot.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from every_game import CHIP_GAMES, GAMES, SERIES_GAMES

from homegame.cards import Card
from homegame.config import (
    CashGameSettings,
    FreezeoutSettings,
    GameConfig,
    PlayerSetting,
    RulesSettings,
    SeriesSettings,
    TimingSettings,
)
from homegame.engine.actions import BetRaise, Check
from homegame.engine.errors import IllegalAction
from homegame.engine.random_policy import random_action
from homegame.play.driver import GameDriver, TakeBackRefused
from homegame.play.requests import (
    AfterOut,
    AskAction,
    AskCubeAnswer,
    AskCubeTurn,
    AskDiscard,
    AskShowOrMuck,
    AskTopUp,
    BotCubeAnswer,
    BotTurn,
    DealResult,
    GameOver,
    Handoff,
    OfferAfterOut,
    Request,
    ShowSeatDraw,
)
from homegame.play.results import game_result
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, SOLO, GameLog


def config_for(game: str, people: int, bots: int = 0, **changes: object) -> GameConfig:
    names = [PlayerSetting(f"P{i}") for i in range(people)]
    names += [PlayerSetting(f"Bot {i}", "random") for i in range(bots)]
    settings: dict[str, object] = {
        "players": tuple(names),
        "seed": 7,
        "freezeout": FreezeoutSettings(starting_stack=400, hands_per_level=4),
        "series": SeriesSettings(wins=3, doubling_cube=True, side_bets=True),
    }
    settings.update(changes)
    return GameConfig(game, **settings)  # type: ignore[arg-type]


def own_cards(driver: GameDriver, seat: int) -> tuple[Card, ...]:
    mine = next(s for s in driver.game.view_for(seat).seats if s.seat == seat)
    return tuple(c for c in mine.cards or () if c is not None)


def reply(driver: GameDriver, request: Request, rng: random.Random, *, end_cash: int = 0) -> object:
    """What a front end answers: random legal moves for people, the bots' own choices."""
    if isinstance(request, AskAction | AskDiscard | AskShowOrMuck):
        return random_action(driver.game.legal_actions(), rng, own_cards(driver, request.seat))
    if isinstance(request, BotTurn):
        return request.bot.decide(request.view)
    if isinstance(request, BotCubeAnswer):
        return request.bot.answer_cube(request.series, request.seat)
    if isinstance(request, AskCubeTurn):
        return rng.choice([None, *request.seats])
    if isinstance(request, AskCubeAnswer):
        return rng.random() < 0.7
    if isinstance(request, AskTopUp):
        return rng.random() < 0.8
    if isinstance(request, DealResult):
        return bool(end_cash) and request.number >= end_cash
    if isinstance(request, OfferAfterOut):
        return AfterOut.WATCH
    return None


def play_out(
    driver: GameDriver, seed: int, max_steps: int = 20_000, **options: int
) -> list[Request]:
    """Answer every request until the game is over; the requests in order."""
    rng = random.Random(seed)
    seen: list[Request] = []
    driver.start()
    for _ in range(max_steps):
        request = driver.request
        assert request is not None
        seen.append(request)
        if isinstance(request, GameOver):
            return seen
        driver.answer(reply(driver, request, rng, **options))
    raise AssertionError("the game did not end")


def cards_shown(driver: GameDriver) -> set[int]:
    """The seats whose private cards the view the driver lets a screen show holds (not those
    shown down)."""
    view = driver.shown_view()
    assert view is not None
    return {s.seat for s in view.seats if not s.shown and any(c is not None for c in s.cards or ())}


def chips_in_play(driver: GameDriver) -> int:
    view = driver.game.view_for(None)
    return sum(s.stack for s in driver.game.scoreboard().players if s.stack) + sum(
        s.bet for s in view.seats
    )


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_a_pass_and_play_freezeout_runs_to_its_winner_through_the_driver(game: str) -> None:
    driver = GameDriver(config_for(game, 3), random.Random(1))
    seen = play_out(driver, seed=2)
    game_over = driver.game
    assert game_over.is_over and len(game_over.winners) == 1
    total = 3 * 400
    results = [r for r in seen if isinstance(r, DealResult)]
    assert results and all(r.people_in for r in results)
    assert sum(p.stack or 0 for p in game_over.scoreboard().players) == total
    result = game_result(game_over, driver.config)
    assert result.winner == game_over.names[game_over.winners[0]]
    assert [place for place, _ in result.places] == [1, 2, 3]
    assert result.places[0][1] == result.winner


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_pass_and_play_hands_the_screen_over_before_each_other_persons_private_view(
    game: str,
) -> None:
    """Pass-and-play: a person's cards show only after 'Pass to NAME', and only theirs."""
    driver = GameDriver(config_for(game, 3), random.Random(3))
    rng = random.Random(4)
    driver.start()
    last_private: int | None = None
    handed_to: int | None = None
    for _ in range(600):
        request = driver.request
        assert request is not None
        if isinstance(request, GameOver):
            break
        if isinstance(request, Handoff):
            assert driver.viewer is None  # the table is covered while it is handed over
            assert cards_shown(driver) == set()  # and what a screen may show hides every hand
            handed_to = request.seat
        if isinstance(request, AskAction | AskDiscard | AskShowOrMuck):
            assert driver.viewer == request.seat
            assert cards_shown(driver) == {request.seat}  # theirs alone
            if last_private != request.seat:
                assert handed_to == request.seat
            last_private = request.seat
        if isinstance(request, DealResult):
            last_private = handed_to = None
        driver.answer(reply(driver, request, rng))
    assert driver.hand_number >= 2


def test_solo_against_bots_never_hands_the_screen_over_and_the_bots_see_their_own_view() -> None:
    driver = GameDriver(config_for("holdem", 1, bots=3), random.Random(5))
    seen = play_out(driver, seed=6)
    assert not any(isinstance(r, Handoff) for r in seen)
    turns = [r for r in seen if isinstance(r, BotTurn)]
    assert turns and all(t.view.viewer == t.seat for t in turns)
    for turn in turns:  # a bot's view holds its own cards and nobody else's hidden ones
        others = [s for s in turn.view.seats if s.seat != turn.seat and s.cards is not None]
        assert all(not s.folded for s in others)


@pytest.mark.parametrize("seed", range(6))
def test_the_solo_person_out_is_asked_once_what_to_do_next(seed: int) -> None:
    """Asked once when the person busts with two or more bots still in, never otherwise."""
    driver = GameDriver(config_for("holdem", 1, bots=3), random.Random(seed))
    seen = play_out(driver, seed=seed + 1)
    offers = [r for r in seen if isinstance(r, OfferAfterOut)]
    place = driver.game.scoreboard().players[0].place
    assert len(offers) == (1 if place is not None and place >= 3 else 0)
    if offers:
        assert offers[0].seat == 0 and offers[0].place == place and offers[0].left >= 2
        after = seen[seen.index(offers[0]) :]
        assert not any(isinstance(r, AskAction) and r.seat == 0 for r in after)


@pytest.mark.parametrize("game", SERIES_GAMES)
def test_a_krg_series_with_the_cube_runs_to_its_winners_through_the_driver(game: str) -> None:
    driver = GameDriver(config_for(game, 3), random.Random(8))
    seen = play_out(driver, seed=9)
    assert driver.game.is_over and driver.game.winners
    assert any(isinstance(r, AskDiscard) for r in seen)
    assert any(isinstance(r, AskCubeTurn) for r in seen)
    result = game_result(driver.game, driver.config)
    assert result.played == "Deals" and result.title.startswith("Series winner")
    places = [place for place, _ in result.places]
    assert places == sorted(places) and places[0] == 1 and len(places) == 3


def test_a_cash_game_tops_up_and_ends_with_a_balanced_ledger_through_the_driver() -> None:
    cash = CashGameSettings(small_blind=10, big_blind=20)
    driver = GameDriver(config_for("holdem", 3, cash=cash), random.Random(13))
    seen = play_out(driver, seed=14, end_cash=40)
    cash_game = driver.cash
    assert cash_game is not None and cash_game.is_over
    result = game_result(driver.game, driver.config)
    assert result.winner == "" and result.money is not None
    lines = result.money.ledger
    money_in = sum(line.cents_in for line in lines)
    money_out = sum(line.cents_out for line in lines)
    assert money_in == money_out > 0
    assert any(isinstance(r, AskTopUp) for r in seen) or driver.hand_number == 40


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    driver = GameDriver(config_for("holdem", 2), random.Random(15))
    driver.start()
    while not isinstance(driver.request, AskAction):
        driver.answer(reply(driver, driver.request, random.Random(1)))  # type: ignore[arg-type]
    request = driver.request
    before = (driver.game.view_for(None), len(driver.hand_events))
    with pytest.raises(IllegalAction):
        driver.answer(BetRaise(10**9))
    assert driver.request == request
    assert (driver.game.view_for(None), len(driver.hand_events)) == before


def _journalled(tmp_path: Path, config: GameConfig, mode: str) -> tuple[Journal, GameLog]:
    journal = Journal(tmp_path)
    return journal, GameLog.new(journal, config, mode)


def _state(driver: GameDriver) -> tuple[object, ...]:
    request = driver.request
    return (
        type(request).__name__,
        getattr(request, "seat", None),
        driver.game.view_for(None),
        driver.game.deals,
        driver.hand_number,
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_journalled_game_resumes_through_the_driver_exactly_where_it_stopped(
    tmp_path: Path, game: str
) -> None:
    """Resume is a replay: a new driver from the journal asks what the old one asked."""
    config = config_for(game, 2, bots=1, freezeout=FreezeoutSettings(starting_stack=5000))
    journal, log = _journalled(tmp_path, config, PASS_AND_PLAY)
    driver = GameDriver(config, random.Random(0), log)
    rng = random.Random(16)
    driver.start()
    for _ in range(40):
        request = driver.request
        assert request is not None and not isinstance(request, GameOver)
        driver.answer(reply(driver, request, rng))
    while isinstance(driver.request, DealResult | Handoff | ShowSeatDraw | AskTopUp):
        driver.answer(reply(driver, driver.request, rng))  # stop at a decision
    resumed = GameDriver(config, None, GameLog(journal, log.game_id))
    resumed.start()
    if isinstance(resumed.request, Handoff):  # pass-and-play resumes behind "Pass to NAME"
        assert resumed.request.seat == getattr(driver.request, "seat", None)
        resumed.answer(None)
    assert _state(resumed) == _state(driver)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_saved_on_a_deals_result_resumes_on_that_result(tmp_path: Path, game: str) -> None:
    """Issue 33: a kill on the result screen resumed at the next deal, already dealt; the
    deal's result is shown again, then the next deal is dealt."""
    config = config_for(game, 2, bots=1, freezeout=FreezeoutSettings(starting_stack=5000))
    journal, log = _journalled(tmp_path, config, PASS_AND_PLAY)
    driver = GameDriver(config, random.Random(0), log)
    rng = random.Random(18)
    driver.start()
    for deal in range(3):  # the third deal's result
        while not isinstance(driver.request, DealResult):
            request = driver.request
            assert request is not None and not isinstance(request, GameOver)
            driver.answer(reply(driver, request, rng))
        shown = driver.request
        if deal < 2:
            driver.answer(reply(driver, shown, rng))
    resumed = GameDriver(config, None, GameLog(journal, log.game_id))
    resumed.start()
    assert resumed.request == shown and resumed.game.deals == driver.game.deals
    resumed.answer(False)  # and on: a question between deals, or the next deal
    assert resumed.request != shown and not resumed.game.is_over


def test_a_solo_take_back_replays_the_deal_without_the_persons_action(tmp_path: Path) -> None:
    config = config_for("holdem", 1, bots=2, rules=RulesSettings(solo_undo=True))
    _journal, log = _journalled(tmp_path, config, SOLO)
    driver = GameDriver(config, random.Random(0), log)
    driver.start()
    with pytest.raises(TakeBackRefused):  # nothing of the person's yet: one line, no change
        while not isinstance(driver.request, AskAction):
            driver.answer(reply(driver, driver.request, random.Random(2)))  # type: ignore[arg-type]
        driver.take_back()
    rng = random.Random(17)
    checked: tuple[object, int] | None = None
    for _ in range(2000):
        request = driver.request
        assert request is not None and not isinstance(request, GameOver)
        if isinstance(request, AskAction) and checked is not None:
            try:
                line = driver.take_back()
            except TakeBackRefused:
                checked = None
            else:
                assert line.startswith("Taken back:") and "checks" in line
                assert isinstance(driver.request, AskAction) and driver.request.seat == 0
                assert (driver.game.view_for(None), log.count()) == checked
                return
        if isinstance(request, AskAction) and driver.game.legal_actions().can_check:
            checked = (driver.game.view_for(None), log.count())
            driver.answer(Check())
            continue
        if isinstance(request, AskAction | DealResult):
            checked = None
        driver.answer(reply(driver, request, rng))
    pytest.fail("no spot to take back arose")


def test_the_turn_timer_counts_only_the_persons_own_turn() -> None:
    """Time spent before a person is asked (a handoff, the bots' pauses) is not their turn's:
    a person who took longer than the timer to pick up the laptop is not timed out."""
    now = [0.0]
    config = config_for("holdem", 2, timing=TimingSettings(turn_timer=10, bot_pause=0.0))
    driver = GameDriver(config, random.Random(3), clock=lambda: now[0])
    driver.start()
    driver.tick(turn_clock=False)  # the clock's first reading
    while not isinstance(driver.request, Handoff):
        driver.answer(reply(driver, driver.request, random.Random(1)))  # type: ignore[arg-type]
    now[0] += 30.0  # the laptop waits on "Pass to NAME" for half a minute
    driver.answer(None)
    assert isinstance(driver.request, AskAction)
    left = driver.game.time_left()
    assert left is not None and left > 9.9
    now[0] += 5.0
    assert driver.tick(turn_clock=True) == [] and isinstance(driver.request, AskAction)
    now[0] += 6.0
    events = driver.tick(turn_clock=True)
    assert any(type(e).__name__ == "TimedOut" for e in events)


@pytest.mark.parametrize("host", [False, True])
def test_a_game_stopped_on_the_seat_draw_resumes_with_the_same_draw(
    tmp_path: Path, host: bool
) -> None:
    """Issue 33: a kill during the seat draw drew again, and an unseeded game's button could
    change. The draw is kept in the journal before it is shown."""
    from homegame.host.night import HostNight
    from homegame.store.recorder import HOST

    config = config_for("holdem", 4, seed=None)
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, HOST if host else PASS_AND_PLAY, seat_draw=True)
    draws = []
    for _ in range(3):  # the first showing, then two "kills" and resumes before any deal
        again = GameLog(journal, log.game_id)
        if host:
            night = HostNight(config, clock=lambda: 0.0, journal=again, seat_draw=True)
            night.start()
            request: object = night.request
        else:
            driver = GameDriver(config, None, again)
            driver.start()
            request = driver.request
        assert isinstance(request, ShowSeatDraw)
        draws.append(request.draw)
    assert draws[0] == draws[1] == draws[2]
