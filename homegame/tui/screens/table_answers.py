"""The driver's requests that the table answers with a screen of their own: the seat draw,
"Pass to NAME", a discard, show or muck, the result, the cube, a top-up, a straddle, run it
twice, the way on after a solo player is out, and the end of the game; and who leaves a cash
game.

Each function pushes its screen over the table and turns what the person chose into the
request's answer; the table's own widgets (the action bar, a bot's pause) answer the rest.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, cast

from homegame.engine.actions import Action, Discard
from homegame.engine.session_events import money
from homegame.engine.views import HandView
from homegame.play.requests import (
    AfterOut,
    AskCubeAnswer,
    AskCubeTurn,
    AskDiscard,
    AskRebuy,
    AskRunTwice,
    AskShowOrMuck,
    AskStraddle,
    AskTopUp,
    DealResult,
    GameOver,
    Handoff,
    OfferAfterOut,
    Request,
    ShowSeatDraw,
)
from homegame.play.results import game_result

if TYPE_CHECKING:
    from homegame.cards import Card
    from homegame.tui.game_app import GameApp as HomegameApp
    from homegame.tui.screens.table import TableScreen

#: The prompt while a solo player who is out skips to the result.
SKIPPING = "Playing the rest out to the result…"


async def answer_on_screen(table: TableScreen, request: Request) -> object:
    """Answer `request` with its own screen over `table` (any request but a person's betting
    action and a bot's turn)."""
    app = cast("HomegameApp", table.app)
    names = table.game.names
    if isinstance(request, ShowSeatDraw):
        from homegame.tui.screens.seat_draw import SeatDrawScreen

        await app.push_screen_wait(SeatDrawScreen(request.draw, names))
        return None
    if isinstance(request, Handoff):
        from homegame.tui.screens.handoff import HandoffScreen

        table.render_table()
        table.handoffs += 1
        await app.push_screen_wait(HandoffScreen(names[request.seat], request.why))
        return None
    if isinstance(request, AskDiscard):
        return await _discard(table, request)
    if isinstance(request, AskShowOrMuck):
        return await _show_or_muck(table, request.seat)
    if isinstance(request, DealResult):
        return await _deal_result(table, request)
    if isinstance(request, AskCubeTurn):
        from homegame.tui.screens.cube import CubeTurnScreen

        choices = [(s, names[s]) for s in request.seats]
        return await app.push_screen_wait(CubeTurnScreen(choices, request.cube))
    if isinstance(request, AskCubeAnswer):
        from homegame.tui.screens.cube import CubeAnswerScreen

        stake = money(request.stake, table.config.currency)
        asked = CubeAnswerScreen(names[request.seat], names[request.owner], request.cube, stake)
        return await app.push_screen_wait(asked)
    if isinstance(request, AskTopUp):
        from homegame.tui.screens.settlement import TopUpScreen

        top_up = TopUpScreen(
            names[request.seat], request.chips, request.cents, table.config.currency
        )
        return await app.push_screen_wait(top_up)
    if isinstance(request, AskStraddle):
        from homegame.tui.screens.settlement import StraddleScreen

        table.render_table()
        return await app.push_screen_wait(StraddleScreen(names[request.seat], request.chips, 0))
    if isinstance(request, AskRunTwice):
        from homegame.tui.screens.settlement import RunTwiceScreen

        table.render_table()
        twice = RunTwiceScreen(names[request.seat], [names[s] for s in request.seats])
        return await app.push_screen_wait(twice)
    if isinstance(request, AskRebuy):
        from homegame.tui.screens.settlement import RebuyScreen

        rebuy = RebuyScreen(
            names[request.seat], request.chips, request.cents, table.config.currency
        )
        return await app.push_screen_wait(rebuy)
    if isinstance(request, OfferAfterOut):
        return await _after_out(table, request)
    if isinstance(request, GameOver):
        await _game_over(table)
        return None
    raise TypeError(f"no screen answers {type(request).__name__}")


def own_cards(view: HandView, seat: int) -> list[Card]:
    """The cards `view` shows `seat` of its own."""
    mine = next(s for s in view.seats if s.seat == seat)
    return [c for c in mine.cards or () if c is not None]


async def _discard(table: TableScreen, request: AskDiscard) -> Discard:
    from homegame.tui.screens.discard import DiscardAsk

    app = cast("HomegameApp", table.app)
    seat = request.seat
    table.render_table()
    view = table.game.view_for(seat)
    ask = DiscardAsk(
        table.game.names[seat],
        own_cards(view, seat),
        request.count,
        table.variant,
        dict(view.board),
        table.series_line(),
    )
    picked = await app.push_screen_wait(app.discard_screen(ask))
    return Discard(cards=tuple(picked))


async def _show_or_muck(table: TableScreen, seat: int) -> Action:
    """HOUSE_RULES 8: the engine asks a losing hand to show or muck; the person decides
    after the pass-to screen (their own cards are on it)."""
    from homegame.tui.screens.show_muck import ShowOrMuckScreen

    table.render_table()
    view = table.game.view_for(seat)
    shown = [f"{s.name} shows {s.made_hand}" for s in view.seats if s.shown and s.made_hand]
    screen = ShowOrMuckScreen(
        table.variant,
        table.game.names[seat],
        own_cards(view, seat),
        dict(view.board),
        " · ".join(shown),
    )
    return await table.app.push_screen_wait(screen)


async def _deal_result(table: TableScreen, request: DealResult) -> bool:
    """The result screen after a deal a person played in; else the bots' pause. True: a cash
    game ends now."""
    table.between_deals()
    if not request.people_in:
        # Nobody at the keyboard is still playing: the bots play on, visibly.
        table.set_prompt(
            SKIPPING
            if table.skipping
            else "Everyone at the keyboard is out: the bots play on (space hurries)"
        )
        await table.bot_pause()
        return False
    from homegame.tui.screens.showdown import ShowdownScreen

    game = table.game
    results = list(request.lines)
    hint = table.sitting_out_hint()
    if hint:
        results.append(hint.removeprefix(" · "))
    word = table.deal_word
    label = "See the winner" if game.is_over else f"Next {word}"
    if table.journal is not None:
        label += f" · h: the {word}'s every action"
    title = f"{word.capitalize()} {request.number}: result"
    if game.scoreboard().series is not None and not game.is_over:
        results.append(table.series_line())
    driver = table.driver
    screen = ShowdownScreen(
        table.variant,
        game.view_for(None),
        results,
        title,
        next_label=label,
        can_end=request.can_end,
        rabbit=driver.rabbit_hunt if driver.rabbit_hunt() is not None else None,
    )
    ended: bool = await table.app.push_screen_wait(screen)
    return ended


async def _after_out(table: TableScreen, request: OfferAfterOut) -> AfterOut:
    """Solo: the person is out with bots still playing: watch them, skip to the result or
    start again (asked once)."""
    from homegame.tui.screens.out import OutScreen

    app = cast("HomegameApp", table.app)
    place = "" if request.place is None else f" in place {request.place}"
    name = table.game.names[request.seat]
    choice = await app.push_screen_wait(OutScreen(name, place, request.left))
    if choice is AfterOut.SKIP:
        table.skipping = True
        table.set_prompt(SKIPPING)
    if choice is AfterOut.AGAIN:
        app.call_later(app.play_again, table.config)
    return choice


async def _game_over(table: TableScreen) -> None:
    """The money first (places, prizes, who pays whom; a cash game's takes), then the
    certificate with the night's chart, then back to the start screen."""
    from homegame.tui.screens.certificate import Certificate, CertificateScreen
    from homegame.tui.screens.settlement import SettlementScreen

    app = cast("HomegameApp", table.app)
    table.game_over = True
    table.skipping = False
    table.render_table()
    result = game_result(table.game, table.config)
    if result.money is not None:
        paid = result.money
        extra = list(paid.heading) if result.winner else table.news.carried
        await app.push_screen_wait(SettlementScreen(paid.title, paid.ledger, extra, paid.currency))
    if not result.winner:  # a cash game has no certificate
        app.call_later(app.back_to_start, table.config)
        return
    practice = table.practice.capitalize()
    cert = Certificate.of(result, date.today().isoformat(), practice)
    table.certificate = cert
    chart = None
    if table.journal is not None:  # the night at a glance under the certificate
        from homegame.store.history import chart_series, load_history

        chart = chart_series(load_history(table.journal.journal, table.journal.game_id))
    await app.push_screen_wait(CertificateScreen(cert, table.certificate_folder, chart))
    app.call_later(app.back_to_start, table.config)


def ask_who_leaves(table: TableScreen) -> None:
    """A cash game: which person gets up with their chips once this hand is over."""
    from homegame.tui.screens.settlement import LeaveScreen

    cash = table.cash
    seats = table.driver.may_leave()
    if cash is None or not seats:
        return
    names = cash.names
    choices = [(s, names[s], cash.stacks[s], cash.cash.cents(cash.stacks[s])) for s in seats]

    def chosen(seat: int | None) -> None:
        if seat is not None:
            for event in table.driver.leave(seat):
                table.write_log(event.describe_in(table.config.currency, names))
            table.refresh_bindings()

    table.app.push_screen(LeaveScreen(choices, table.config.currency), chosen)
