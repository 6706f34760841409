"""Issue 33 item 4: a crash log blanks every card as the journal writes it: joined ('AhKd',
the deals column's '|8dKd9c9h'), spaced, with suit symbols, '10'; even in the message sqlite
gives for a deals column with one bad byte in it."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from played_games import played

from homegame.crash import redact_cards
from homegame.store.export import export_game, hand_starts
from homegame.store.history import history_text, load_history
from homegame.store.journal import Journal

#: A card in any spelling the app writes, unless a word goes on ('The', 'Ask').
CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs♣♦♥♠](?![a-z])")


def _no_card_in(text: str) -> None:
    found = CARD.findall(text)
    assert not found, (found, text)


def _played(folder: Path, game: str) -> tuple[Journal, int]:
    """A journal with a few deals of `game` played at random."""
    journal = Journal(folder)
    return journal, played(journal, game)


def test_joined_spaced_symbol_and_ten_spellings_are_all_blanked() -> None:
    assert redact_cards("AhKd") == "????"
    assert redact_cards("'|8dKd9c9h'") == "'|????????'"
    assert redact_cards("As Kd 10h Td") == "?? ?? ?? ??"
    assert redact_cards("A♠K♦ 10♥10♣") == "???? ????"
    assert redact_cards("x8dKd") == "x????"
    assert redact_cards("Ask Tdx 9c. Kdc") == "Ask Tdx ??. Kdc"  # words stay words


@pytest.mark.parametrize("game", ["holdem", "omaha", "krg"])
def test_every_text_the_journal_and_its_exports_hold_is_blanked(tmp_path: Path, game: str) -> None:
    journal, game_id = _played(tmp_path, game)
    rows = journal.conn.execute(
        "SELECT deals, events, calls, label FROM inputs WHERE game_id = ?", (game_id,)
    ).fetchall()
    assert any(deals for deals, *_ in rows)
    for row in rows:
        for text in row:
            _no_card_in(redact_cards(text))
    record = journal.game(game_id)
    inputs = journal.inputs(game_id)
    events = [e for r in inputs for e in r.events]
    texts = [history_text(load_history(journal, game_id))]
    formats = ["json", "phh", "pokerstars"] if game == "holdem" else ["json"]
    for fmt in formats:
        texts.append(
            export_game(record, events, fmt, all_cards=record.finished, started=hand_starts(inputs))
        )
    for text in texts:
        _no_card_in(redact_cards(text))
    journal.close()


def test_sqlites_message_for_a_bad_byte_in_the_deals_column_is_blanked(tmp_path: Path) -> None:
    journal, game_id = _played(tmp_path, "holdem")
    seq, deals = journal.conn.execute(
        "SELECT seq, deals FROM inputs WHERE game_id = ? AND deals != '' ORDER BY seq LIMIT 1",
        (game_id,),
    ).fetchone()
    journal.close()
    raw = deals.encode()
    for at in range(len(raw)):
        bad = raw[:at] + b"\xff" + raw[at + 1 :]
        conn = sqlite3.connect(tmp_path / "homegame.sqlite3")
        conn.execute("UPDATE inputs SET deals = CAST(? AS TEXT) WHERE seq = ?", (bad, seq))
        conn.commit()
        with pytest.raises(sqlite3.OperationalError) as caught:
            conn.execute("SELECT deals FROM inputs WHERE seq = ?", (seq,)).fetchall()
        conn.close()
        message = str(caught.value)
        assert "with text '" in message
        _no_card_in(redact_cards(message))
