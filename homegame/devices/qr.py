"""A seat's link as a QR code in terminal text: two rows of modules per line of half blocks,
drawn dark on light (as scanners expect) with a quiet zone around it."""

from __future__ import annotations

#: One line's character for a module pair (top dark, bottom dark), drawn in the dark colour on
#: the light one.
_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_lines(text: str, border: int = 2) -> list[str]:
    """`text` as a QR code, one string per terminal line (draw it dark on light)."""
    import segno

    code = segno.make(text, error="l", micro=False)
    rows = [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=border)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(_BLOCKS[(top, bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[0::2], rows[1::2], strict=True)
    ]


def room_address(host: str) -> str:
    """The address to print in a link: `host` itself, or for every address (0.0.0.0, ::)
    this machine's address on the room's network (found without sending anything)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # picks the outgoing interface; sends nothing
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return socket.gethostname()
