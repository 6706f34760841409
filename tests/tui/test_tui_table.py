"""What a new player tripped over at the table (issue 12): the footer, the raise box, the shove,
small terminals, the result screen and the certificate, played headless through Pilot."""

from __future__ import annotations

import gc
import random
import re
from pathlib import Path
from typing import Any

import pytest
from every_game import CHIP_GAMES
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from tui_driver import Decide, Record, asking, known, run, settle, visible_text

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.engine.actions import LegalActions
from homegame.play.bet_choices import preset_amounts
from homegame.tui.app import HomegameApp
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar, AmountInput

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def solo(seed: int = 2, bots: int = 1, **kw: Any) -> HomegameApp:
    bot_seats = [PlayerSetting(f"Bot {i}", "easy") for i in range(1, bots + 1)]
    players = (PlayerSetting("Ann"), *bot_seats)
    return HomegameApp(
        GameConfig("holdem", players=players, timing=FAST, **kw), rng=random.Random(seed)
    )


def footer_text(app: App[None]) -> str:
    """The footer line as shown."""
    return visible_text(app).rstrip("\n").splitlines()[-1]


def facing_a_bet() -> LegalActions:
    return LegalActions(
        seat=0,
        can_fold=True,
        call_amount=20,
        min_raise_to=40,
        max_raise_to=1500,
        can_all_in=True,
        all_in_to=1500,
        to_call=20,
        current_bet=20,
    )


def nothing_to_call() -> LegalActions:
    return LegalActions(
        seat=0,
        can_check=True,
        min_raise_to=20,
        max_raise_to=1500,
        can_all_in=True,
        all_in_to=1500,
        current_bet=0,
    )


async def offered(pilot: Pilot[None], table: TableScreen, legal: LegalActions | None) -> ActionBar:
    bar = table.query_one(ActionBar)
    bar.offer(legal, 60)
    await pilot.pause()
    await pilot.pause()
    return bar


def test_footer_shows_only_the_keys_that_work_now() -> None:
    """Check/Bet with nothing to call, Fold/Call/Raise facing a bet, no action key for a bot."""
    app = solo()

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen) and table._choice is not None
            await offered(pilot, table, nothing_to_call())
            line = footer_text(app)
            assert "c Check" in line and "r Bet" in line and "a All-in" in line
            assert "Fold" not in line and "Call" not in line and "Raise" not in line
            await offered(pilot, table, facing_a_bet())
            line = footer_text(app)
            assert "f Fold" in line and "c Call" in line and "r Raise" in line
            assert "Check" not in line and "Bet" not in line
            await offered(pilot, table, None)
            line = footer_text(app)
            for word in ("Fold", "Call", "Check", "Raise", "Bet", "All-in"):
                assert word not in line

    run(scenario())


def test_footer_names_no_action_key_while_a_bot_acts_only_hurry() -> None:
    app = HomegameApp(
        GameConfig(
            "holdem",
            players=(PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy")),
            timing=TimingSettings(turn_timer=0, bot_pause=5.0),
        ),
        rng=random.Random(5),
    )

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(200):
                await pilot.pause()
                table = app.screen
                if isinstance(table, TableScreen) and table.bot_thinking:
                    break
                if isinstance(table, TableScreen) and table._choice is not None:
                    await pilot.press("c")
            else:
                raise AssertionError("no bot thought")
            await pilot.pause()
            line = footer_text(app)
            assert "space Hurry" in line
            for word in ("Fold", "Call", "Check", "Raise", "Bet", "All-in"):
                assert word not in line

    run(scenario())


def test_a_goes_all_in_only_with_a_second_deliberate_key() -> None:
    app = solo()

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen)
            before = len(table.driver.hand_events)
            await pilot.press("a")
            await pilot.pause()
            assert asking(table) and len(table.driver.hand_events) == before
            assert "Press a again to confirm" in visible_text(app)
            assert "a Confirm all-in" in footer_text(app)
            legal = table.query_one(ActionBar).legal
            assert legal is not None
            shove = legal.all_in_to
            # The relabelled button is as wide as its new label, not cut at the old one's width.
            assert f"[a] Confirm all-in {shove:,}" in visible_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert "Press a again" not in visible_text(app)
            assert f"[a] All-in {shove:,} " in visible_text(app)
            await pilot.press("a")
            await pilot.pause()
            assert asking(table)
            await pilot.press("a")
            await pilot.pause()
            shoves = [e for e in table.driver.hand_events[before:] if "ALL_IN" in repr(e)]
            assert shoves, "the second a goes all-in"

    run(scenario())


