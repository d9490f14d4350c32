"""What a tournament shows in its channel: its card (the game, the rounds, who plays, how it
stands, Join / Leave / Start), each table's call to its players, and the standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import discord
from babel.numbers import format_decimal

from bot.adapters.specs import ALT_TEXT_LIMIT, Picture
from bot.i18n import N_, Words
from bot.storage.tournaments import Entrant, TournamentRecord
from bot.tournaments import picture
from bot.ui.card import THREAD_NAME_LIMIT
from bot.ui.components import BUTTON, ROW, Controls
from bot.ui.names import number, shown
from games.swiss import Standing

OPEN_COLOUR = discord.Colour.gold()
OVER_COLOUR = discord.Colour.dark_grey()
NAMED = 40
"""The most players a card names (an embed's description holds 4,096 characters)."""
STANDINGS_SHOWN = 10
"""The most players the card's standings list; the standings message lists everyone."""
STANDINGS_MESSAGE_LINES = 60

TITLE = N_("🏆 Tournament · {game}")
FORMAT = N_("{seats} seats a table · bots: {level} · {minutes} min a round")
STARTS = N_("Starts {when} ({relative}).")
OPENING = N_("⏳ Round {round} of {rounds}: {open} of {tables} tables open, the others follow.")
PLAYING = N_("🎲 Round {round} of {rounds}: {done} of {tables} tables finished.")
PAUSED = N_("⏸️ Paused after round {round} of {rounds}.")
CHAMPION = N_("🏆 {name} wins the tournament!")
PODIUM = N_("🥇 {first} · 🥈 {second} · 🥉 {third}")
CANCELLED = N_("Cancelled.")
PLAYERS = N_("Players")
NOBODY = N_("Nobody yet: press Join.")
MORE = N_("…and {count} more.")
STANDINGS = N_("Standings after round {round}")
FINAL = N_("Final standings")
TABLE_CALL = N_("**Round {round} · table {table}**: {players}, your game is in the thread below.")
THREAD = N_("Round {round} · table {table} · {game}")
ORGANISER = N_("Organiser: {name}")


@dataclass(frozen=True)
class Progress:
    """How the round under way stands."""

    tables: int = 0
    opened: int = 0
    done: int = 0


def points(value: Fraction, words: Words) -> str:
    """Points as players read them, in their language: 2, 1.5, 0.67 (1,5 in French)."""
    return format_decimal(float(value), "0.##", locale=words.language)


def points_count(value: Fraction) -> int:
    """The number whose plural a count of points takes: singular for exactly 1 (and below 2
    in French), plural for the rest ("0.5 points", "1,5 point" in French, "0,5 Punkte")."""
    if value.denominator == 1:
        return value.numerator
    return 0 if value < 1 else 2


def points_text(value: Fraction, words: Words) -> str:
    """ "1.5 points", "1 point"."""
    written = points(value, words)
    return words.plural("{points} point", "{points} points", points_count(value), points=written)


def standing_lines(
    table: Sequence[Standing], names: Mapping[int, str], words: Words, limit: int
) -> list[str]:
    lines = [
        words(
            "{place}. {name} · {points} · Buchholz {buchholz}",
            place=standing.place,
            name=shown(names.get(standing.player, "?")),
            points=points_text(standing.points, words),
            buchholz=points(standing.buchholz, words),
        )
        for standing in table[:limit]
    ]
    if len(table) > limit:
        lines.append(words(MORE, count=len(table) - limit))
    return lines


def card_embed(
    tournament: TournamentRecord,
    title: str,
    level: str,
    entrants: Sequence[Entrant],
    table: Sequence[Standing],
    progress: Progress,
    words: Words,
    settings: Sequence[str] = (),
) -> discord.Embed:
    """The card; while it signs up, with the games' `settings` (as the game summarises them)."""
    rounds = words.plural("Swiss, {n} round", "Swiss, {n} rounds", tournament.last_round)
    lines = [
        rounds
        + " · "
        + words(
            FORMAT,
            seats=tournament.seats,
            level=level,
            minutes=tournament.round_minutes,
        ),
        words(ORGANISER, name=_mention(tournament.organiser_id)),
    ]
    if tournament.status == "signup" and tournament.starts_at is not None:
        when, relative = _timestamps(int(tournament.starts_at))
        lines.append(words(STARTS, when=when, relative=relative))
    lines.append(_state(tournament, entrants, table, progress, words))
    embed = discord.Embed(
        title=words(TITLE, game=words(title)),
        description="\n".join(lines),
        colour=OPEN_COLOUR if tournament.is_live else OVER_COLOUR,
    )
    if table and tournament.round > 0:
        embed.add_field(
            name=words(STANDINGS, round=rounds_played(tournament, progress)),
            value="\n".join(standing_lines(table, _names(entrants), words, STANDINGS_SHOWN)),
            inline=False,
        )
    else:
        embed.add_field(name=words(PLAYERS), value=_players(entrants, words), inline=False)
    if tournament.status == "signup" and settings:
        embed.add_field(name=words("Settings"), value="\n".join(settings), inline=False)
    return embed


def _mention(user_id: int) -> str:
    return f"<@{user_id}>"


def _timestamps(moment: int) -> tuple[str, str]:
    """A moment as Discord shows it to each reader: the date and time, and how far off."""
    return f"<t:{moment}:F>", f"<t:{moment}:R>"


def rounds_played(tournament: TournamentRecord, progress: Progress) -> int:
    """The rounds the standings count."""
    under_way = tournament.status == "running" and progress.done < progress.tables
    return tournament.round - 1 if under_way else tournament.round


def _state(
    tournament: TournamentRecord,
    entrants: Sequence[Entrant],
    table: Sequence[Standing],
    progress: Progress,
    words: Words,
) -> str:
    rounds = tournament.last_round
    if tournament.status == "signup":
        return words.plural(
            "🪑 Signing up: {n} player. The organiser starts it.",
            "🪑 Signing up: {n} players. The organiser starts it.",
            len(entrants),
        )
    if tournament.status == "paused":
        return words(PAUSED, round=tournament.round, rounds=rounds)
    if tournament.status == "cancelled":
        return words(CANCELLED)
    if tournament.status == "finished":
        return _podium(table, _names(entrants), words)
    if progress.opened < progress.tables:
        return words(
            OPENING,
            round=tournament.round,
            rounds=rounds,
            open=progress.opened,
            tables=progress.tables,
        )
    return words(
        PLAYING,
        round=tournament.round,
        rounds=rounds,
        done=progress.done,
        tables=progress.tables,
    )


def _podium(table: Sequence[Standing], names: Mapping[int, str], words: Words) -> str:
    if not table:
        return words(CANCELLED)
    named = [shown(names.get(standing.player, "?")) for standing in table[:3]]
    lines = [words(CHAMPION, name=named[0])]
    if len(named) == 3:
        lines.append(words(PODIUM, first=named[0], second=named[1], third=named[2]))
    return "\n".join(lines)


def _names(entrants: Sequence[Entrant]) -> dict[int, str]:
    return {entrant.user_id: entrant.name for entrant in entrants}


def _players(entrants: Sequence[Entrant], words: Words) -> str:
    if not entrants:
        return words(NOBODY)
    names = [shown(entrant.name) for entrant in entrants[:NAMED]]
    text = words.listing(names)
    if len(entrants) > NAMED:
        text += " " + words(MORE, count=len(entrants) - NAMED)
    return text


def card_controls(tournament: TournamentRecord, words: Words) -> Controls:
    """Join, Leave and Start while it signs up; nothing once it has started."""
    if tournament.status != "signup":
        return Controls([])
    buttons = [
        _button(tournament.id, "join", words("Join"), 3, "✋"),
        _button(tournament.id, "leave", words("Leave"), 2, None),
        _button(tournament.id, "start", words("Start"), 1, "▶️"),
    ]
    return Controls([{"type": ROW, "components": buttons}])


def _button(
    tournament_id: int, verb: str, label: str, style: int, emoji: str | None
) -> dict[str, Any]:
    button: dict[str, Any] = {
        "type": BUTTON,
        "style": style,
        "label": label,
        "custom_id": tournament_button(tournament_id, verb),
    }
    if emoji is not None:
        button["emoji"] = {"name": emoji}
    return button


def tournament_button(tournament_id: int, verb: str) -> str:
    return f"skyt:{tournament_id}:{verb}"


def table_call(round_number: int, number: int, members: Sequence[int], words: Words) -> str:
    players = words.listing([f"<@{member}>" for member in members])
    return words(TABLE_CALL, round=round_number, table=number, players=players)


def thread_name(round_number: int, number: int, title: str, words: Words) -> str:
    return words(THREAD, round=round_number, table=number, game=words(title))[:THREAD_NAME_LIMIT]


def _standings_title(title: str, round_number: int, words: Words, final: bool) -> str:
    heading = words(FINAL) if final else words(STANDINGS, round=round_number)
    return f"{words(TITLE, game=words(title))} · {heading}"


def standings_message(
    tournament: TournamentRecord,
    title: str,
    round_number: int,
    table: Sequence[Standing],
    entrants: Sequence[Entrant],
    words: Words,
    final: bool = False,
) -> tuple[discord.Embed, Picture]:
    """The standings after round `round_number` (the final ones, with the podium): as text,
    and as a picture with its alt text."""
    names = _names(entrants)
    heading = _standings_title(title, round_number, words, final)
    lines = standing_lines(table, names, words, STANDINGS_MESSAGE_LINES)
    if final and table:
        lines.insert(0, _podium(table, names, words))
    embed = discord.Embed(
        title=heading,
        description="\n".join(lines),
        colour=OPEN_COLOUR if tournament.is_live and not final else OVER_COLOUR,
    )
    drawn = picture.Standings(
        title=heading,
        headings=(words("Points"), words("Buchholz"), words("Score")),
        lines=tuple(
            picture.Line(
                standing.place,
                names.get(standing.player, "?"),
                points(standing.points, words),
                points(standing.buchholz, words),
                number(standing.score),
            )
            for standing in table
        ),
    )
    shown = standing_lines(table, names, words, picture.ROWS)
    description = "\n".join([heading, *shown])[:ALT_TEXT_LIMIT]
    return embed, picture.picture(drawn, description)
