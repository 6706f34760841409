"""One widget per module, each with its own CSS."""