def test_raise_box_letters_are_not_shortcuts_mid_number_and_presets_replace_the_amount() -> None:
    """`abc` typed mid-number does nothing; p replaces the whole amount, cursor at the end."""
    app = solo()

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen)
            bar = await offered(pilot, table, facing_a_bet())
            box = table.query_one("#amount", AmountInput)
            await pilot.press("r")
            assert bar.amount_open and box.value == "40"
            await pilot.press("backspace", "backspace", "1", "2", "5", "a", "b", "c")
            assert box.value == "125", "letters mid-number are neither typed nor presets"
            assert bar.legal is not None
            pot = str(preset_amounts(bar.legal, bar.pot)["pot"])
            await pilot.press(*["backspace"] * 3, "p")
            assert box.value == pot and box.cursor_position == len(pot)
            await pilot.press("5")
            assert box.value == pot + "5"
            await pilot.press(*["backspace"] * 8, "x", ".", "-", "1", ",", "0", "0", "0")
            assert box.value == "1,000"

    run(scenario())


def test_raise_box_all_in_amount_needs_enter_twice() -> None:
    app = solo()

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen)
            legal = table.query_one(ActionBar).legal
            assert legal is not None
            before = len(table.driver.hand_events)
            await pilot.press("r")
            await pilot.press(*["backspace"] * 3, "a")
            assert table.query_one("#amount", AmountInput).value == str(legal.max_raise_to)
            await pilot.press("enter")
            await pilot.pause()
            assert "is all-in: Enter again to confirm" in visible_text(app)
            assert len(table.driver.hand_events) == before and asking(table)
            await pilot.press("enter")
            await pilot.pause()
            assert len(table.driver.hand_events) > before

    run(scenario())


def test_footer_redraws_all_night_without_keeping_old_keys() -> None:
    """Issue 14: refreshing the bindings on every action must not keep each drawn key."""
    app = solo()

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen)
            await offered(pilot, table, nothing_to_call())
            gc.collect()
            before = sum(1 for obj in gc.get_objects() if isinstance(obj, Widget))
            for n in range(60):
                await offered(pilot, table, facing_a_bet() if n % 2 else nothing_to_call())
            gc.collect()
            alive = sum(1 for obj in gc.get_objects() if isinstance(obj, Widget)) - before
            assert alive < 10, f"{alive} more widgets alive after 60 redraws"

    run(scenario())


def test_result_screen_says_an_uncalled_bet_went_back() -> None:
    """Ann raises to 40, Bob folds: the result names whose uncalled chips came back."""
    from tui_driver import drive

    config = GameConfig("holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bob")), timing=FAST)
    app = HomegameApp(config, rng=random.Random(3))

    def decide(table: TableScreen) -> str:
        legal = table.query_one(ActionBar).legal
        return "r" if legal is not None and legal.current_bet <= 20 else "f"

    async def scenario() -> Record:
        async with app.run_test() as pilot:
            return await drive(app, pilot, decide=decide, stop=lambda a, r: bool(r.showdowns))

    result = run(scenario()).showdowns[0]
    assert "Uncalled bet:" in result and "'s 20 returned" in result, result


def _own_cards_and_actions_visible(app: App[None], table: TableScreen) -> None:
    from tui_driver import shows_card

    text = visible_text(app)
    lines = text.splitlines()
    ann = next(line for line in lines if line.lstrip("▶ ").startswith("Ann"))
    assert all(shows_card(ann, c) for c in known(table.game.hole_cards(0))), text
    legal = table.query_one(ActionBar).legal
    assert legal is not None
    assert f"[c] Call {legal.call_amount:,}" in text or "[c] Check" in text, text
    if legal.can_all_in:
        assert f"[a] All-in {legal.all_in_to:,}" in text, text
    if legal.min_raise_to is not None:
        assert f"{legal.max_raise_to:,}" in text


def test_below_80_columns_own_cards_and_actions_stay_visible_down_to_60x20() -> None:
    for game in CHIP_GAMES:
        for size in ((79, 24), (60, 20)):
            bot_seats = [PlayerSetting(f"Bot {i}", "easy") for i in range(1, 4)]
            players = (PlayerSetting("Ann"), *bot_seats)
            app = HomegameApp(GameConfig(game, players=players, timing=FAST), rng=random.Random(3))

            async def scenario(app: HomegameApp = app, size: tuple[int, int] = size) -> None:
                async with app.run_test(size=size) as pilot:
                    await settle(pilot, app)
                    table = app.screen
                    assert isinstance(table, TableScreen) and table._choice is not None
                    await pilot.pause()
                    _own_cards_and_actions_visible(app, table)

            try:
                run(scenario())
            except AssertionError as exc:  # name the size that failed
                pytest.fail(f"{game} at {size}: {exc}")


