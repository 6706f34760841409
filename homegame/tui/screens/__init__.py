"""The app's screens, each with its `.tcss` file beside it."""
