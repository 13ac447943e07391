"""Tests of every Binokel variant (binokel.md §9) and the house-rule fields."""
