"""Resume in the app (issue 9): a saved pass-and-play game reopens behind "Pass to NAME" with
the same hand, turn, stacks and cards; a KRG game mid-cube asks the cube again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_driver import (
    chip_game,
    everything_text,
    known,
    settle,
    shows_card,
    the_table,
    visible_text,
)

from homegame.cards import Card
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.engine.actions import Call, LegalActions
from homegame.store.journal import Journal
from homegame.store.recorder import GameLog
from homegame.tui.app import HomegameApp
from homegame.tui.screens.handoff import HandoffScreen

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)
#: What a resumed game must show again: whose turn, the stacks, the options, every hole card.
Dealt = tuple[int | None, tuple[int, ...], LegalActions, list[tuple[Card, ...]]]


def _config() -> GameConfig:
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))
    return GameConfig("holdem", players=players, timing=FAST)


def test_a_resumed_pass_and_play_game_waits_behind_pass_to_name_with_the_same_hand(
    tmp_path: Path,
) -> None:
    async def first() -> Dealt:
        app = HomegameApp(_config(), journal=Journal(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = the_table(app)
            session = chip_game(table)
            for _ in range(2):  # two calls, through the session the screen drives
                seat = session.to_act
                table.game.act(Call(), seat)
            return (
                session.to_act,
                session.stacks,
                session.legal_actions(),
                [known(session.hole_cards(s)) for s in range(3)],
            )

    async def second(expected: Dealt) -> None:
        journal = Journal(tmp_path)
        (record,) = journal.unfinished()
        app = HomegameApp(journal=journal, resume=GameLog(journal, record.id))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = the_table(app)
            session = chip_game(table)
            to_act, stacks, legal, holes = expected
            assert (session.to_act, session.stacks, session.legal_actions()) == (
                to_act,
                stacks,
                legal,
            )
            assert [known(session.hole_cards(s)) for s in range(3)] == holes
            assert isinstance(app.screen, HandoffScreen)
            actor = session.to_act
            assert actor is not None
            name = table.game.names[actor]
            assert f"Pass to {name}" in visible_text(app)
            text = everything_text(app)
            assert not any(shows_card(text, c) for h in holes for c in known(h))
            await pilot.press("enter")
            await settle(pilot, app)
            shown = visible_text(app)
            assert all(shows_card(shown, c) for c in known(holes[actor]))

    expected = asyncio.run(first())
    asyncio.run(second(expected))


def test_the_start_screen_offers_the_unfinished_games_first(tmp_path: Path) -> None:
    from homegame.store.recorder import PASS_AND_PLAY
    from homegame.store.resume import fresh_session
    from homegame.tui.screens.saved import SavedGamesScreen
    from homegame.tui.screens.setup import SetupScreen

    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(), PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    session.start_deal()

    async def scenario(key: str) -> type:
        app = HomegameApp(journal=Journal(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)
            text = visible_text(app)
            assert f"#{log.game_id} Texas Hold'em, Ann, Bob, Cy · hand 1" in text
            await pilot.press(key)
            for _ in range(20):
                await pilot.pause(0.05)
            return type(app.screen)

    assert asyncio.run(scenario("enter")) is HandoffScreen
    assert asyncio.run(scenario("n")) is SetupScreen


def test_a_krg_series_saved_mid_cube_resumes_by_asking_the_cube_again(tmp_path: Path) -> None:
    import random

    from homegame.config import SeriesSettings
    from homegame.engine.krg_session import KrgSession
    from homegame.engine.random_policy import random_action
    from homegame.store.recorder import PASS_AND_PLAY
    from homegame.store.resume import fresh_session
    from homegame.tui.screens.cube import CubeAnswerScreen

    config = GameConfig(
        "krg",
        players=tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy")),
        series=SeriesSettings(wins=3, doubling_cube=True),
        timing=FAST,
    )
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    assert isinstance(session, KrgSession)
    rng = random.Random(2)
    session.start_deal()
    while session.in_hand:
        seat = session.to_act
        assert seat is not None
        hole = [c for c in session.hole_cards(seat) if c is not None]
        session.act(random_action(session.legal_actions(), rng, hole), seat)
    turner = next(s for s in range(3) if session.series.can_turn_cube(s) is None)
    session.turn_cube(turner)
    waiting = session.series.pending[0]

    async def scenario() -> None:
        again = Journal(tmp_path)
        app = HomegameApp(journal=again, resume=GameLog(again, log.game_id))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(20):
                await pilot.pause(0.05)
            assert isinstance(app.screen, CubeAnswerScreen)
            assert config.players[waiting].name in visible_text(app)

    asyncio.run(scenario())


def test_the_unfinished_games_list_shows_markup_names_as_typed(tmp_path: Path) -> None:
    """A player called "[/]" crashed the start screen's list of saved games (MarkupError)."""
    from homegame.store.recorder import PASS_AND_PLAY
    from homegame.store.resume import fresh_session
    from homegame.tui.screens.saved import SavedGamesScreen

    names = ("[/]", "[bold]Bob", "Cy")
    config = GameConfig(
        "holdem", players=tuple(PlayerSetting(n) for n in names), timing=TimingSettings()
    )
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    log.attach(fresh_session(log)).start_deal()

    async def scenario() -> str:
        app = HomegameApp(journal=Journal(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)
            return visible_text(app)

    assert "Texas Hold'em, [/], [bold]Bob, Cy · hand 1" in asyncio.run(scenario())
