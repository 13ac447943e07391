"""Search over hidden information: sampling the unseen cards, and solving open-card play."""

from .sampling import World, consistent, inferences, sample_world

__all__ = ["World", "consistent", "inferences", "sample_world"]
