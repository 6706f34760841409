"""The game driver: one loop for every way of playing, with no screen and no clock of its own.

`GameDriver` owns the session, the journal and the seats; it hands out one request at a time
(`requests`) and takes answers, returning the events each caused. Front ends (the table screen,
tests, later a device's page) only answer requests and draw views.
"""
