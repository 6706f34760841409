"""The table app played headless through Pilot, asserting on what the screen shows."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest
from every_game import GAMES
from textual.app import App
from textual.pilot import Pilot
from tui_driver import (
    Record,
    asking,
    chip_game,
    dealing,
    drive,
    everything_text,
    known,
    privacy_check,
    run,
    settle,
    shows_card,
    the_table,
    until_shown,
    visible_text,
)

from homegame.config import (
    FreezeoutSettings,
    GameConfig,
    PlayerSetting,
    SeriesSettings,
    TimingSettings,
)
from homegame.engine.actions import LegalActions
from homegame.engine.session_events import money
from homegame.tui.app import HomegameApp
from homegame.tui.screens.cube import CubeAnswerScreen, CubeTurnScreen
from homegame.tui.screens.discard import DiscardScreen
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar, AmountInput, parse_amount
from homegame.tui.widgets.hand_log import HandLog

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


class HandClock:
    """A clock a test moves by hand, so a turn timer runs out without waiting for it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def run_on(self, table: TableScreen, seconds: float) -> None:
        """Move the time on and let the table see it at once (as its next tick would)."""
        self.now += seconds
        table._tick()


def people(*names: str) -> tuple[PlayerSetting, ...]:
    return tuple(PlayerSetting(n) for n in names)


def check_showdown_screen(app: App[None], game: str) -> int:
    """The result screen shows every shown hand with its category (Yukon: its set) and marks
    exactly the engine's winners; returns how many hands it checked."""
    hand = dealing(the_table(app)).hand
    assert hand is not None
    text = visible_text(app)
    names = hand.names
    assert names is not None
    for hand_seat, cards in hand.shown.items():
        made = hand.made_hand(hand_seat)
        assert made is not None
        line = next(
            ln for ln in text.splitlines() if names[hand_seat] in ln and made.category in ln
        )
        assert line.lstrip().startswith("★") == (hand_seat in hand.winners)
        assert all(shows_card(line, c) for c in known(cards))
        if game == "double-board":  # each board's made hand by category
            for number, each in enumerate(hand.made_hands(hand_seat), start=1):
                assert f"board {number}: {each.category}" in line
            continue
        assert all(shows_card(line, c) for c in made.cards)
        if game == "yukon":
            assert f"set {made.group}" in line
    return len(hand.shown)


def waiting_for(app: App[None], table: TableScreen, name: str) -> bool:
    """True when the app waits for `name` to act or discard."""
    if table.game.to_act != table.game.names.index(name):
        return False
    return isinstance(app.screen, DiscardScreen) or (
        app.screen is table and table._choice is not None
    )


def pass_and_play(game: str, hands: int, seed: int) -> dict[str, int]:
    """Play `hands` hands of pass-and-play (three people and a bot) through the app, checking
    privacy after every step, the handoffs, the reveals and every showdown."""
    config = GameConfig(
        game,
        players=(*people("Ann", "Bob", "Cleo"), PlayerSetting("Robo", "easy")),
        timing=FAST,
    )
    app = HomegameApp(config, rng=random.Random(seed))
    seen = {"handoffs": 0, "reveals": 0, "shown_hands": 0, "steps": 0}
    turn = {"n": 0}

    def check(app: App[None], record: Record) -> None:
        everything = privacy_check(app, record)
        table = the_table(app)
        session = table.game
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            seat = table.game.names.index(screen.player)
            assert screen.player != "Robo"
            assert f"Pass to {screen.player}" in visible_text(app)
            everything = everything or everything_text(app)
            assert not any(shows_card(everything, c) for c in known(session.hole_cards(seat)))
            seen["handoffs"] += 1
        elif isinstance(screen, ShowdownScreen):
            seen["shown_hands"] += check_showdown_screen(app, game)
        elif record.handoffs and waiting_for(app, table, record.handoffs[-1]):
            text = visible_text(app)
            actor = session.to_act
            assert actor is not None
            assert all(shows_card(text, c) for c in known(session.hole_cards(actor)))
            seen["reveals"] += 1

    def decide(table: TableScreen) -> str:
        turn["n"] += 1
        legal = table.query_one(ActionBar).legal
        if legal is not None and legal.min_raise_to is not None and turn["n"] % 5 == 0:
            return "r"
        return "c"

    def done(app: App[None], record: Record) -> bool:
        return len(record.showdowns) >= hands

    async def scenario() -> Record:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, HandoffScreen)
            return await drive(app, pilot, decide=decide, check=check, stop=done)

    record = run(scenario())
    assert set(record.handoffs) <= {"Ann", "Bob", "Cleo"}
    seen["steps"] = record.steps
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_pass_and_play_privacy_handoffs_and_showdown(game: str) -> None:
    """A whole hand: every step searched for any hole card of a person other than the one
    confirmed (none at all under a handoff), each person's cards shown only after confirming,
    bots never handed off to, and the right hands shown at showdown."""
    seen = pass_and_play(game, hands=1, seed=11)
    assert seen["handoffs"] >= 3 and seen["reveals"] >= 3
    assert seen["shown_hands"] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_pass_and_play_privacy_over_many_hands(game: str) -> None:
    seen = pass_and_play(game, hands=6, seed=23)
    assert seen["handoffs"] >= 8


