"""Places from final scores, for games won by the lowest or by the highest score."""

from __future__ import annotations

from collections.abc import Sequence

from bot.adapters.specs import Score
from bot.storage.records import ResultRecord, SeatRecord


def _key(score: Score, high_score_wins: bool) -> tuple[int, int]:
    tiebreak = score.tiebreak if score.tiebreak is not None else 0
    return (-score.score if high_score_wins else score.score, -tiebreak)


def rank(
    scores: Sequence[Score], seats: Sequence[SeatRecord], *, high_score_wins: bool
) -> list[ResultRecord]:
    """Each seat's result: its place is one more than the number of seats strictly ahead of
    it (by score, then tie-break), so equal results share a place; place 1 wins."""
    keys = [_key(score, high_score_wins) for score in scores]
    results = []
    for score, key in zip(scores, keys, strict=True):
        place = 1 + sum(other < key for other in keys)
        seat = seats[score.seat]
        left = seat.left_by is not None
        results.append(
            ResultRecord(
                seat=score.seat,
                user_id=seat.left_by if left else seat.user_id,
                score=score.score,
                won=place == 1,
                place=place,
                tiebreak=score.tiebreak,
                seat_kind="member" if left else seat.kind,
                left=left,
                bot_level=seat.bot_level if seat.is_bot and not left else None,
            )
        )
    return sorted(results, key=lambda r: r.seat)
