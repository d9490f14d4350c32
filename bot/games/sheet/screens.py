"""What the Skyjo score sheet looks like in Discord: every round and the running totals, the
round being entered with how it will be scored, the controls to enter, correct and undo."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.adapters.specs import (
    ButtonSpec,
    Form,
    Picture,
    Row,
    Screen,
    SelectSpec,
    TableContext,
    TextField,
)
from bot.games.skyjo.screens import penalty_text
from bot.games.skyjo.words import round_lines
from bot.i18n import N_, Words
from bot.storage.records import GameRecord
from bot.ui import score_chart
from bot.ui.avatars import AvatarSource, badges, seat_avatars
from bot.ui.names import Points, all_shown, shown
from bot.ui.score_chart import ScoreChart
from games.core.errors import IllegalAction, Part, Term
from games.skyjo_sheet import ScoreSheet, SheetSettings

COLOUR = discord.Colour.from_rgb(90, 180, 120)
FIELDS_PER_FORM = 5
NAME_WIDTH = 5
NARROW_WIDTH = 3
NARROW_FROM = 5
"""Above this many players the table's columns are narrower."""


def rounds_table(sheet: ScoreSheet) -> str:
    """Every round's scores, the finisher's marked with *, and the totals, as a code block;
    narrower columns for larger tables, so that it fits a phone."""
    names = sheet.names
    width = NAME_WIDTH if len(names) <= NARROW_FROM else NARROW_WIDTH
    header = " # " + "".join(f"{name[:width]:>{width + 2}}" for name in names)
    lines = [header]
    for number, entered in enumerate(sheet.rounds, start=1):
        cells = [
            f"{Points(score):>{width + 1}}" + ("*" if seat == entered.finisher else " ")
            for seat, score in enumerate(entered.scores)
        ]
        lines.append(f"{number:>2} " + "".join(cells))
    totals = "".join(f"{Points(total):>{width + 1}} " for total in sheet.totals)
    lines.append(" Σ " + totals)
    return "```\n" + "\n".join(lines)[-1000:] + "\n```"


def standings_lines(sheet: ScoreSheet, words: Words) -> list[str]:
    """Each player's total, lowest first, with how far they are from the target (or, once
    the game is over, who reached it)."""
    totals = sheet.totals
    ended = sheet.ended()
    won = ended is not None and not ended.early
    leaders = set(sheet.winners or ()) if won else set()
    if not won and sheet.rounds:
        best = min(totals)
        leaders = {seat for seat, total in enumerate(totals) if total == best}
    lines = []
    for seat in sorted(range(len(totals)), key=lambda s: totals[s]):
        crown = ("🏆 " if won else "👑 ") if seat in leaders else ""
        lines.append(crown + _standing(sheet, seat, words))
    return lines


def _standing(sheet: ScoreSheet, seat: int, words: Words) -> str:
    """A player's total: while the game goes on, with how far it is from the target; once
    the game is over, whether it reached the target."""
    target = sheet.settings.target_score
    name, total = shown(sheet.names[seat]), Points(sheet.totals[seat])
    if sheet.is_over:
        line = words.plural("**{name}** — {n} point", "**{name}** — {n} points", total, name=name)
        return line + " · " + words("reached the target") if total >= target else line
    return words.plural(
        "**{name}** — {total} · {n} point to the target",
        "**{name}** — {total} · {n} points to the target",
        max(0, target - total),
        name=name,
        total=total,
    )


def draft_lines(sheet: ScoreSheet, words: Words) -> list[str]:
    """The round being entered: who ended it, each total as typed, what is wrong, and how it
    will be scored."""
    draft = sheet.draft
    if draft is None:
        return []
    number = draft.index + 1
    heading = (
        words("✏️ **Correcting round {round}**", round=number)
        if draft.index < len(sheet.rounds)
        else words("✏️ **Entering round {round}**", round=number)
    )
    finisher = (
        words("ended by **{name}**", name=shown(sheet.names[draft.finisher]))
        if draft.finisher is not None
        else words("who ended it: not chosen yet")
    )
    typed = " · ".join(
        f"{name} {shown(text) if text is not None else '…'}"
        for name, text in zip(all_shown(sheet.names), draft.entries, strict=True)
    )
    lines = [f"{heading} — {finisher}", typed]
    problems = sheet.draft_problems()
    if problems:
        lines.append("⚠️ " + words.error(IllegalAction.of(escaped(problems))))
        return lines
    preview = sheet.preview()
    assert preview is not None
    totals = list(sheet.totals) if not preview.corrected else _totals_without(sheet, draft.index)
    after = tuple(t + s for t, s in zip(totals, preview.scores, strict=True))
    lines.append(words("As it will be scored:"))
    lines += round_lines(
        all_shown(sheet.names), preview.finisher, preview.raw, preview.scores, after, words
    )
    return lines


def escaped(parts: Sequence[Part]) -> list[Part]:
    """`parts` with what players typed (names, totals) escaped for Discord's markdown."""
    return [
        (
            template,
            {
                key: shown(value)
                if isinstance(value, str) and not isinstance(value, Term)
                else value
                for key, value in values.items()
            },
        )
        for template, values in parts
    ]