def test_below_the_smallest_size_a_notice_says_how_big_the_terminal_must_be() -> None:
    for size in ((59, 24), (80, 19)):
        app = solo(bots=2)

        async def scenario(app: HomegameApp = app, size: tuple[int, int] = size) -> None:
            async with app.run_test(size=size) as pilot:
                await settle(pilot, app)
                await pilot.pause()
                text = visible_text(app)
                assert "at least 60 columns by 20 rows" in " ".join(text.split()), text
                assert "[c]" not in text and "Call" not in text

        run(scenario())


def _play_to_the_certificate(
    config: GameConfig, seed: int, decide: Decide | None = None
) -> tuple[Record, str, bool]:
    from tui_driver import drive

    app = HomegameApp(config, rng=random.Random(seed))

    async def scenario() -> tuple[Record, str, bool]:
        async with app.run_test(size=(100, 30)) as pilot:
            record = await drive(app, pilot, decide=decide)
            await pilot.pause()
            return record, type(app.screen).__name__, app.is_running

    return run(scenario())


def test_certificate_lists_the_finishing_order_and_enter_goes_back_to_the_start_screen() -> None:
    from homegame.config import FreezeoutSettings

    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "easy"))
    config = GameConfig(
        "holdem",
        players=players,
        freezeout=FreezeoutSettings(starting_stack=100, hands_per_level=1),
        timing=FAST,
    )

    def decide(table: TableScreen) -> str:
        legal = table.query_one(ActionBar).legal
        return "a" if legal is not None and legal.can_all_in else "c"

    record, screen, running = _play_to_the_certificate(config, 4, decide)
    text = record.certificate
    assert "Finishing order:" in text
    places = re.findall(r"(1st|2nd|3rd)  (Ann|Bot \d)", text)
    assert [p[0] for p in places] == ["1st", "2nd", "3rd"], text
    assert sorted(p[1] for p in places) == ["Ann", "Bot 1", "Bot 2"]
    assert f"Winner: {places[0][1]}" in text
    assert screen == "SetupScreen" and running


def test_krg_certificate_says_deals_played() -> None:
    from homegame.config import SeriesSettings

    config = GameConfig(
        "krg",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy")),
        series=SeriesSettings(wins=3),
        timing=FAST,
    )
    record, screen, _ = _play_to_the_certificate(config, 6)
    assert "Deals played:" in record.certificate and "Hands played" not in record.certificate
    assert "Finishing order:" in record.certificate
    assert screen == "SetupScreen"


def test_certificate_is_saved_into_the_data_directory_and_the_path_shown_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from homegame.tui.screens.certificate import Certificate, CertificateScreen

    monkeypatch.setenv("HOMEGAME_DATA", str(tmp_path / "data"))
    cert = Certificate("Ann", "Texas Hold'em freezeout, 3 players", "2026-11-30", 12)
    app = HomegameApp(GameConfig("holdem"), rng=random.Random(1))

    async def scenario() -> str:
        async with app.run_test(size=(160, 30)) as pilot:
            await pilot.pause()
            app.push_screen(CertificateScreen(cert))
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            return visible_text(app)

    text = run(scenario())
    (saved,) = (tmp_path / "data").iterdir()
    assert saved.suffix == ".txt" and "Winner: Ann" in saved.read_text()
    assert any(str(saved) in line for line in text.splitlines()), text


