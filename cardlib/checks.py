"""The old name of :mod:`cardlib.validation` (argument validation), for the modules that
import it from here; ``checked`` is :func:`~cardlib.validation.validate_arguments`."""

from .validation import (
    DESCRIPTIONS,
    MAX_ITEMS,
    ContractError,
    RandomSource,
    Shuffle,
    as_rng,
    decks_array,
    function,
    in_place,
    limit,
    numbers_array,
    numpy_for,
    one_of,
    positive_number,
    probability,
    sequence,
    shuffle_table,
    whole_number,
)
from .validation import validate_arguments as checked

__all__ = ["ContractError", "RandomSource", "Shuffle", "as_rng", "numpy_for", "whole_number",
           "probability", "positive_number", "one_of", "in_place", "function", "limit",
           "MAX_ITEMS", "sequence", "shuffle_table", "numbers_array", "decks_array",
           "DESCRIPTIONS", "checked"]