def test_solo_freezeout_plays_to_a_winner_against_fast_bots(tmp_path: Path) -> None:
    config = GameConfig(
        "holdem",
        players=(
            PlayerSetting("Ann"),
            PlayerSetting("Bot 1", "easy"),
            PlayerSetting("Bot 2", "hard"),
        ),
        freezeout=FreezeoutSettings(starting_stack=300, hands_per_level=2),
        timing=FAST,
    )
    app = HomegameApp(config, rng=random.Random(5), certificate_folder=tmp_path)
    seen = {"own_cards": 0, "out_prompt": 0}

    def check(app: App[None], record: Record) -> None:
        privacy_check(app, record)
        table = the_table(app)
        for seat in range(3):
            if table.game.in_hand and not table.game.in_deal(seat):
                assert not table.query_one(f"#seat-{seat}").display  # busted players leave
        if app.screen is table and not table.game.is_over:
            text = visible_text(app)
            # Once Ann is out, the bots' prompt tells her the game plays on without her.
            if "(bot) is thinking" in text:
                assert not table.game.is_out(0)
            if "thinks… You are out" in text:
                assert table.game.is_out(0)
                seen["out_prompt"] += 1
        if app.screen is table and table._choice is not None:
            text = visible_text(app)
            cards = known(table.game.hole_cards(0))
            assert all(shows_card(text, c) for c in cards)
            assert "Blinds " in text and "level up in" in text
            seen["own_cards"] += 1

    def decide(table: TableScreen) -> str:
        legal = table.query_one(ActionBar).legal
        shove = table.driver.hand_number > 4 and legal is not None and legal.can_all_in
        return "a" if shove else "c"

    async def scenario() -> tuple[Record, TableScreen]:
        async with app.run_test() as pilot:
            table = the_table(app)
            record = await drive(app, pilot, decide=decide, check=check)
            return record, table

    record, table = run(scenario())
    assert record.handoffs == []
    assert table.game.is_over and table.certificate is not None
    winner = table.certificate.winner
    assert winner in ("Ann", "Bot 1", "Bot 2")
    assert f"Winner: {winner}" in record.certificate
    assert f"Hands played: {table.game.deals}" in record.certificate
    assert seen["own_cards"] >= 1
    if table.game.deals > 2:  # two hands a level: the blinds went up, and it was said
        assert "Blinds up: level 2, 15/25" in "\n".join(record.log_lines)


def test_solo_krg_series_to_a_winner_with_the_scoreboard_in_view() -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "hard"))
    config = GameConfig("krg", players=players, timing=FAST)
    app = HomegameApp(config, rng=random.Random(9))
    seen = {"scoreboard": 0}

    def check(app: App[None], record: Record) -> None:
        privacy_check(app, record)
        table = the_table(app)
        board = table.game.scoreboard().series
        assert board is not None
        text = visible_text(app)
        if app.screen is table:
            assert "First to 3 · pool 15.00" in text
            for row in board.rows:
                assert f"{row.name:<12} {'●' * row.wins}" in text
            seen["scoreboard"] += 1
        elif isinstance(app.screen, DiscardScreen):
            wins = " · ".join(f"{r.name} {r.wins}" for r in board.rows)
            assert f"First to 3: {wins} · pool 15.00" in text
            seen["scoreboard"] += 1

    async def scenario() -> tuple[Record, TableScreen]:
        async with app.run_test() as pilot:
            table = the_table(app)
            return await drive(app, pilot, check=check), table

    record, table = run(scenario())
    assert record.handoffs == [] and seen["scoreboard"] > 0
    board = table.game.scoreboard().series
    assert board is not None
    assert board.over and max(r.wins for r in board.rows) == 3
    winners = [board.rows[s].name for s in board.winners]
    assert "Series winner" in record.certificate
    assert all(name in record.certificate for name in winners)
    assert "Pool: 15.00" in record.certificate


