"""Outside programs at the table: ``cmd:PROGRAM ARGS`` speaks the bot protocol
(docs/bot-protocol.md).

:mod:`.bot` runs the program (:class:`~binokel.bots.external.bot.ExternalBot`); :mod:`.wire`
writes the protocol's messages.
"""
