"""The terminal shell of ``binokel play``: rendering, input, the interactive loop, i18n.

A shell only: it shows a seat's view and turns typed lines into actions; every rule stays in the
engine.  ``render`` and ``parse`` are pure; ``session`` keeps a game's history (undo, hints);
``storage`` saves records; ``terminal`` runs the loop.
"""
