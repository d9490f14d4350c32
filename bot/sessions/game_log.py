"""A game's recent history as the table tells it: what happened since the player to move last
played, one line per turn, and a line of its own for what follows a turn without being part of
it (a round's end, the next deal); described in the reader's language when shown."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import Words

KEPT = 48
"""Entries kept: a turn of every player of the largest table, with room for notes."""
MAX_LINES = 10
SHARED_LINES = 4
"""Lines shown while several players decide at once (Skyjo's opening)."""


@dataclass(frozen=True, slots=True)
class Note:
    """A line of the log that is not a move: a catalog message and its values."""

    message: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Moves:
    """The events of one change made by `seat` during the decision named `token`."""

    seat: int
    token: Hashable
    events: tuple[Any, ...]
    line: int | None = None
    """Which of the lines apart from the turn these events stand on; None: the turn's own."""


Entry = Note | Moves
Describe = Callable[[Sequence[Any], Words], list[str]]
Apart = Callable[[Any], Hashable | None]
"""The line of its own an event opens or goes on (a round's end, the next deal), apart from
the turn that brought it about; None: it goes on the line of the events before it."""


def sections(events: Sequence[Any], apart: Apart) -> list[list[Any]]:
    """`events` cut where an event opens a line of its own: the turn's own events first (none
    when the change began with such an event), then each line apart."""
    cut: list[list[Any]] = [[]]
    line: Hashable | None = None
    for event in events:
        opens = apart(event)
        if opens is not None and opens != line:
            cut.append([])
            line = opens
        cut[-1].append(event)
    return cut


class GameLog:
    def __init__(self) -> None:
        self.entries: deque[Entry] = deque(maxlen=KEPT)
        self._texts: dict[str, dict[int, tuple[str, ...]]] = {}
        """By language, the text of each entry (by its id) the log last told in it: an entry
        never changes, and the table tells the log again at every move, mostly the same
        entries; those it no longer tells are forgotten."""
        self._unsaved = 0
        """Entries added since the game was last saved."""

    def note(self, message: str, /, **values: Any) -> None:
        self._append(Note(message, values))

    def moves(
        self,
        seat: int,
        token: Hashable,
        events: Sequence[Any],
        apart: Apart | None = None,
    ) -> None:
        """The events of one change by `seat`; those `apart` puts on lines of their own are
        kept after the change's own, each line as an entry."""
        own, *lines = sections(events, apart) if apart is not None else [list(events)]
        if own or not lines:
            self._append(Moves(seat, token, tuple(own)))
        for number, line in enumerate(lines):
            self._append(Moves(seat, token, tuple(line), number))

    def _append(self, entry: Entry) -> None:
        if len(self.entries) == self.entries.maxlen:
            self._forget(self.entries[0])
        self.entries.append(entry)
        self._unsaved += 1

    def _forget(self, entry: Entry) -> None:
        """Its texts go with it: a new entry may take its id."""
        for texts in self._texts.values():
            texts.pop(id(entry), None)

    def saved(self) -> None:
        """The game was saved with every entry so far."""
        self._unsaved = 0

    def forget_unsaved(self) -> None:
        """The game went back to its saved state: the entries added since are taken back."""
        for _ in range(min(self._unsaved, len(self.entries))):
            self._forget(self.entries.pop())
        self._unsaved = 0

    def clear(self) -> None:
        self.entries.clear()
        self._texts.clear()
        self._unsaved = 0

    @staticmethod
    def _told(entry: Entry, describe: Describe, words: Words) -> tuple[str, ...]:
        if isinstance(entry, Note):
            return (words(entry.message, **entry.values),)
        return tuple(describe(entry.events, words))

    def _turns(self, *, apart: bool = True) -> list[list[Entry]]:
        """The entries grouped by turn: the changes of one seat in one decision together,
        and each line apart from its turn on its own (with its turn, when not `apart`)."""
        turns: list[list[Entry]] = []
        for entry in self.entries:
            previous = turns[-1][-1] if turns else None
            if (
                isinstance(entry, Moves)
                and isinstance(previous, Moves)
                and (previous.seat, previous.token) == (entry.seat, entry.token)
                and (not apart or previous.line == entry.line)
            ):
                turns[-1].append(entry)
            else:
                turns.append([entry])
        return turns

    def _since(self, movers: Sequence[int], token: Hashable) -> list[list[Entry]]:
        """The turns since the one player to move last played: every other player's last
        turn, and the mover's own turn so far."""
        turns = self._turns()
        if len(movers) != 1:
            return turns[-SHARED_LINES:]
        for index in range(len(turns) - 1, -1, -1):
            first = turns[index][0]
            if (
                isinstance(first, Moves)
                and first.line is None
                and first.seat == movers[0]
                and first.token != token
            ):
                return turns[index + 1 :]
        return turns

    def lines(
        self, describe: Describe, words: Words, movers: Sequence[int], token: Hashable
    ) -> list[str]:
        known = self._texts.get(words.language, {})
        texts: dict[int, tuple[str, ...]] = {}
        lines: list[str] = []
        for turn in self._since(movers, token):
            parts: list[str] = []
            for entry in turn:
                text = known.get(id(entry))
                if text is None:
                    text = self._told(entry, describe, words)
                texts[id(entry)] = text
                parts += text
            if parts:
                lines.append(" ".join(parts))
        self._texts[words.language] = texts
        return lines[-MAX_LINES:]

    def last_turn(self, movers: Sequence[int], token: Hashable) -> tuple[Any, ...]:
        """The events of the last turn played, with what followed it on lines apart, not
        counting the mover's turn in progress."""
        for turn in reversed(self._turns(apart=False)):
            first = turn[0]
            if not isinstance(first, Moves):
                continue
            if len(movers) == 1 and (first.seat, first.token) == (movers[0], token):
                continue
            return tuple(
                event for entry in turn if isinstance(entry, Moves) for event in entry.events
            )
        return ()
