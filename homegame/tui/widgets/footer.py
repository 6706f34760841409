"""A footer that can redraw its keys all night without keeping every key it ever drew.

Textual's Footer redraws its keys each time a screen's bindings change (the table does so on
every action, so the footer names only the keys that work now). Each drawn `FooterKey` is
data-bound to the footer's `compact`, and the footer keeps that watcher, and with it the key,
after the key is removed (Textual issue 6666): about two hundred dead keys a hand. This footer
sets `compact` on each key once instead of binding it; it never changes after start. That
also spares every key two restylings as it mounts: a bound key first took the class of its
own default (compact) and then lost it to the footer's value, each a restyle of the key, so
Textual's Footer cost a screen of four keys about 50 ms on the event loop. Every screen uses
this footer for that reason.

It also redraws only when the keys it would draw differ from those on show: refreshing the
bindings after an action that leaves the same keys working costs no remount (a remount of every
key restyles them all, tens of milliseconds on the event loop each time). When they differ, the
keys already mounted are relabelled in place and spare ones hidden: no key is removed, so none
is left for the garbage collector and none is styled afresh.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import cast

from textual.app import ComposeResult
from textual.widget import Widget
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
        """Redraw the keys, unless the same keys are already on show; keys already mounted are
        relabelled in place (and spare ones hidden) rather than removed and mounted anew."""
        if not (self.is_attached and self._bindings_ready):
            await super().recompose()
            return
        keys = self._keys()
        if keys == self._drawn:
            return
        self._drawn = keys
        fresh = list(self.compose())
        drawn = list(self.children)
        if not all(_plain_key(w) for w in [*fresh, *drawn]):
            await super().recompose()
            return
        for old, new in zip(drawn, fresh, strict=False):
            _relabel(cast("FooterKey", old), cast("FooterKey", new))
        for spare in drawn[len(fresh) :]:
            if spare.display:
                spare.display = False
        if len(fresh) > len(drawn):
            await self.mount_all(fresh[len(drawn) :])

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Undo the data binding the base class asked for before it is connected.
                widget._reactive_connect = None
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact")
            yield widget


def _plain_key(widget: Widget) -> bool:
    """A key of its own (not one of a group of keys, nor the command palette's)."""
    return type(widget) is FooterKey and not widget.has_class("-grouped", "-command-palette")


def _relabel(key: FooterKey, new: FooterKey) -> None:
    """Make the mounted `key` draw what `new` would, and show it (a key that already does is
    left alone: each change lays the screen out again)."""
    if not key.display:
        key.display = True
    if _drawn_as(key) == _drawn_as(new):
        return
    key.key, key.key_display, key.description = new.key, new.key_display, new.description
    key.action = new.action
    key._disabled = new._disabled
    key.set_class(new._disabled, "-disabled")
    key.tooltip = new.tooltip
    key.refresh(layout=True)


def _drawn_as(key: FooterKey) -> tuple[object, ...]:
    """What a key draws and does."""
    return (key.key, key.key_display, key.description, key.action, key._disabled, key.tooltip)
