"""Host mode without a screen: the host's command language, the console that runs it, the clock."""