def _totals_without(sheet: ScoreSheet, index: int) -> list[int]:
    """The totals after every round but `index` (the one being corrected)."""
    totals = [0] * len(sheet.names)
    for number, entered in enumerate(sheet.rounds):
        if number != index:
            totals = [t + s for t, s in zip(totals, entered.scores, strict=True)]
    return totals


def sheet_embed(game: GameRecord, sheet: ScoreSheet, words: Words) -> discord.Embed:
    number = len(sheet.rounds) + 1
    embed = discord.Embed(
        title=words("Skyjo score sheet · round {round}", round=number),
        description="\n".join(standings_lines(sheet, words)),
        colour=COLOUR,
    )
    if sheet.rounds:
        embed.add_field(name=words("Rounds"), value=rounds_table(sheet), inline=False)
    lines = draft_lines(sheet, words)
    if lines:
        embed.add_field(name=words("This round"), value="\n".join(lines)[:1024], inline=False)
    settings = sheet.settings
    rule = words(
        "Game {game} · target {target} points · finisher's penalty {penalty}",
        game=game.id,
        target=settings.target_score,
        penalty=penalty_text(settings, words),
    )
    embed.set_footer(text=rule)
    return embed


def sheet_rows(sheet: ScoreSheet, words: Words) -> list[Row]:
    draft = sheet.draft
    number = (draft.index if draft is not None else len(sheet.rounds)) + 1
    players = len(sheet.names)
    finisher = SelectSpec(
        verb="finisher",
        placeholder=words("Who ended round {round}?", round=number),
        options=[(name[:100], str(seat)) for seat, name in enumerate(sheet.names)],
        current=str(draft.finisher) if draft is not None and draft.finisher is not None else None,
    )
    totals = [
        ButtonSpec(
            words("Totals {first}–{last}", first=first + 1, last=min(players, first + 5)),
            "totals",
            str(first),
            style="primary",
            emoji="✍️",
        )
        for first in range(0, players, FIELDS_PER_FORM)
    ]
    entering = [
        *totals,
        ButtonSpec(
            words("Confirm round {round}", round=number),
            "confirm",
            style="success",
            disabled=sheet.preview() is None,
        ),
    ]
    if draft is not None:
        entering.append(ButtonSpec(words("Discard"), "discard", style="secondary"))
    rows: list[Row] = [finisher, entering]
    if sheet.rounds and draft is None:
        rows.append(
            SelectSpec(
                verb="edit",
                placeholder=words("Correct a round…"),
                options=[
                    (words("Round {round}", round=n + 1), str(n)) for n in range(len(sheet.rounds))
                ][-25:],
            )
        )
        rows.append(
            [
                ButtonSpec(words("Undo round {round}", round=len(sheet.rounds)), "undo", emoji="↩️"),
                ButtonSpec(words("End the game…"), "end", style="secondary", emoji="🛑"),
            ]
        )
    return rows


def way_out(sheet: ScoreSheet, words: Words) -> list[ButtonSpec]:
    """What takes the sheet's last change back: the round being entered is discarded, or
    else the last round undone."""
    if sheet.is_over:
        return []
    if sheet.draft is not None:
        return [ButtonSpec(words("Discard"), "discard", style="secondary")]
    if sheet.rounds:
        return [ButtonSpec(words("Undo round {round}", round=len(sheet.rounds)), "undo", emoji="↩️")]
    return []


def totals_form(sheet: ScoreSheet, first: int, words: Words) -> Form:
    """The card totals of up to five players, prefilled with what was typed before."""
    draft = sheet.draft
    number = (draft.index if draft is not None else len(sheet.rounds)) + 1
    entries = draft.entries if draft is not None else (None,) * len(sheet.names)
    seats = range(first, min(len(sheet.names), first + FIELDS_PER_FORM))
    return Form(
        title=words("Round {round}: card totals", round=number)[:45],
        verb="entered",
        arg=str(first),
        fields=[
            TextField(
                key=str(seat),
                label=words("{name}'s total", name=sheet.names[seat])[:45],
                placeholder=words("−24 to 144, e.g. 12 or -3"),
                default=entries[seat] or "",
                required=False,
                max_length=6,
            )
            for seat in seats
        ],
    )


def chart_picture(
    game: GameRecord, sheet: ScoreSheet, words: Words, avatars: AvatarSource
) -> Picture:
    """The running totals as a line chart, with the target line; `avatars` beside the names."""
    target = sheet.settings.target_score
    chart = ScoreChart(
        title=words("Running totals"),
        names=sheet.names,
        totals=tuple(sheet.running_totals()),
        target=target,
        target_label=words("target {target}", target=target),
        round_label=words("round"),
        avatars=tuple(seat_avatars(game.seats, avatars, score_chart.AVATAR)),
    )
    return Picture(
        name="scores.png",
        key=chart,
        render=partial(score_chart.render, chart),
        description=score_chart.describe(chart),
    )


