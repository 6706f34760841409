"""The PHH reader against files that pokerkit writes or that cannot be true: pokerkit's
zero-chip check by a player with no decision (issue 27 bug 11) is a no-op; shown cards a
player was not dealt, or a street with the wrong number of cards (issue 33 item 9), are
refused in one line naming the hand, and `homegame replay` exits 2."""

from __future__ import annotations

from pathlib import Path

from pokerkit import Automation, HandHistory, NoLimitTexasHoldem
from typer.testing import CliRunner

from homegame.cli import app
from homegame.phh import replay_text

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def _pokerkit_file(stacks: tuple[int, ...], blinds: tuple[int, ...], *moves: str) -> str:
    """A hand played in pokerkit 0.7.7 (`f` fold, `cc` check or call) and written by it."""
    game = NoLimitTexasHoldem(AUTOMATIONS, False, 0, blinds, max(blinds))
    state = game(stacks, len(stacks))
    for move in moves:
        state.fold() if move == "f" else state.check_or_call()
    assert not state.status
    text = HandHistory.from_game_state(game, state).dumps()
    return text.rstrip("\n") + f"\nfinishing_stacks = {list(state.stacks)}\n"


def test_issue_27_bug_11_pokerkit_s_check_by_a_player_with_no_decision_is_a_no_op() -> None:
    # HOUSE_RULES 2: the big blind is all-in for 8, no more than the small blind of 10, and the
    # button folds: nobody has a decision, yet pokerkit records p1's check.
    text = _pokerkit_file((100, 8, 300), (10, 20, 0), "f", "cc")
    assert "'p3 f', 'p1 cc'" in text
    [result] = replay_text(text, "short-big-blind.phh")
    assert result.error is None and result.match, result


def test_a_call_by_a_player_with_no_decision_is_still_refused() -> None:
    text = _pokerkit_file((100, 8, 300), (10, 20, 0), "f", "cc").replace("'p1 cc'", "'p2 cc'")
    [result] = replay_text(text, "short-big-blind.phh")
    assert result.error is not None and "'p2 cc'" in result.error


HAND = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = [{actions}]
finishing_stacks = [1000, 1000, 1000]
"""
DEAL = "'d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 2c7h', 'p3 f', 'p1 cc', 'p2 cc'"


def _replay_cli(tmp_path: Path, actions: str) -> tuple[int, str]:
    path = tmp_path / "bad.phh"
    path.write_text(HAND.format(actions=actions), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    return result.exit_code, result.stderr


def test_issue_33_item_9_shown_cards_a_player_was_not_dealt_are_refused(tmp_path: Path) -> None:
    actions = f"{DEAL}, 'd db 3h4h5c', 'p1 cc', 'p2 cc', 'd db 9d', 'p1 cc', 'p2 cc', " + (
        "'d db Jc', 'p1 cc', 'p2 cc', 'p1 sm QhQd', 'p2 sm KsKd'"
    )
    code, err = _replay_cli(tmp_path, actions)
    assert code == 2
    assert err.strip() == (
        "homegame: error: hand bad.phh: action 'p1 sm QhQd': p1 was dealt AsAd, not QhQd"
    )


def test_issue_33_item_9_a_turn_of_four_cards_is_refused(tmp_path: Path) -> None:
    actions = f"{DEAL}, 'd db 3h4h5c', 'p1 cc', 'p2 cc', 'd db 9d9h9s9c'"
    code, err = _replay_cli(tmp_path, actions)
    assert code == 2
    assert err.strip() == (
        "homegame: error: hand bad.phh: action 'd db 9d9h9s9c': the turn is 1 card, not 4"
    )