def test_out_of_range_amount_gets_an_inline_message_and_changes_nothing() -> None:
    config = GameConfig(
        "holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")), timing=FAST
    )
    app = HomegameApp(config, rng=random.Random(2))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen) and table._choice is not None
            before = (chip_game(table).stacks, table.game.to_act, len(table.driver.hand_events))
            bar = table.query_one(ActionBar)
            legal = bar.legal
            assert legal is not None and legal.max_raise_to is not None
            await pilot.press("r")
            assert bar.amount_open
            await until_shown(pilot, app, f"{legal.min_raise_to:,}-{legal.max_raise_to:,} · m min")
            for _ in range(6):
                await pilot.press("backspace")
            too_much = legal.max_raise_to + 1
            await pilot.press(*str(too_much), "enter")
            await pilot.pause()
            assert f"{too_much:,} is out of range" in visible_text(app)
            after = (chip_game(table).stacks, table.game.to_act, len(table.driver.hand_events))
            assert after == before and table._choice is not None and not table._choice.done()
            await pilot.press("p")  # a letter typed mid-number is not a preset (issue 12)
            assert table.query_one("#amount", AmountInput).value == str(too_much)
            await pilot.press(*["backspace"] * 6, "p")
            assert int(table.query_one("#amount", AmountInput).value) <= legal.max_raise_to
            await pilot.press("escape")
            assert not bar.amount_open
            await pilot.press("c")
            await pilot.pause()
            assert len(table.driver.hand_events) > before[2]

    run(scenario())


def test_rules_help_shows_the_games_rules_in_a_few_lines() -> None:
    config = GameConfig("yukon", players=people("Ann", "Bob"), timing=FAST)
    app = HomegameApp(config, rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            await pilot.press("question_mark")
            await pilot.pause()
            text = visible_text(app)
            assert "Yukon Hold'em: the rules" in text
            assert "Never mix cards from both sets" in text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    run(scenario())


def test_house_rule_12_turn_timer_checks_or_folds_and_two_timeouts_sit_out() -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")),
        timing=TimingSettings(turn_timer=1, bot_pause=0.0),
    )
    clock = HandClock()
    app = HomegameApp(config, rng=random.Random(4), clock=clock)

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)
            table = app.screen
            assert "Ann: 1s" in visible_text(app)
            clock.run_on(table, 0.5)  # half the time gone: the action is still Ann's
            await pilot.pause()
            assert table._choice is not None and not table._choice.done()
            for _ in range(2):
                await settle(pilot, app)
                if app.screen is not table:
                    await pilot.press("enter")
                    await settle(pilot, app)
                clock.run_on(table, 1.0)
                await pilot.pause()
            log = "\n".join(table.query_one("#log", HandLog).entries)
            assert "Ann ran out of time and" in log
            assert 0 in table.game.sitting_out
            assert "Ann is sitting out" in log
            await pilot.press("b")
            await pilot.pause()
            assert 0 not in table.game.sitting_out

    run(scenario())


def test_krg_scoreboard_is_in_view_with_target_and_pool() -> None:
    config = GameConfig(
        "krg",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")),
        series=SeriesSettings(wins=4, buy_in=5),
        timing=FAST,
    )
    app = HomegameApp(config, rng=random.Random(8))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = the_table(app)
            await pilot.press("escape")
            text = everything_text(app)
            assert "First to 4 · pool 10.00" in text
            assert table is not None

    run(scenario())