ENDING = "ending"
"""The table's mode while the host confirms ending the game early."""
ENDING_EARLY = N_(
    "🛑 **End the game now?** Nobody has reached the target yet: the game is recorded as it "
    "stands, without a winner. The host can reopen it for 15 minutes."
)
CORRECTIONS_OPEN = N_(
    "Until {time}, the host can still undo or correct a round: the sheet reopens and these "
    "results are taken back."
)


def table(game: GameRecord, sheet: ScoreSheet, context: TableContext) -> Screen:
    words = context.words
    drawn = context.pictures and sheet.rounds
    pictures = [chart_picture(game, sheet, words, context.avatars)] if drawn else []
    embed = sheet_embed(game, sheet, words)
    rows = sheet_rows(sheet, words)
    if context.mode == ENDING and sheet.rounds:
        embed.add_field(name=words("End the game"), value=words(ENDING_EARLY), inline=False)
        rows = [
            [
                ButtonSpec(words("End it now"), "endnow", style="danger", emoji="🛑"),
                ButtonSpec(words("Keep playing"), "keep", style="secondary"),
            ]
        ]
    return Screen(embed=embed, rows=rows, pictures=pictures)


def personal(
    game: GameRecord, sheet: ScoreSheet, seat: int, words: Words, avatars: AvatarSource = badges
) -> Screen:
    """A seat's own screen is the sheet itself: a score sheet hides nothing. Its chart draws
    `avatars` beside the names, as the table's does."""
    return table(game, sheet, TableContext(words, avatars=avatars))


def final(
    game: GameRecord, sheet: ScoreSheet, words: Words, avatars: AvatarSource = badges
) -> Screen:
    """The standings; while `game.deadline` stands, the buttons that reopen the sheet."""
    ended = sheet.ended()
    early = ended is not None and ended.early
    winners = [shown(sheet.names[seat]) for seat in sheet.winners or ()]
    who = words.listing(winners)
    if early:
        title = words("Skyjo score sheet · ended early")
    elif len(winners) == 1:
        title = words("Skyjo score sheet · {who} wins!", who=who)
    else:
        title = words("Skyjo score sheet · {who} share the victory!", who=who)
    lines = standings_lines(sheet, words)
    if early:
        lines.append(words("Ended before anyone reached the target: nobody is ranked as a winner."))
    if game.deadline is not None:
        until = f"<t:{int(game.deadline)}:t>"
        lines += ["", words(CORRECTIONS_OPEN, time=until)]
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    if sheet.rounds:
        embed.add_field(name=words("Rounds"), value=rounds_table(sheet), inline=False)
    embed.set_footer(text=words.plural("{n} round", "{n} rounds", len(sheet.rounds)))
    rows = reopen_rows(sheet, words) if game.deadline is not None else []
    pictures = [chart_picture(game, sheet, words, avatars)] if sheet.rounds else []
    return Screen(embed=embed, rows=rows, pictures=pictures)


def reopen_rows(sheet: ScoreSheet, words: Words) -> list[Row]:
    """What reopens a finished sheet: its last round undone, any round corrected, and play
    going on after an early end."""
    ended = sheet.ended()
    buttons = [ButtonSpec(words("Undo round {round}", round=len(sheet.rounds)), "undo", emoji="↩️")]
    if ended is not None and ended.early:
        buttons.insert(0, ButtonSpec(words("Play on"), "reopen", style="primary", emoji="▶️"))
    correct = SelectSpec(
        verb="edit",
        placeholder=words("Correct a round…"),
        options=[(words("Round {round}", round=n + 1), str(n)) for n in range(len(sheet.rounds))][
            -25:
        ],
    )
    return [correct, buttons]


def settings_summary(settings: SheetSettings, words: Words) -> list[str]:
    return [
        words("Target score: **{target}**", target=settings.target_score),
        words(
            "Finisher's penalty: **{penalty}** (when not strictly lowest)",
            penalty=penalty_text(settings, words),
        ),
    ]


RULES = N_(
    "Keep the score of a Skyjo game played with real cards. Everyone at the table joins, and "
    "the host seats players who are not on Discord by name.\n"
    "**Each round**: choose who ended it, then **Totals** and type each player's card total "
    "(after removing identical columns; -3 for minus three). The sheet shows how the round will "
    "be scored, the finisher's penalty included, before you **Confirm** it.\n"
    "**Mistakes**: **Undo** the last round, or **Correct a round** to change any earlier one; "
    "later totals follow. **End the game** stops early. The game ends after the round in which "
    "someone reaches the target: the lowest total wins."
)


def rules(words: Words, settings: SheetSettings) -> list[discord.Embed]:
    embed = discord.Embed(title=words("The Skyjo score sheet"), description=words(RULES))
    embed.colour = COLOUR
    return [embed]


def form_texts(fields: dict[str, str], first: int, players: int) -> tuple[str, ...]:
    """The submitted totals in seat order from `first` (a field left empty stays empty)."""
    last = min(players, first + FIELDS_PER_FORM)
    return tuple(fields.get(str(seat), "") for seat in range(first, last))
