"""Money in integer cents: entries, payouts, chops, the cash game, the ledger and the settlement.

Pure (no terminal, storage, clock or random source) and below the engine: nothing here imports
the engine, and nothing here knows about cards. /work/wt/MONEY_API.md lists the public names.
"""
