"""homegame: a terminal app that deals poker home games."""

__version__ = "0.1.0"
