"""The Textual app: pass-and-play and solo play against bots, rendering engine views only."""
