"""`python -m homegame` runs the command line."""

from homegame.cli import main

main()