def test_house_rule_16_cube_between_deals_double_or_drop_out() -> None:
    config = GameConfig(
        "krg",
        players=(*people("Ann", "Bob"), PlayerSetting("Robo", "easy")),
        series=SeriesSettings(doubling_cube=True),
        timing=FAST,
    )
    app = HomegameApp(config, rng=random.Random(6))

    def at_cube(app: App[None], record: Record) -> bool:
        return isinstance(app.screen, CubeTurnScreen)

    async def scenario() -> TableScreen:
        async with app.run_test(notifications=True) as pilot:
            await drive(app, pilot, check=privacy_check, stop=at_cube)
            text = visible_text(app)
            assert "Doubling cube: now 1, would go to 2" in text
            assert "1: Ann turns it" in text and "2: Bob turns it" in text
            assert "Robo turns it" not in text
            await pilot.press("1")
            await settle(pilot, app)
            assert isinstance(app.screen, CubeAnswerScreen)
            assert "Bob: d to double (your stake becomes 10.00)" in visible_text(app)
            await pilot.press("x")
            await settle(pilot, app)
            shown = visible_text(app)
            assert "Robo doubles, paying 5.00 more" in shown
            assert "Bob drops out, forfeiting 5.00" in shown
            table = the_table(app)
            board = table.game.scoreboard().series
            assert board is not None
            assert board.cube == 2
            assert [r.in_series for r in board.rows] == [True, False, True]
            assert [r.paid for r in board.rows] == [1000, 500, 1000]
            log = "\n".join(table.query_one("#log", HandLog).entries)
            assert "Ann turns the cube to 2" in log
            assert "Robo doubles, paying 5.00 more" in log
            assert "Bob drops out, forfeiting 5.00" in log
            assert "cube 2" in everything_text(app)
            return table

    table = run(scenario())
    cube = table.game.cube()
    assert cube is not None
    assert cube.cube_turners() == [2] or table.game.is_over


DROPPER = """
from homegame.engine.actions import Discard, Show


class Dropper:
    def __init__(self, rng):
        self.rng = rng

    def decide(self, view):
        if view.legal.discard_count:
            mine = next(s for s in view.seats if s.seat == view.viewer)
            return Discard(cards=tuple(mine.cards)[: view.legal.discard_count])
        return Show()

    def answer_cube(self, series, seat):
        return False
"""


def test_house_rule_16_a_users_bot_that_drops_at_the_cube_drops_through_the_app(
    tmp_path: Path,
) -> None:
    """A bot file's own `answer_cube` decides at the table (the app's bots are built lazily:
    the wrapper must answer for the bot it stands for, not double for it)."""
    (tmp_path / "dropper.py").write_text(DROPPER)
    config = GameConfig(
        "krg",
        players=(*people("Ann", "Bob"), PlayerSetting("Mine", f"{tmp_path}/dropper.py:Dropper")),
        series=SeriesSettings(doubling_cube=True),
        timing=FAST,
    )
    app = HomegameApp(config, rng=random.Random(6))

    async def scenario() -> None:
        async with app.run_test(notifications=True) as pilot:
            await drive(app, pilot, stop=lambda a, r: isinstance(a.screen, CubeTurnScreen))
            await pilot.press("1")
            await settle(pilot, app)
            assert isinstance(app.screen, CubeAnswerScreen)
            await pilot.press("d")
            await settle(pilot, app)
            assert "Mine drops out, forfeiting 5.00" in visible_text(app)
            table = the_table(app)
            board = table.game.scoreboard().series
            assert board is not None
            assert [r.in_series for r in board.rows] == [True, True, False]
            assert [r.paid for r in board.rows] == [1000, 1000, 500]

    run(scenario())


ROGUE = """
from homegame.engine.actions import BetRaise, Discard


class Rogue:
    def __init__(self, rng):
        pass

    def decide(self, view):
        return Discard(cards=()) if view.legal.discard_count else BetRaise(10**9)
"""


@pytest.mark.parametrize("game", ["holdem", "krg"])
def test_a_bot_whose_action_is_refused_does_not_stall_the_table(game: str, tmp_path: Path) -> None:
    (tmp_path / "rogue.py").write_text(ROGUE)
    bot = f"{tmp_path / 'rogue.py'}:Rogue"
    config = GameConfig(
        game, players=(PlayerSetting("Ann"), PlayerSetting("Rogue", bot)), timing=FAST
    )
    app = HomegameApp(config, rng=random.Random(3))

    async def scenario() -> Record:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            return await drive(app, pilot, stop=lambda app, record: bool(record.showdowns))

    record = run(scenario())
    assert record.showdowns
    said = [ln for ln in record.log_lines if ln.startswith("Rogue's bot")]
    assert said and all(ln.endswith("instead") for ln in said)


