"""A footer that can redraw its keys all night without keeping every key it ever drew.

Textual's Footer redraws its keys each time a screen's bindings change (the table does so on
every action, so the footer names only the keys that work now). Each drawn `FooterKey` is
data-bound to the footer's `compact`, and the footer keeps that watcher, and with it the key,
after the key is removed (Textual issue 6666): about two hundred dead keys a hand. This footer
sets `compact` on each key once instead of binding it; it never changes after start.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """The Footer, with keys that are freed once they are off the screen."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Undo the data binding the base class asked for before it is connected.
                widget._reactive_connect = None
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact")
            yield widget
