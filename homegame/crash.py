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

#: A card as the app writes one ('As', 'Td', '10d', 'A♠'), not inside a longer word.
CARD_PATTERN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs♣♦♥♠](?![A-Za-z0-9])")
HIDDEN = "??"


def redact_cards(text: str) -> str:
    """`text` with everything that looks like a card replaced by '??'."""
    return CARD_PATTERN.sub(HIDDEN, text)


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
