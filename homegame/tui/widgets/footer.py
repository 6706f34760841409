"""The keys that work now, drawn as one line at the foot of every screen.

Textual's Footer is a row of widgets, one per key, remounted or relabelled each time a screen's
bindings change (the table changes them on every action: a person's keys, then a bot's hurry
key). Every such change laid the whole screen out again, and mounting keys restyled each one.
This footer is one widget of a fixed size that draws its keys as a single line of text, so a
change of keys is a repaint of one row and nothing else. A click on a key presses that key, as
on Textual's footer.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

#: The style meta that names the key a footer cell presses.
KEY_META = "footer-key"


class KeysFooter(Widget):
    """The screen's shown bindings, each as its key and what it does; a key that does not work
    now is dimmed. Several shown keys for one action show as the first."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys-footer--key", "keys-footer--description"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 100%;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeysFooter > .keys-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    """

    #: (key, key as shown, description, works now, action), for each key on show.
    _keys: tuple[tuple[str, str, str, bool, str], ...] = ()

    def __init__(self, *, terse: tuple[str, ...] = ()) -> None:
        super().__init__()
        #: Actions (by how their names start) shown by key alone when the line is too long
        #: for the width: keys named elsewhere on the screen (the table's action bar).
        self.terse = terse

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._keys = self._shown_keys(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """Repaint (never lay out) when the keys on show differ from those drawn."""
        if not self.is_attached or screen is not self.screen:
            return
        keys = self._shown_keys(screen)
        if keys != self._keys:
            self._keys = keys
            self.refresh()

    def _shown_keys(self, screen: Screen[object]) -> tuple[tuple[str, str, str, bool, str], ...]:
        keys: dict[str, tuple[str, str, str, bool, str]] = {}
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if binding.show and binding.action not in keys:
                shown = self.app.get_key_display(binding)
                action = binding.action
                keys[action] = (binding.key, shown, binding.description, enabled, action)
        return tuple(keys.values())

    @property
    def descriptions(self) -> list[str]:
        """What each key on show does, in order."""
        return [description for _key, _shown, description, _enabled, _action in self._keys]

    def render(self) -> Text:
        line = self._line(terse=False)
        if self.terse and line.cell_len > self.size.width:
            return self._line(terse=True)
        return line

    def _line(self, *, terse: bool) -> Text:
        """The keys as one line; `terse`: the `terse` actions by their keys alone."""
        key_style = self.get_component_rich_style("keys-footer--key")
        description_style = self.get_component_rich_style("keys-footer--description")
        line = Text(no_wrap=True, overflow="crop", end="")
        for key, shown, description, enabled, action in self._keys:
            press = Style(meta={KEY_META: key}, dim=not enabled)
            line.append(f" {shown} ", key_style + press)
            if description and not (terse and action.startswith(self.terse)):
                line.append(f"{description} ", description_style + press)
        return line

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a key presses it; on a key that does not work now, the bell."""
        key = event.style.meta.get(KEY_META)
        if key is None:
            return
        event.stop()
        if any(k == key and enabled for k, _shown, _d, enabled, _a in self._keys):
            self.app.simulate_key(key)
        else:
            self.app.bell()
