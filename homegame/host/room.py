"""What the room's screen shows of a live game: the clock, the blinds, the field, the board.

`room_view(console, now)` turns the host console's state into a `RoomView` value that the big
view (the host's one-key switch, `homegame display`) draws. The only cards it holds are the
board's, as the host entered them (face up on the table); never a hole card, even one shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.host.clock import mm_ss
from homegame.host.console import HostConsole


@dataclass(frozen=True)
class RoomView:
    """The big view's content: plain values, each line ready to draw."""

    title: str
    clock: str  # '12:34', or '' without a minutes clock
    clock_state: str  # 'running', 'paused', 'not started', 'break' or ''
    headline: str  # 'Level 3 · blinds 75/150' or 'BREAK · colour up the T25s'
    next_line: str  # 'Next: 100/200' or '7 hands to the next level'
    break_line: str  # 'Break in 32:00' or ''
    field_line: str  # '5 of 6 players left · average 12,000'
    leader_line: str  # 'Chip leader: Ann 21,500'
    scores: tuple[tuple[str, int], ...] = ()  # KRG: name and wins, in seat order
    #: KRG: the pool, the cube and the side pool; a freezeout for money: the prize pool and
    #: the payouts (two lines); a cash game: the money on the table.
    money_line: str = ""
    #: The board as entered: 'Board: A♥ K♦ 7♣', 'Board 1: ...   Board 2: ...' ('' before one).
    board_line: str = ""
    #: For big digits a room reads from across it: the blinds now ('75/150'), the next blinds
    #: ('100/200') and the time to the break ('32:00'); '' where the game has none.
    blinds: str = ""
    next_blinds: str = ""
    break_in: str = ""
    #: Said over the clock when the host's window is gone ('' while it runs).
    notice: str = ""


def board_line(console: HostConsole) -> str:
    """The board cards the host has entered, part by part (Yukon's sets, Double Board's two
    boards); a card dealt but not typed yet shows as '··'."""
    view = console.view()
    if view is None or not console.session.in_hand:  # between hands the table is clear
        return ""
    rows = []
    for label, cards in console.board_rows(view):
        name = console.part_title(label)
        rows.append(f"{name}: " + " ".join("··" if c is None else c.symbol for c in cards))
    return "   ".join(rows)


def room_view(console: HostConsole, now: float) -> RoomView:
    """The room's view of `console`'s game at time `now`."""
    variant = console.variant
    board = console.session.scoreboard().series
    if board is not None:  # a KRG series: the score, no chips
        return RoomView(
            title=f"{variant.name} · deal {console.hand_number} · first to {board.target}",
            clock="",
            clock_state="",
            headline=f"Deal {console.hand_number}" if console.hand_number else "Ready to deal",
            next_line="",
            break_line="",
            field_line=f"{sum(1 for r in board.rows if r.in_series)} players in the series",
            leader_line="",
            scores=tuple((r.name, r.wins) for r in board.rows if r.in_series),
            money_line=console.krg_line(),
        )
    if console.cash is not None:
        return _cash_view(console)
    fz = console.tournament
    assert fz is not None
    level = fz.level
    headline = f"Level {level.number} · blinds {level.small_blind:,}/{level.big_blind:,}"
    clock = ""
    state = ""
    next_line = ""
    break_line = ""
    if console.clock is not None:
        status = console.clock.status(now)
        clock = mm_ss(status.seconds_left)
        nxt = status.next_level
        next_line = f"Next: {nxt.small_blind:,}/{nxt.big_blind:,}"
        if not status.started:
            state = "not started"
        elif status.paused:
            state = "paused"
        else:
            state = "running"
        if status.on_break is not None:
            state = "break" if state == "running" else state
            note = f" · {status.on_break.note}" if status.on_break.note else ""
            headline = f"BREAK{note}"
        elif status.seconds_to_break is not None:
            break_line = f"Break in {mm_ss(status.seconds_to_break)}"
        if status.started and status.on_break is None:
            # Blinds change from the next hand: say so while the last level's hand runs.
            live = status.level
            if live.number != level.number:
                headline = f"Level {live.number} · blinds {live.small_blind:,}/{live.big_blind:,}"
                headline += " from the next hand"
    else:
        left = fz.scoreboard().hands_to_next_level
        if left is not None:
            nxt = fz.schedule.level(level.number + 1)
            next_line = f"Next: {nxt.small_blind:,}/{nxt.big_blind:,} in {left} hands"
    stacks = fz.stacks
    alive = [s for s in range(len(stacks)) if not console.is_out(s)]
    average, leader_line = _field(console, alive)
    shown = level
    if console.clock is not None and console.clock.started:
        shown = console.clock.status(now).level  # the blinds the next hand is dealt at
    on_break = headline.startswith("BREAK")
    return RoomView(
        title=f"{variant.name} · hand {console.hand_number}",
        clock=clock,
        clock_state=state,
        headline=headline,
        next_line=next_line,
        break_line=break_line,
        field_line=f"{len(alive)} of {len(stacks)} players left · average {average:,}",
        leader_line=leader_line,
        money_line="\n".join(console.money_lines()),
        board_line=board_line(console),
        blinds="" if on_break else f"{shown.small_blind:,}/{shown.big_blind:,}",
        next_blinds=next_line.removeprefix("Next: ").split(" in ")[0],
        break_in=break_line.removeprefix("Break in "),
    )


def _field(console: HostConsole, seats: list[int]) -> tuple[int, str]:
    """The average stack of `seats` and the chip leader line."""
    table = console.tournament or console.cash
    assert table is not None
    # Mid-hand the chips bet are still the bettor's until the pot is won; a player who folded
    # has only what is behind.
    view = console.view() if console.session.in_hand else None
    folded = {sv.seat for sv in view.seats if sv.folded} if view is not None else set()
    stacks = [
        now if seat in folded else dealt
        for seat, (now, dealt) in enumerate(zip(table.stacks, table.stacks_at_deal, strict=True))
    ]
    average = table.chips_in_play() // max(1, len(seats))
    if not seats:
        return average, ""
    top = max(stacks[s] for s in seats)
    leaders = [console.names[s] for s in seats if stacks[s] == top]
    if len(leaders) == 1:
        return average, f"Chip leader: {leaders[0]} {top:,}"
    return average, f"Chip lead shared at {top:,} by {len(leaders)} players"


def _cash_view(console: HostConsole) -> RoomView:
    """The cash game (HOUSE_RULES 22): fixed blinds, the buy-in limit, who is seated, the money."""
    from homegame.money.amounts import money_text

    cash = console.cash
    assert cash is not None
    level = cash.level
    currency = console.config.currency
    seated = [s for s in range(len(console.names)) if cash.seated(s)]
    average, leader = _field(console, seated)
    most = cash.cash.max_buy_in
    worth = money_text(cash.cash.cents(most), currency)
    return RoomView(
        title=f"{console.variant.name} cash game · hand {console.hand_number}",
        clock="",
        clock_state="",
        headline="The cash game is over"
        if cash.is_over
        else f"Blinds {level.small_blind:,}/{level.big_blind:,} (fixed)",
        next_line=f"Buy in or top up to {most:,} chips ({worth})",
        break_line="",
        field_line=f"{len(seated)} seated · average {average:,}",
        leader_line=leader,
        money_line=f"On the table {money_text(cash.money_on_table(), currency)}"
        f" · 1 chip = {money_text(cash.cash.cents_per_chip, currency)}",
        board_line=board_line(console),
        blinds="" if cash.is_over else f"{level.small_blind:,}/{level.big_blind:,}",
    )
