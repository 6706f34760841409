"""What a crash leaves behind: one short line on screen and a private log without any card.

The table's frames hold every seat's hole cards, so the log has no local variables at all, and
anything in the remaining text that looks like a card is blanked out as well.
"""

from __future__ import annotations

import os
import re
import traceback
from datetime import datetime
from pathlib import Path

from homegame.paths import data_dir, private_file

_RANK = r"(?:10|[2-9TJQKA])"
_SUIT = "[cdhs♣♦♥♠]"
_CARD = _RANK + _SUIT
#: Cards as the app writes them ('As', 'Td', '10d', 'A♠'): a run of two or more joined ('AhKd',
#: the journal's deals column '|8dKd9c9h', a PHH hand) wherever it stands; one card alone when
#: no word goes on either side of it, bar a rank or a suit broken off a neighbour by a bad byte
#: ('8dK', 'd9c'), so 'Ask' and 'Tdx' stay words.
CARD_PATTERN = re.compile(
    rf"(?:{_CARD}){{2,}}|(?<![A-Za-z0-9]){_SUIT}?({_CARD}){_RANK}?(?![A-Za-z0-9])"
)
_ONE_CARD = re.compile(_CARD)
HIDDEN = "??"


def _hidden(match: re.Match[str]) -> str:
    """The matched text with each whole card in it blanked, the broken-off pieces kept."""
    return _ONE_CARD.sub(HIDDEN, match.group(0), count=1 if match.group(1) else 0)


def redact_cards(text: str) -> str:
    """`text` with everything that looks like a card replaced by '??'."""
    return CARD_PATTERN.sub(_hidden, text)


def crash_report(error: BaseException) -> str:
    """The traceback of `error` with no local variables and no cards."""
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    return redact_cards("".join(lines))


def write_crash_log(error: BaseException, folder: Path | None = None) -> Path:
    """Write the crash report to a new owner-only (0600) file in the data directory."""
    folder = data_dir() if folder is None else folder
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{os.getpid()}.log"
    with open(private_file(path), "w", encoding="utf-8") as out:
        out.write(crash_report(error))
    return path


def crash_message(error: BaseException, log: Path | None) -> str:
    """The one line shown on screen: what kind of error, and where its details went."""
    kind = type(error).__name__
    where = f"details are in {log}" if log is not None else "no crash log could be written"
    return f"homegame: stopped by an unexpected error ({kind}); {where}"