def _bust_ann(after_out: str) -> tuple[Record, list[bool], int, int, list[str]]:
    """Solo: Ann only checks or folds and blinds out with two bots left, then answers; the
    bots pause 0.3 s a move, recorded instead of waited for."""
    from tui_driver import BotPauses, drive

    from homegame.config import FreezeoutSettings
    from homegame.tui.screens.out import OutScreen

    players = (
        PlayerSetting("Ann"),
        PlayerSetting("Bot 1", "easy"),
        PlayerSetting("Bot 2", "easy"),
        PlayerSetting("Bot 3", "easy"),
    )
    config = GameConfig(
        "holdem",
        players=players,
        freezeout=FreezeoutSettings(starting_stack=60, hands_per_level=2),
        timing=TimingSettings(turn_timer=0, bot_pause=0.3),
    )
    pauses = BotPauses()
    app = HomegameApp(config, rng=random.Random(14), wait=pauses)
    paused_when_out: list[int] = []
    #: What the table said once Ann was out: its prompts and its toasts' titles.
    said: list[str] = []

    def decide(table: TableScreen) -> str:
        legal = table.query_one(ActionBar).legal
        return "c" if legal is not None and legal.can_check else "f"

    def check(app: App[None], record: Record) -> None:
        if isinstance(app.screen, OutScreen):
            paused_when_out.append(len(pauses.seconds))
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            prompt, notify = table.set_prompt, app.notify

            def set_prompt(text: str) -> None:
                said.append(text)
                prompt(text)

            def notifying(*args: Any, **kwargs: Any) -> None:
                said.append(kwargs.get("title", ""))
                notify(*args, **kwargs)

            patch.setattr(table, "set_prompt", set_prompt)
            patch.setattr(app, "notify", notifying)

    def again(app: App[None], record: Record) -> bool:
        screen = app.screen
        fresh = isinstance(screen, TableScreen) and screen.game.deals - screen.game.in_hand == 0
        return record.outs > 0 and fresh

    async def scenario() -> tuple[Record, list[bool]]:
        async with app.run_test(size=(100, 30)) as pilot:
            record = await drive(
                app, pilot, decide=decide, check=check, after_out=after_out, stop=again
            )
            tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
            fresh = [t.game.deals - t.game.in_hand == 0 and not t.game.is_out(0) for t in tables]
            return record, fresh

    with pytest.MonkeyPatch.context() as patch:
        record, fresh = run(scenario())
    assert paused_when_out and paused_when_out[0] > 0, "the bots paused while Ann played"
    assert set(pauses.seconds) == {0.3}
    return record, fresh, paused_when_out[0], len(pauses.seconds), said


def test_solo_out_can_skip_to_the_result_without_sitting_through_the_bots() -> None:
    """Skipping plays the bots' game out with no pauses, straight to the certificate."""
    record, _, paused_before, paused_in_all, said = _bust_ann("s")
    assert record.outs == 1
    assert "Winner: Bot" in record.certificate and "2nd  Bot" in record.certificate
    assert paused_in_all == paused_before, "no bot paused after the skip"
    # Until the result, the prompt says so, and no "Blinds up" toasts pile up over the table.
    assert set(said) - {""} == {"Playing the rest out to the result…"}, said


def test_solo_out_can_start_the_game_again() -> None:
    record, fresh, *_ = _bust_ann("n")
    assert record.outs == 1 and not record.certificate
    assert fresh == [True], "one table, a new game with Ann back in"


def test_house_rule_8_solo_a_person_is_asked_to_show_or_muck_a_losing_hand() -> None:
    """Solo: at a showdown Ann would lose; the game asks her (no pass-to screen) and s shows."""
    from tui_driver import shows_card

    from homegame.tui.screens.handoff import HandoffScreen
    from homegame.tui.screens.show_muck import ShowOrMuckScreen
    from homegame.tui.screens.showdown import ShowdownScreen

    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"))
    for seed in range(40):
        app = HomegameApp(
            GameConfig("holdem", players=players, timing=FAST), rng=random.Random(seed)
        )

        async def scenario(app: HomegameApp = app) -> bool | None:
            async with app.run_test(size=(100, 30)) as pilot:
                for _ in range(400):
                    await pilot.pause()
                    screen = app.screen
                    assert not isinstance(screen, HandoffScreen)
                    if isinstance(screen, ShowOrMuckScreen):
                        cards = screen.cards
                        before = visible_text(app)
                        assert "Ann: your hand would lose" in before
                        await pilot.press("s")
                        await settle(pilot, app)
                        assert isinstance(app.screen, ShowdownScreen)
                        after = visible_text(app)
                        assert all(shows_card(after, c) for c in cards), after
                        assert "Ann mucks" not in after
                        return True
                    if isinstance(screen, ShowdownScreen):
                        await pilot.press("enter")
                    if isinstance(screen, TableScreen) and screen._choice is not None:
                        legal = screen.query_one(ActionBar).legal
                        await pilot.press(
                            "c" if legal and (legal.can_check or legal.can_call) else "f"
                        )
                return None

        if run(scenario()):
            return
    raise AssertionError("no seed asked Ann about a losing hand at a showdown")
