"""Bots: equity for every game, and players of three levels that see only their own seat."""
