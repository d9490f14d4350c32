"""What every game engine shares: seats, seeded randomness, errors."""

from games.core.errors import GameError, IllegalAction, InvalidSettings
from games.core.randomness import derive_rng, seeded_order
from games.core.seats import Seat, validate_seats

__all__ = [
    "GameError",
    "IllegalAction",
    "InvalidSettings",
    "Seat",
    "derive_rng",
    "seeded_order",
    "validate_seats",
]