def test_pass_and_play_cards_are_covered_again_after_the_person_acts() -> None:
    """Robo's pause right after a person acted shows nobody's cards; the pause lasts until
    space hurries it (the wait is held, not timed), so the check never races the clock."""
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Robo", "easy"), PlayerSetting("Bob")),
        timing=TimingSettings(turn_timer=0, bot_pause=0.4),
    )

    async def until_hurried(hurry: asyncio.Event, seconds: float) -> None:
        await hurry.wait()

    app = HomegameApp(config, rng=random.Random(5), wait=until_hurried)

    async def scenario() -> int:
        covered_checks = 0
        async with app.run_test() as pilot:
            for _ in range(400):
                if covered_checks >= 3:
                    break
                await pilot.pause()
                table = the_table(app)
                screen = app.screen
                session = table.game
                if isinstance(screen, HandoffScreen | ShowdownScreen):
                    await pilot.press("enter")
                elif screen is table and table._choice is not None:
                    await pilot.press("c")
                elif screen is table and table.bot_thinking:
                    if session.to_act == 1 and table.driver.last_seen is not None:
                        # Robo is thinking right after a person acted: nobody's cards show.
                        text = everything_text(app)
                        for seat in (0, 2):
                            if table.game.in_deal(seat):
                                hole = known(session.hole_cards(seat))
                                assert not any(shows_card(text, c) for c in hole)
                        covered_checks += 1
                    await pilot.press("space")
        return covered_checks

    assert run(scenario()) >= 3


def test_handoff_ignores_an_enter_pressed_as_it_appears(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HandoffScreen, "GUARD_SECONDS", 0.5)
    config = GameConfig("holdem", players=people("Ann", "Bob"), timing=FAST)
    app = HomegameApp(config, rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            handoff = app.screen
            assert isinstance(handoff, HandoffScreen)
            handoff.shown_at = time.monotonic()
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is handoff
            await asyncio.sleep(0.6)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.screen is not handoff

    run(scenario())


@pytest.mark.parametrize("game", ["holdem", "krg"])
def test_handoff_ignores_space_and_action_keys_and_never_shows_cards(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setattr(HandoffScreen, "GUARD_SECONDS", 0.1)
    config = GameConfig(game, players=people("Ann", "Bob"), timing=FAST)
    app = HomegameApp(config, rng=random.Random(3))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, HandoffScreen)
            handoff = app.screen
            table = the_table(app)
            session = table.game
            hidden = [c for seat in (0, 1) for c in known(session.hole_cards(seat))]
            for _ in range(3):
                for key in ("space", "f", "c", "r", "a", "1", "o"):
                    await pilot.press(key)
                await asyncio.sleep(0.15)
                await pilot.pause()
                assert app.screen is handoff
                assert f"Pass to {handoff.player}" in visible_text(app)
                text = everything_text(app)
                assert not any(shows_card(text, c) for c in hidden)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.screen is not handoff

    run(scenario())


def test_amount_box_refuses_what_is_not_a_whole_number_and_takes_thousands_commas() -> None:
    config = GameConfig(
        "holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")), timing=FAST
    )
    app = HomegameApp(config, rng=random.Random(2))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen) and table._choice is not None
            before = (chip_game(table).stacks, len(table.driver.hand_events))
            bar = table.query_one(ActionBar)
            box = table.query_one("#amount", AmountInput)
            # Only digits and thousands commas go in the box; a misplaced comma is refused.
            for typed, kept in (("50.5", "505"), ("40xyz", "40"), ("1,0", "1,0")):
                await pilot.press("r")
                assert bar.amount_open
                for _ in range(8):
                    await pilot.press("backspace")
                await pilot.press(*typed)
                assert box.value == kept
                if kept == typed:
                    await pilot.press("enter")
                    await pilot.pause()
                    assert f"'{typed}' is not a whole number of chips" in visible_text(app)
                assert (chip_game(table).stacks, len(table.driver.hand_events)) == before
                assert asking(table)
                await pilot.press("escape")
            legal = bar.legal
            assert legal is not None
            await pilot.press("r")
            for _ in range(8):
                await pilot.press("backspace")
            await pilot.press(*f"{legal.min_raise_to:,}", "enter")
            await pilot.pause()
            assert len(table.driver.hand_events) > before[1]

    run(scenario())
    assert parse_amount("1,000") == 1000 and parse_amount(" 2500 ") == 2500
    assert parse_amount("1,00") is None and parse_amount("-5") is None


