"""Each person's own cards on their own phone: a web server and WebSockets over the game driver.

`tokens` names each seat's private link, `messages` builds what a seat's device may see (only
the engine's view for that seat) and reads what it answers, `hub` holds the devices connected
and the questions the driver put to them, `server` is the aiohttp server, `seats` answers the
driver's requests for the seats played on devices, and `headless` plays a game with no screen
(tests and the benchmark).
"""
