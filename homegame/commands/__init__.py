"""One module per CLI command; each defines `register(app)`. `homegame.cli` finds them all."""
