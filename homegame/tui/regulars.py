"""The regulars on the start screen: the names of the people who sat in the most saved games,
offered in the People box as its hint and as a completion of the name being typed."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App
from textual.suggester import Suggester

#: The start screen's hint when nobody has played yet.
NO_REGULARS = "e.g. Ann, Bob (none: Player 1, Player 2)"


def regular_names(app: App[object]) -> list[str]:
    """The regulars of the app's journal, most games first (none without a journal)."""
    from homegame.store.players import regulars

    journal = getattr(app, "journal", None)
    if journal is None:
        return []
    return regulars(journal.conn)


def people_hint(names: Sequence[str]) -> str:
    """The People box's hint: the regulars (→ completes a name), or an example."""
    if not names:
        return NO_REGULARS
    shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
    return f"regulars: {shown} (→ completes)"


class RegularsSuggester(Suggester):
    """Completes the name typed after the last comma with a regular's name not yet listed,
    spelt as the list spells it ("ev" becomes "Evelyn")."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = list(names)

    async def get_suggestion(self, value: str) -> str | None:
        """The box's text with the name being typed completed, or None."""
        head, _, last = value.rpartition(",")
        typed = last.lstrip()
        if not typed:
            return None
        taken = {n.strip().casefold() for n in head.split(",")}
        for name in self.names:
            folded = name.casefold()
            if (
                folded.startswith(typed.casefold())
                and len(name) > len(typed)
                and folded not in taken
            ):
                return value[: len(value) - len(typed)] + name  # taken as the list spells it
        return None
