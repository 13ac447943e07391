"""Tests of every Binokel variant (docs/rules/binokel.md §9) and the house-rule fields."""