def test_space_to_hurry_bots_does_not_skip_the_result_screen() -> None:
    config = GameConfig(
        "holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")), timing=FAST
    )
    app = HomegameApp(config, rng=random.Random(4))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            await drive(app, pilot, stop=lambda app, record: isinstance(app.screen, ShowdownScreen))
            result = app.screen
            assert isinstance(result, ShowdownScreen)
            for _ in range(5):
                await pilot.press("space")
            await pilot.pause()
            assert app.screen is result
            assert "Hand 1: result" in visible_text(app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.screen is not result

    run(scenario())


async def _quit_twice(pilot: Pilot[None], app: App[None], key: str) -> None:
    """Press `key` once (the app asks), then again (the app ends), showing no cards."""
    table = the_table(app)
    session = table.game
    hidden = [c for seat in range(len(table.game.names)) for c in known(session.hole_cards(seat))]
    screen = app.screen
    await pilot.press(key)
    await pilot.pause()
    assert app.is_running and app.screen is screen
    assert f"Press {key} again within" in visible_text(app)
    if isinstance(screen, HandoffScreen):
        assert not any(shows_card(everything_text(app), c) for c in hidden)
    await pilot.press(key)
    await pilot.pause()
    assert not app.is_running


@pytest.mark.parametrize(
    ("game", "where", "key"),
    [
        ("holdem", HandoffScreen, "q"),
        ("holdem", HandoffScreen, "ctrl+c"),
        ("krg", DiscardScreen, "q"),
        ("holdem", ShowdownScreen, "q"),
    ],
)
def test_quit_works_from_every_screen(game: str, where: type, key: str) -> None:
    config = GameConfig(game, players=people("Ann", "Bob"), timing=FAST)
    app = HomegameApp(config, rng=random.Random(6))

    async def scenario() -> None:
        async with app.run_test(notifications=True) as pilot:
            await settle(pilot, app)
            if not isinstance(app.screen, where):
                await drive(app, pilot, stop=lambda app, record: isinstance(app.screen, where))
            assert isinstance(app.screen, where)
            await _quit_twice(pilot, app, key)

    run(scenario())


def test_rules_card_opens_over_the_krg_discard_screen() -> None:
    config = GameConfig("krg", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))
    app = HomegameApp(config, rng=random.Random(6))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            discard = app.screen
            assert isinstance(discard, DiscardScreen)
            await pilot.press("question_mark")
            await pilot.pause()
            assert app.screen is not discard
            assert "KRG: the rules" in visible_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is discard

    run(scenario())


def test_house_rule_12_timeout_logs_one_line_and_coming_back_is_confirmed() -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")),
        timing=TimingSettings(turn_timer=1, bot_pause=0.0),
    )
    clock = HandClock()
    app = HomegameApp(config, rng=random.Random(4), clock=clock)

    async def scenario() -> None:
        async with app.run_test(notifications=True) as pilot:
            table = the_table(app)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 20
            while loop.time() < deadline:
                await settle(pilot, app)
                if isinstance(app.screen, ShowdownScreen):
                    if 0 in table.game.sitting_out:
                        break
                    await pilot.press("enter")
                elif app.screen is table:
                    clock.run_on(table, 1.2)
            for _ in range(100):  # the result screen may not be drawn yet on a busy machine
                if "Ann is sitting out" in visible_text(app):
                    break
                await pilot.pause(0.05)
            result = app.screen
            assert isinstance(result, ShowdownScreen)
            log = table.query_one("#log", HandLog).entries
            timeouts = [i for i, ln in enumerate(log) if ln.startswith("Ann ran out of time and")]
            assert timeouts
            for i in timeouts:
                verb = log[i].rsplit(" ", 1)[1]
                assert i + 1 == len(log) or log[i + 1] != f"Ann {verb}"
            assert "Ann is sitting out" in visible_text(app)
            await pilot.press("b")
            await pilot.pause()
            assert 0 not in table.game.sitting_out
            text = visible_text(app)
            assert "Ann is back" in text
            assert "Ann is sitting out" not in text
            assert app.screen is result
            await pilot.press("enter")
            await settle(pilot, app)
            assert "Ann is back" in table.query_one("#log", HandLog).entries

    run(scenario())


