"""cardlib: card shuffling, exactly. The helper package behind the shuffling lessons.

Modules, by concept: ``cards`` (Card and the decks), ``shuffles`` (every
algorithm, all randomness through ``rng.randrange``), ``exact`` (exact
distributions by enumerating every random choice), ``stats`` (where cards
land), ``plots`` (matplotlib pictures), ``widgets`` (slider panels, players).
Importing cardlib has no side effects; import the module you need.
"""

__version__ = "0.1.0"
