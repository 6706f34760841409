"""The engine: pure state machines for one deal (`Hand`) and, above it, whole games.

Public API of one deal (stable; the table, session, simulator and TUI build on it)::

    hand = Hand(variant, stacks, button, small_blind, big_blind, ante=0, bb_ante=False,
                rng=None, hole_cards=None, board=None, burn_cards=True,
                small_blind_seat=AUTO, big_blind_seat=AUTO, muck_losers=True,
                names=None, dead_antes=True, cards=Dealt(random.Random(seed)),
                status=None, hand_id=1)
    while not hand.is_over:
        if hand.to_act is None:          # host mode: pots waiting for `award`
            hand.award(hand.pending_awards()[0], [winner_seat])
            continue
        legal = hand.legal_actions()     # LegalActions for hand.to_act
        hand.is_legal(Call())            # True/False; hand.verify(action) raises the reason
        events = hand.act(Call())        # IllegalAction (a ValueError) changes nothing
    hand.result                          # HandResult(stacks, net, winners, pots)

- Seats are the table's seats 0..n-1 in clockwise order, every one of them in every hand:
  `status` gives each `SeatStatus.IN`, `SITTING_OUT` (blinds posted, checks or folds in turn,
  HOUSE_RULES 21; `sit_out`/`sit_in` change it mid-hand) or `OUT` (not dealt in: no cards,
  no action, no pot); `hand.status(seat)` adds `FOLDED` and `ALL_IN`. Events, views and legal
  actions all use table seats. `button` may be a dead seat: the live player to its right acts
  last after the flop. Blind seats default to the two left of the button (heads-up:
  the button posts the small blind); `small_blind_seat=None` means no small blind this hand.
  `ante` is one amount for all or one per seat; `bb_ante=True` makes only the big blind post it;
  per-player antes count in the side-pot layers (an all-in player wins from each opponent only
  what it put in) but not toward the bet to call; an ante one seat posts for the table
  (`bb_ante=True`) is dead money in the main pot.
- The game is the variant's data: its `structure` (no-limit, pot-limit, none) is the betting,
  its `hand_type` and boards the scoring (`homegame.ranking`); with several boards each wins
  an equal share of every pot, the odd chip of that split to board 1 and each share split
  among its winners by HOUSE_RULES 4 (`PotAwarded.board` names the board).
- Run it twice (HOUSE_RULES 27, `run_twice=True`): an all-in run-out before the river puts
  `phase` at `Phase.RUN_TWICE` and asks each live seat in turn from the button's left
  (`legal.can_run_twice`, answered `RunTwice(agree)`); all yes deals the rest of the board
  again after the first run (`second_board`, `second_slots`, `SecondRunDealt`; `run_board(2)`
  is run 2's whole board) and each pot goes in two halves, the odd chip in run 1's, each by
  its run (`PotAwarded.run`); a no keeps one run. Host mode: `reveal_board(slot, card, 2)`.
- Showdown (HOUSE_RULES 8): in showdown order, a hand that cannot win or tie any pot it is in
  against the hands already shown is mucked (`muck_losers=False`: everyone shows). When betting
  ends with a live player all-in (a run-out, or a called river all-in: `hand.face_up`,
  HOUSE_RULES 7) and in KRG, every live hand is shown and nobody may muck.
- Actions: `Fold()`, `Check()`, `Call()`, `BetRaise(to)` (the round total), `AllIn()`,
  `Discard(cards)` (KRG; host mode `Discard(count=k)`), `Show(cards=None)`, `Muck()` (host
  mode showdown), `RunTwice(agree)` (HOUSE_RULES 27). `LegalActions` has can_fold,
  can_check, call_amount, min_raise_to, max_raise_to (None when no full bet/raise is
  allowed), can_all_in, all_in_to, discard_count, can_show, can_muck, can_run_twice.
- State: `seats` (dealt in), `out`, `to_act`, `phase` (`Phase`), `street`, `stacks`, `bets`,
  `folded`, `all_in`, `pots`
  (main then side `Pot(amount, eligible, winners, shares)`), `pot_total`, `board`
  ({slot: Card}), `dealt_slots`, `shown`, `mucked`, `winners` (KRG: the deal's winners),
  `events` (every `Event` so far), `is_over`, `result`, and once over `contributions` (what
  each seat put in, antes included) and `antes_paid`.
- Cards come from a card source (`homegame.engine.card_sources`: `Dealt(rng)`, `Entered()`,
  `Replayed(deals, rng)`); `rng=` is short for `cards=Dealt(rng)`.
- Host mode (`cards=Entered()`): nothing is dealt; `reveal_board(slot, card)` enters a board
  card, `Show(cards)` (or `show(seat, cards)`, also in an all-in run-out) a shown hand;
  pots the cards cannot settle wait in `pending_awards()` for `award(pot_index, winners)`.
  A mucked hand concedes every pot; the last hand left in a pot may not muck.
  A KRG deal whose cards were not all entered ends with `winners == ()` (the session
  records who won).
- Views: `view_for(hand, seat)` / `public_view(hand)` (also `hand.view_for(seat)`) give frozen
  `HandView`s holding only what that seat / everyone may see, with `hand_id` and `history`
  (every event so far as that viewer may see it; `hand.history(seat)`).
- Events (`homegame.engine.events`): `Event` base with `describe(names)`, `public()`,
  `visible_to(seat)`; subclass it for session events.
"""

from homegame.engine.actions import (
    Action,
    ActionKind,
    AllIn,
    BetRaise,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
    Muck,
    RunTwice,
    Show,
)
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.hand import AUTO, Hand, HandResult, Phase, public_view, view_for
from homegame.engine.pots import Pot
from homegame.engine.views import HandView, SeatView

__all__ = [
    "AUTO",
    "Action",
    "ActionKind",
    "AllIn",
    "BetRaise",
    "Call",
    "Check",
    "Discard",
    "Event",
    "Fold",
    "Hand",
    "HandResult",
    "HandView",
    "IllegalAction",
    "LegalActions",
    "Muck",
    "Phase",
    "Pot",
    "RunTwice",
    "SeatView",
    "Show",
    "public_view",
    "view_for",
]
