"""Players' figures across games: pure functions over the events a game's journal holds.

`tally` counts each seat's chances and deeds hand by hand (VPIP, PFR, 3-bet, c-bet,
showdowns, KRG deals) from the public form of each event, so only what the table saw counts;
`figures` turns counts into the percentages and rates PokerTracker defines (README: "Player
statistics"); `league` gives points by finish over a season of freezeouts; `collect` reads
the journal, with a derived per-game table so a long history is read quickly.
"""
