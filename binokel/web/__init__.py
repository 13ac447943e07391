"""The web shell: ``binokel serve`` plays Binokel in the browser (see docs/web.md).

:mod:`.protocol` checks browser messages and encodes views, :mod:`.tables` holds tables, seats
and computer players (:mod:`.table` is one table and its messages), :mod:`.store` keeps every
action in SQLite, :mod:`.app` is the Starlette app and :mod:`.connection` one browser's
WebSocket.  The core never imports this package.
"""
