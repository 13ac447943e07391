"""The web shell: ``binokel serve`` plays Binokel in the browser (see docs/web.md).

:mod:`.protocol` checks browser messages and encodes views, :mod:`.tables` holds tables, seats
and computer players, :mod:`.store` keeps every action in SQLite, :mod:`.app` is the Starlette
app.  The core never imports this package.
"""
