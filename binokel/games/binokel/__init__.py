"""Three-player Binokel and its variants (docs/rules/binokel.md): rule sets as data, one immutable
state with one door, short action notation, views per seat, records."""