def test_krg_discard_refuses_a_pick_beyond_the_count_and_keeps_the_first_picks() -> None:
    config = GameConfig("krg", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))
    app = HomegameApp(config, rng=random.Random(6))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, DiscardScreen)
            discard = app.screen
            assert discard.count == 2
            await pilot.press("1", "2", "3")
            await pilot.pause()
            assert "You have chosen 2 cards: unpick one first." in visible_text(app)
            assert sorted(discard.picked) == [1, 2]
            text = visible_text(app)
            assert text.count("✗ out") == 2
            await pilot.press("enter")
            await settle(pilot, app)
            # Taken: the prompt (kept by the app) asks the next discard afresh, or is gone.
            assert app.screen is not discard or discard.count == 1
            assert discard.picked == [] and "✗ out" not in visible_text(app)

    run(scenario())


def test_pass_screen_after_a_new_street_says_what_was_dealt() -> None:
    config = GameConfig("holdem", players=people("Ann", "Bob", "Cy"), timing=FAST)
    app = HomegameApp(config, rng=random.Random(2))

    def on_flop_handoff(app: App[None], record: Record) -> bool:
        table = the_table(app)
        return isinstance(app.screen, HandoffScreen) and len(table.game.view_for(None).board) == 3

    async def scenario() -> str:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            await drive(app, pilot, stop=on_flop_handoff)
            return visible_text(app)

    text = run(scenario())
    assert "The flop is out. Your turn to act." in text


def test_when_the_stack_is_the_minimum_raise_only_all_in_is_offered() -> None:
    config = GameConfig(
        "holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")), timing=FAST
    )
    app = HomegameApp(config, rng=random.Random(2))
    legal = LegalActions(
        seat=0,
        can_fold=True,
        call_amount=20,
        min_raise_to=40,
        max_raise_to=40,
        can_all_in=True,
        all_in_to=40,
        to_call=20,
        current_bet=20,
    )

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen)
            bar = table.query_one(ActionBar)
            bar.offer(legal, 60)
            await pilot.pause()
            text = visible_text(app)
            assert "[a] All-in 40" in text and "[c] Call 20" in text
            assert "Raise to" not in text and "[r]" not in text
            await pilot.press("r")
            await pilot.pause()
            assert not bar.amount_open
            assert "That action is not open now." in visible_text(app)

    run(scenario())


def test_house_rule_17_side_bet_pool_on_the_scoreboard_and_its_result_shown() -> None:
    config = GameConfig(
        "krg",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")),
        series=SeriesSettings(wins=3, side_bets=True),
        timing=FAST,
    )
    app = HomegameApp(config, rng=random.Random(6))

    async def scenario() -> Record:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, DiscardScreen)
            series = the_table(app).game.scoreboard().series
            assert series is not None
            side = money(series.side_pool)
            assert f"First to 3: Ann 0 · Bot 0 · pool 10.00 · side bet {side}" in visible_text(app)
            assert f"side bet on four of a kind: {side}" in everything_text(app)
            return await drive(app, pilot)

    record = run(scenario())
    last = record.showdowns[-1]
    assert "won the side bet on" in last or "each side bet of" in last


def test_krg_discard_pass_screen_says_what_was_dealt() -> None:
    config = GameConfig("krg", players=people("Ann", "Bob"), timing=FAST)
    app = HomegameApp(config, rng=random.Random(2))

    def on_flop_handoff(app: App[None], record: Record) -> bool:
        table = the_table(app)
        return isinstance(app.screen, HandoffScreen) and len(table.game.view_for(None).board) == 3

    async def scenario() -> str:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            await drive(app, pilot, stop=on_flop_handoff)
            return visible_text(app)

    assert "The flop is out. Time to discard 1." in run(scenario())
