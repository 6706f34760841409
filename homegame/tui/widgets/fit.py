"""Lines whose height follows their text, laid out again only when that height changes.

Textual's `layout=True` lays out the whole screen, every widget of it, and then draws each one
whose place moved; a pot, odds or clock line whose new text takes the rows it had is only
repainted."""

from __future__ import annotations

from textual.widget import Widget


def refit(widget: Widget) -> None:
    """Repaint `widget`, and lay the screen out again only when its text now takes more or
    fewer rows than it has (or it has not been laid out yet)."""
    widget.refresh()  # also forgets the height worked out for the old text
    width, height = widget.content_size
    parent = widget.parent
    if not widget.is_attached or not width or not isinstance(parent, Widget):
        widget.refresh(layout=True)
        return
    rows = widget.get_content_height(parent.content_size, widget.app.size, width)
    if rows != height:
        widget.refresh(layout=True)
