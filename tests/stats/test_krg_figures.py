"""KRG's figures on a crafted deal counted by hand: deals and series won, and discards that
kept the best hand, which reads a player's own discards only when asked (a finished game)."""

from __future__ import annotations

from crafted import krg_deal

from homegame.engine.events import Discarded, HoleDealt
from homegame.stats.counts import Counts
from homegame.stats.tally import GameTally


def test_deals_series_and_kept_best_counted_by_hand() -> None:
    seats = GameTally(own_discards=True).feed_all(krg_deal()).by_seat
    assert seats[0] == Counts(deals=1, discards_judged=1, discards_best=0)
    assert seats[1] == Counts(
        deals=1, deals_won=1, series_won=1, discards_judged=1, discards_best=1
    )


def test_discards_are_not_read_unless_asked_and_never_from_the_public_form() -> None:
    hidden = GameTally().feed_all(krg_deal()).by_seat
    assert hidden[0].discards_judged == hidden[1].discards_judged == 0
    public = [e.public() if isinstance(e, HoleDealt | Discarded) else e for e in krg_deal()]
    asked = GameTally(own_discards=True).feed_all(public).by_seat
    assert asked[1] == Counts(deals=1, deals_won=1, series_won=1)
