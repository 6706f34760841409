"""A footer that can redraw its keys all night without keeping every key it ever drew.

Textual's Footer redraws its keys each time a screen's bindings change (the table does so on
every action, so the footer names only the keys that work now). Each drawn `FooterKey` is
data-bound to the footer's `compact`, and the footer keeps that watcher, and with it the key,
after the key is removed (Textual issue 6666): about two hundred dead keys a hand. This footer
sets `compact` on each key once instead of binding it; it never changes after start.

It also redraws only when the keys it would draw differ from those on show: refreshing the
bindings after an action that leaves the same keys working costs no remount (a remount of every
key restyles them all, tens of milliseconds on the event loop each time).
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """The Footer, with keys that are freed once they are off the screen."""

    _drawn: Hashable = None

    def _keys(self) -> Hashable:
        """What the footer would draw now: each shown binding, whether it works, its tooltip."""
        return (
            self.compact,
            tuple(
                (b.key, b.action, b.description, b.group, enabled, tooltip)
                for _node, b, enabled, tooltip in self.screen.active_bindings.values()
                if b.show
            ),
        )

    async def recompose(self) -> None:
        """Redraw the keys, unless the same keys are already on show."""
        if self.is_attached and self._bindings_ready:
            keys = self._keys()
            if keys == self._drawn:
                return
            self._drawn = keys
        await super().recompose()

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Undo the data binding the base class asked for before it is connected.
                widget._reactive_connect = None
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact")
            yield widget
