"""What the bot stores about a game: its seats, settings, engine state and public message."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Status = Literal["lobby", "running", "finished", "cancelled"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")
SeatKind = Literal["member", "bot", "guest"]


class HeldRecord(BaseModel):
    """A model every open game keeps in memory (its record, its seats). Pydantic notes in each
    instance which fields it was given (`model_fields_set`), a set of their names that takes
    more memory than most of the values; nothing reads it, so it is left empty."""

    def model_post_init(self, context: Any, /) -> None:
        self.__pydantic_fields_set__.clear()


class SeatRecord(HeldRecord):
    """A seat: a Discord member, a bot playing at `bot_level`, or a guest (a name only, for
    someone at a physical table who is not on Discord; the host plays for them)."""

    name: str
    user_id: int | None = None
    bot_level: str | None = None
    guest: bool = False
    timeouts: int = 0
    reminders: bool = False
    language: str | None = None
    """The member's Discord language when they joined, for what only they see outside a click
    (turn reminders)."""
    left_by: int | None = None
    """The member who sat here and left the running game: the result is still theirs."""
    avatar: str | None = None
    """The member's Discord avatar hash when they joined (None: Discord's default avatar)."""

    @property
    def kind(self) -> SeatKind:
        if self.user_id is not None:
            return "member"
        return "guest" if self.guest else "bot"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_member(self) -> bool:
        return self.user_id is not None


class GameRecord(HeldRecord):
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: Status
    host_id: int
    seed: int
    seats: list[SeatRecord]
    settings: dict[str, Any] = Field(default_factory=dict)
    state: str | None = None
    version: int = 0
    message_id: int | None = None
    deadline: float | None = None
    unshown: str | None = None
    """Events of the last commit whose moments have not been shown yet (JSON)."""
    language: str = "en"
    """The language of the game's public messages, fixed when it opens."""
    alert_id: int | None = None
    """The message telling players their turn has come, while it stands."""
    started_at: float | None = None
    ended_at: float | None = None
    """When it finished or was cancelled (None while it is open)."""
    abandoned: bool = False
    """Cancelled because its channel, or the bot's place in its server, went away."""
    archive_at: float | None = None
    """When the bot archives the thread of the game, which ended (the bot's clock), until it
    is done: saved with the end, so that a restart in between archives it then."""
    parent_id: int | None = None
    """For a game played in a thread of its own (`channel_id`): the channel holding the
    thread and the game's card; None for a game played in its channel."""
    card_id: int | None = None
    """The game's card in `parent_id`: what it is, who plays, how it stands, and a link."""
    daily: str | None = None
    """The UTC day (YYYY-MM-DD) of the daily deal this game is an attempt at; None for any
    other game."""

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def host_name(self) -> str:
        """The host's name at the table (the first seat's once the host has left it)."""
        seat = self.seat_of(self.host_id)
        if seat is not None:
            return self.seats[seat].name
        return self.seats[0].name if self.seats else "?"

    def seats_played_by(self, user_id: int) -> list[int]:
        """The member's own seat, and for the host every guest seat."""
        own = self.seat_of(user_id)
        seats = [] if own is None else [own]
        if user_id == self.host_id:
            seats += [i for i, seat in enumerate(self.seats) if seat.guest]
        return seats

    @property
    def members(self) -> list[SeatRecord]:
        return [seat for seat in self.seats if seat.is_member]


class ResultRecord(BaseModel):
    """One seat's result in a finished game; `place` 1 is a win (shared by equal results)."""

    seat: int
    user_id: int | None
    score: int
    won: bool
    place: int = 1
    tiebreak: int | None = None
    seat_kind: SeatKind = "member"
    left: bool = False
    """The member left the game (a bot or the host played on); credited all the same."""
    bot_level: str | None = None
    """The level of a bot's seat; None for a member or a guest."""
    feats: dict[str, int] = Field(default_factory=dict)
    """What the seat achieved in the game: counts by name ("columns_cleared", "busts"…)."""
