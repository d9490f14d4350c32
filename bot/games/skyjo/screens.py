"""What Skyjo looks like in Discord: the public table, a player's own grid, summaries, rules."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.adapters.base import ButtonSpec, ButtonStyle, Picture, Row, Screen, TableContext
from bot.games.skyjo import picture
from bot.i18n import N_, Words
from bot.storage.records import GameRecord
from bot.ui import grid_picture
from bot.ui import grid_screens as widgets
from bot.ui.avatar_picture import Avatar
from bot.ui.avatars import AvatarSource, badges, seat_avatars
from bot.ui.grid_screens import CardLook
from bot.ui.grid_words import card_text
from bot.ui.names import Points, all_shown, number, shown, signed
from bot.ui.reminders import reminders_line
from bot.ui.rules import rules_embeds
from games.skyjo.events import (
    DiscardedAndFlipped,
    LineCleared,
    Revealed,
    RoundScored,
    RoundStarted,
    Swapped,
    TookDiscard,
)
from games.skyjo.game import SkyjoGame
from games.skyjo.scoring import PenaltyRules
from games.skyjo.settings import PenaltyType, SkyjoSettings
from games.skyjo.view import SkyjoView, SlotView

COLOUR = discord.Colour.from_rgb(76, 139, 245)


def _style(value: int) -> ButtonStyle:
    if value <= 0:
        return "primary"
    if value <= 4:
        return "success"
    return "secondary" if value <= 8 else "danger"


def _emoji(value: int) -> str | None:
    """Discord has no yellow button: a 5–8 is told from a face-down card by its square."""
    return "🟨" if 5 <= value <= 8 else None


def _square(value: int) -> str:
    """The colour of the physical card, in the text grid."""
    if value < 0:
        return "🟦"
    if value == 0:
        return "🔵"
    if value <= 4:
        return "🟩"
    return "🟨" if value <= 8 else "🟥"


LOOK = CardLook(square=_square, style=_style, emoji=_emoji)


def grid_text(cards: Sequence[SlotView], columns: int) -> str:
    return widgets.grid_text(cards, columns, LOOK)


def penalty_text(settings: PenaltyRules, words: Words) -> str:
    factor, flat = settings.penalty_factor, settings.penalty_flat
    kind = settings.penalty
    if kind is PenaltyType.MULTIPLIER:
        return f"×{factor}"
    if kind is PenaltyType.FLAT:
        return f"+{flat}"
    if kind is PenaltyType.FLAT_THEN_MULTIPLIER:
        return words("+{flat} then ×{factor}", flat=flat, factor=factor)
    if kind is PenaltyType.MULTIPLIER_THEN_FLAT:
        return words("×{factor} then +{flat}", flat=flat, factor=factor)
    return words("none")


def _prompt(view: SkyjoView, game: GameRecord, mode: str, words: Words) -> str:
    """What the player to move is asked to do now, step by step."""
    assert view.current is not None
    who = shown(view.players[view.current].name)
    if game.seats[view.current].is_bot:
        return words("🤖 **{name}** is thinking…", name=who)
    if view.phase == "drawn" and mode == "flip":
        return words(
            "**{name}** discards the **{card}**: tap a face-down card to turn it up.",
            name=who,
            card=card_text(view.drawn),
        )
    if view.phase == "drawn":
        return words(
            "**{name}** drew a **{card}**: place it, or discard it and turn a card up.",
            name=who,
            card=card_text(view.drawn),
        )
    if mode == "take":
        return words(
            "**{name}** takes the **{card}**: tap the card it replaces.",
            name=who,
            card=card_text(view.discard_top),
        )
    return words(
        "**{name}**'s turn: draw, or take the **{card}**.",
        name=who,
        card=card_text(view.discard_top),
    )


def _status(
    view: SkyjoView, game: GameRecord, mode: str, words: Words, *, replay: bool = False
) -> list[str]:
    """The decision open and what to press (not in a replay), the last turns, the piles."""
    names = all_shown(player.name for player in view.players)
    lines: list[str] = []
    if view.phase == "opening" and not replay:
        waiting = [names[s] for s in view.to_move]
        lines.append(
            words.plural(
                "Everyone turns up {n} card: press **Choose my cards**.",
                "Everyone turns up {n} cards: press **Choose my cards**.",
                view.settings.opening_flips,
            )
        )
        lines.append(words("Still choosing: {names}", names=", ".join(waiting)))
    elif view.current is not None and not replay:
        timer = ""
        if game.deadline:
            when = f"<t:{int(game.deadline)}:R>"
            timer = " · " + words("time runs out {when}", when=when)
        lines.append(_prompt(view, game, mode, words) + timer)
    if view.finisher is not None and view.phase != "over":
        lines.append(
            words("Last turns: {name} has turned up every card.", name=names[view.finisher])
        )
    lines.append(
        words.plural(
            "Discard pile: **{card}** · draw pile: {n} card",
            "Discard pile: **{card}** · draw pile: {n} cards",
            view.draw_pile_size,
            card=card_text(view.discard_top),
        )
    )
    return lines


def _player_title(game: GameRecord, view: SkyjoView, seat: int, words: Words) -> str:
    player = view.players[seat]
    marker = "▶ " if seat in view.to_move and view.phase != "opening" else ""
    score = ""
    if view.settings.show_round_scores:
        visible = signed(player.visible_score)
        score = " · " + words("round {score}", score=visible)
    bot = " 🤖" if game.seats[seat].is_bot else ""
    points = words.plural("{n} pt", "{n} pts", Points(player.total))
    return f"{marker}{shown(player.name)}{bot} — {points}{score}"


def table_embed(
    game: GameRecord,
    view: SkyjoView,
    log: Sequence[str],
    words: Words,
    mode: str = "",
    *,
    pictures: bool = False,
    replay: bool = False,
) -> discord.Embed:
    """The table as text. With a picture, the players' names, points and grids are drawn
    (and said in its alt text); as text only, each grid is written out."""
    status = _status(view, game, mode, words, replay=replay)
    embed = discord.Embed(
        title=words("Skyjo · round {round}", round=view.round),
        description="\n".join(status),
        colour=COLOUR,
    )
    if not pictures:
        columns = view.settings.columns
        for seat, player in enumerate(view.players):
            embed.add_field(
                name=_player_title(game, view, seat, words)[:256],
                value=grid_text(player.cards, columns),
                inline=True,
            )
    if log:
        text = "\n".join(log)
        heading = (
            words("Since {name}'s last turn", name=shown(view.players[view.current].name))
            if view.phase in ("turn", "drawn") and view.current is not None
            else words("Last moves")
        )
        embed.add_field(name=heading[:256], value=text[-1024:], inline=False)
    reminders = reminders_line(game, words)
    target = words(
        "Game {game} · target {target} points", game=game.id, target=view.settings.target_score
    )
    embed.set_footer(text=f"{target}\n{reminders}")
    return embed


def changed_places(events: Sequence[object]) -> set[tuple[int, int]]:
    """The (seat, slot) places a turn's events changed on the grids dealt now: a turn that
    ended a round changed nothing of the next round's fresh grids."""
    places: set[tuple[int, int]] = set()
    for event in events:
        if isinstance(event, RoundStarted):
            places.clear()
        elif isinstance(event, TookDiscard | DiscardedAndFlipped | Swapped | Revealed):
            places.add((event.seat, event.slot))
        elif isinstance(event, LineCleared):
            places.update((event.seat, slot) for slot in event.slots)
    return places


def _whose_turn(view: SkyjoView, words: Words) -> list[str]:
    """Who the picture frames: the players still choosing their opening cards, or the player
    to move."""
    names = [player.name for player in view.players]
    if view.phase == "opening":
        return [words("Still choosing: {names}", names=", ".join(names[s] for s in view.to_move))]
    if view.phase == "over" or view.current is None:
        return []
    return [words("{name}'s turn.", name=names[view.current])]


def _scores_said(view: SkyjoView, seat: int, words: Words) -> str:
    """A player's points as the picture shows them: the game's total, and the face-up cards'
    total of the round when the table shows it."""
    player = view.players[seat]
    points = words.plural("{n} point", "{n} points", Points(player.total))
    if view.settings.show_round_scores and view.phase not in ("opening", "over"):
        return words(
            "{points} in the game, {score} this round",
            points=points,
            score=signed(player.visible_score),
        )
    return words("{points} in the game", points=points)


def table_description(view: SkyjoView, title: str, words: Words) -> str:
    """The table's picture in words: whose turn it is, the discard, every grid and score."""
    heading = [
        title,
        *_whose_turn(view, words),
        words("Discard pile: {card}", card=card_text(view.discard_top)),
    ]
    grids = [
        widgets.SpokenGrid(player.name, _scores_said(view, seat, words), player.cards)
        for seat, player in enumerate(view.players)
    ]
    return widgets.grids_description(heading, grids, view.settings.columns)


def table_picture(
    view: SkyjoView,
    last_turn: Sequence[object],
    words: Words,
    avatars: Sequence[Avatar | None] = (),
) -> Picture:
    title = words("Skyjo · round {round}", round=view.round)
    drawing = picture.table_picture(view, changed_places(last_turn), title, avatars)
    return Picture(
        name="skyjo.png",
        key=drawing,
        render=partial(grid_picture.render, drawing),
        description=table_description(view, title, words),
    )


def _grid_rows(
    view: SkyjoView, seat: int, verb: str, enabled: Sequence[bool]
) -> list[Sequence[ButtonSpec]]:
    return widgets.grid_buttons(
        view.players[seat].cards, view.settings.columns, verb, enabled, LOOK
    )


def table_rows(view: SkyjoView, mode: str, words: Words, *, bot_to_move: bool = False) -> list[Row]:
    """The controls of the seat to move (opening: a button to open one's own grid); none
    while a bot plays."""
    if view.phase == "opening":
        return [[ButtonSpec(words("Choose my cards"), "mine", style="primary", emoji="🃏")]]
    if view.current is None or bot_to_move:
        return []
    seat = view.current
    cards = view.players[seat].cards
    present = [card != "cleared" for card in cards]
    down = [card == "down" for card in cards]
    if view.phase == "turn":
        if mode == "take":
            return [
                *_grid_rows(view, seat, "take", present),
                [ButtonSpec(words("Cancel"), "mode", "", style="secondary")],
            ]
        actions = [
            ButtonSpec(
                words("Draw ({n})", n=view.draw_pile_size), "draw", style="primary", emoji="🎴"
            ),
            ButtonSpec(
                words("Take the {card}", card=card_text(view.discard_top)),
                "mode",
                "take",
                style="success",
            ),
            *_hint_button(view, words),
        ]
        return [*_grid_rows(view, seat, "take", [False] * len(cards)), actions]
    if mode == "flip":
        return [
            *_grid_rows(view, seat, "flip", down),
            [ButtonSpec(words("Back"), "mode", "", style="secondary")],
        ]
    return [
        *_grid_rows(view, seat, "swap", present),
        [
            ButtonSpec(
                words("Discard the {card}, turn a card up", card=card_text(view.drawn)),
                "mode",
                "flip",
                style="secondary",
                disabled=not any(down),
            ),
            *_hint_button(view, words),
        ],
    ]


def _hint_button(view: SkyjoView, words: Words) -> list[ButtonSpec]:
    """The coach, when the table allows it: only the player to move may use it."""
    return [ButtonSpec(words("Hint"), "hint", emoji="💡")] if view.settings.hints else []


def table(game: GameRecord, engine: SkyjoGame, context: TableContext) -> Screen:
    view = engine.view(None)
    bot = view.current is not None and game.seats[view.current].is_bot
    words = context.words
    return Screen(
        embed=table_embed(
            game,
            view,
            context.log,
            words,
            context.mode,
            pictures=context.pictures,
            replay=context.replay,
        ),
        rows=[] if context.replay else table_rows(view, context.mode, words, bot_to_move=bot),
        pictures=[table_picture(view, context.last_turn, words, _avatars(game, view, context))]
        if context.pictures
        else (),
    )


def _avatars(game: GameRecord, view: SkyjoView, context: TableContext) -> list[Avatar]:
    return grid_avatars(game, view.settings, len(view.players), context.avatars)


def grid_avatars(
    game: GameRecord, settings: SkyjoSettings, players: int, source: AvatarSource
) -> list[Avatar]:
    """What each seat's grid draws beside its name, at the size of a picture of `players`
    grids (the table's, and a round's final grids')."""
    size = grid_picture.avatar_size(settings.columns, settings.rows, players)
    return seat_avatars(game.seats, source, size)


def personal(
    game: GameRecord, engine: SkyjoGame, seat: int, words: Words, avatars: AvatarSource = badges
) -> Screen:
    view = engine.view(seat)
    player = view.players[seat]
    left = player.opening_left
    columns = view.settings.columns
    if view.phase == "opening" and left:
        text = words.plural(
            "Choose {n} more card to turn up.", "Choose {n} more cards to turn up.", left
        )
        rows = _grid_rows(view, seat, "reveal", [card == "down" for card in player.cards])
    else:
        text = words("Your opening cards are up. The game goes on at the table.")
        rows = []
    embed = discord.Embed(title=words("Your cards"), description=text, colour=COLOUR)
    embed.add_field(name=shown(player.name), value=grid_text(player.cards, columns), inline=False)
    return Screen(embed=embed, rows=rows)


def _standing(scored: RoundScored, seat: int, name: str, words: Words) -> str:
    """A player's line of a round's summary: the round's score (the finisher's penalty and
    why), then the total."""
    if seat != scored.finisher:
        note = ""
    elif scored.penalized:
        note = " " + words(
            "(ended the round: {raw} → {score}, not strictly lowest)",
            raw=Points(scored.raw[seat]),
            score=Points(scored.scores[seat]),
        )
    else:
        note = " " + words("(ended the round)")
    return words(
        "**{name}**: {score}{note} · total **{total}**",
        name=shown(name),
        score=signed(scored.scores[seat]),
        note=note,
        total=Points(scored.totals[seat]),
    )


def round_summary_screen(
    engine: SkyjoGame,
    scored: RoundScored,
    reveal: Sequence[str],
    words: Words,
    *,
    pictures: bool = True,
    avatars: Sequence[Avatar] = (),
) -> Screen:
    """The scores of a round and every grid as it ended: drawn (`avatars` beside the names),
    or as text only written out the way the text-only table writes grids."""
    names = engine.names
    embed = discord.Embed(
        title=words("Skyjo · round {round} is over", round=scored.round), colour=COLOUR
    )
    order = sorted(range(len(names)), key=lambda s: scored.totals[s])
    embed.description = "\n".join(_standing(scored, seat, names[seat], words) for seat in order)
    if reveal:
        embed.add_field(name=words("Final reveal"), value="\n".join(reveal)[:1024], inline=False)
    grids = engine.history[scored.round - 1].grids
    if not grids:
        return Screen(embed=embed)
    if not pictures:
        for seat, grid in enumerate(grids):
            embed.add_field(
                name=f"{shown(names[seat])} · {signed(scored.scores[seat])}"[:256],
                value=grid_text(_final_cards(grid), engine.settings.columns),
                inline=True,
            )
        return Screen(embed=embed)
    drawing = final_grids_picture(engine, scored, grids, words, avatars)
    return Screen(embed=embed, pictures=[drawing])


def _final_cards(grid: Sequence[int | None]) -> list[SlotView]:
    return ["cleared" if value is None else value for value in grid]


def _round_score_said(scored: RoundScored, seat: int, settings: PenaltyRules, words: Words) -> str:
    """A player's round score in words, a penalty said as such ("23, doubled to 46 as a
    penalty")."""
    raw, score = Points(scored.raw[seat]), Points(scored.scores[seat])
    if raw == score:
        return words("round score {score}", score=score)
    if settings.penalty is PenaltyType.MULTIPLIER and settings.penalty_factor == 2:
        return words("round score {raw}, doubled to {score} as a penalty", raw=raw, score=score)
    return words("round score {raw}, {score} with the penalty", raw=raw, score=score)


def round_description(engine: SkyjoGame, scored: RoundScored, title: str, words: Words) -> str:
    """The final grids' picture in words: who ended the round, each round score (a penalty
    said as such), each total, every grid."""
    grids = engine.history[scored.round - 1].grids
    spoken = []
    for seat, (name, grid) in enumerate(zip(engine.names, grids, strict=True)):
        about = [_round_score_said(scored, seat, engine.settings, words)]
        if seat == scored.finisher:
            about.insert(0, words("ended the round"))
        about.append(words("total {total}", total=Points(scored.totals[seat])))
        spoken.append(widgets.SpokenGrid(name, ", ".join(about), _final_cards(grid)))
    return widgets.grids_description([title], spoken, engine.settings.columns)


def final_grids_picture(
    engine: SkyjoGame,
    scored: RoundScored,
    grids: Sequence[Sequence[int | None]],
    words: Words,
    avatars: Sequence[Avatar] = (),
) -> Picture:
    """Every grid as the round ended; the finisher's score shows its penalty ("12→24")."""
    scores = [
        f"{number(raw)}→{number(score)}" if raw != score else signed(score)
        for raw, score in zip(scored.raw, scored.scores, strict=True)
    ]
    settings = engine.settings
    title = words("Skyjo · round {round} is over", round=scored.round)
    drawing = picture.final_grids_picture(
        title,
        engine.names,
        grids,
        scores,
        settings.columns,
        settings.rows,
        scored.finisher,
        avatars,
    )
    return Picture(
        name="round.png",
        key=drawing,
        render=partial(grid_picture.render, drawing),
        description=round_description(engine, scored, title, words),
    )


def final(
    game: GameRecord, engine: SkyjoGame, words: Words, avatars: AvatarSource = badges
) -> Screen:
    """The totals in text: every grid was drawn with the last round's summary."""
    names = engine.names
    winners = set(engine.winners or ())
    totals = engine.totals
    order = sorted(range(len(names)), key=lambda s: totals[s])
    lines = [
        ("🏆 " if seat in winners else "")
        + words.plural(
            "**{name}** — {n} point",
            "**{name}** — {n} points",
            Points(totals[seat]),
            name=shown(names[seat]),
        )
        for seat in order
    ]
    who = words.listing([shown(names[s]) for s in sorted(winners)])
    title = (
        words("Skyjo · {who} wins!", who=who)
        if len(winners) == 1
        else words("Skyjo · {who} share the victory!", who=who)
    )
    embed = discord.Embed(
        title=title,
        description="\n".join(lines),
        colour=discord.Colour.gold(),
    )
    rounds = len(engine.history)
    embed.set_footer(text=words.plural("{n} round", "{n} rounds", rounds))
    return Screen(embed=embed)


def settings_summary(settings: SkyjoSettings, words: Words) -> list[str]:
    on, off = words("on"), words("off")
    seconds = (
        words("{seconds} s", seconds=settings.turn_seconds)
        if settings.turn_seconds
        else words("no limit")
    )
    return [
        words("Target score: **{target}**", target=settings.target_score),
        words.plural(
            "Grid: **{rows} × {columns}**, {n} turned up at the start",
            "Grid: **{rows} × {columns}**, {n} turned up at the start",
            settings.opening_flips,
            rows=settings.rows,
            columns=settings.columns,
        ),
        words(
            "Remove identical columns: **{columns}** · rows: **{rows}**",
            columns=on if settings.clear_columns else off,
            rows=on if settings.clear_rows else off,
        ),
        words(
            "Finisher's penalty: **{penalty}** (when not strictly lowest)",
            penalty=penalty_text(settings, words),
        ),
        words(
            "Running round scores: **{shown}**",
            shown=words("shown") if settings.show_round_scores else words("hidden"),
        ),
        words("Time per turn: **{seconds}**", seconds=seconds),
        words("Hints: **{hints}**", hints=on if settings.hints else off),
    ]


YOUR_TURN = N_(
    "**Your turn**: either *take the discard* and swap it with any card of yours (face up or "
    "down), or *draw*: then swap the drawn card in, or discard it and turn up a face-down card."
)


def _setup_rule(settings: SkyjoSettings, words: Words) -> str:
    grid = words(
        "**Setup**: everyone's cards lie face down in a {rows} × {columns} grid.",
        rows=settings.rows,
        columns=settings.columns,
    )
    if not settings.opening_flips:
        return grid + " " + words("No card is turned up; the first seat starts round 1.")
    opening = words.plural(
        "Everyone turns up {n} card of their choice; the highest revealed total starts round 1 "
        "(tie: highest card, then earliest seat).",
        "Everyone turns up {n} cards of their choice; the highest revealed total starts round 1 "
        "(tie: highest card, then earliest seat).",
        settings.opening_flips,
    )
    return grid + " " + opening


def _lines_rule(settings: SkyjoSettings, words: Words) -> list[str]:
    """Which equal face-up cards are removed: a column's, a row's, or none."""
    lines = []
    if settings.clear_columns:
        lines.append(
            words.plural(
                "**Identical column**: {n} equal face-up card in a column is removed at once.",
                "**Identical column**: {n} equal face-up cards in a column are removed at once.",
                settings.rows,
            )
        )
    if settings.clear_rows:
        lines.append(
            words.plural(
                "**Identical row**: {n} equal face-up card in a row is removed at once.",
                "**Identical row**: {n} equal face-up cards in a row are removed at once.",
                settings.columns,
            )
        )
    return lines or [words("**Identical cards**: no column or row is removed.")]


def penalty_rule(settings: PenaltyRules, words: Words) -> str:
    """The finisher's penalty as a sentence of the rules."""
    factor, flat = settings.penalty_factor, settings.penalty_flat
    kind = settings.penalty
    if kind is PenaltyType.MULTIPLIER and factor == 2:
        return words(
            "The finisher's score is doubled if it is not strictly the lowest, unless it is 0 "
            "or less."
        )
    if kind is PenaltyType.MULTIPLIER:
        return words(
            "The finisher's score is multiplied by {factor} if it is not strictly the lowest, "
            "unless it is 0 or less.",
            factor=factor,
        )
    if kind is PenaltyType.FLAT:
        return words.plural(
            "The finisher's score gets {n} more point if it is not strictly the lowest, even "
            "when it is 0 or less.",
            "The finisher's score gets {n} more points if it is not strictly the lowest, even "
            "when it is 0 or less.",
            flat,
        )
    if kind is PenaltyType.FLAT_THEN_MULTIPLIER:
        return words.plural(
            "If the finisher's score is not strictly the lowest, it gets {n} more point, then "
            "is multiplied by {factor} unless it is 0 or less.",
            "If the finisher's score is not strictly the lowest, it gets {n} more points, then "
            "is multiplied by {factor} unless it is 0 or less.",
            flat,
            factor=factor,
        )
    if kind is PenaltyType.MULTIPLIER_THEN_FLAT:
        return words.plural(
            "If the finisher's score is not strictly the lowest, it is multiplied by {factor} "
            "unless it is 0 or less, then gets {n} more point.",
            "If the finisher's score is not strictly the lowest, it is multiplied by {factor} "
            "unless it is 0 or less, then gets {n} more points.",
            flat,
            factor=factor,
        )
    return words("The finisher has no penalty.")


def rules_text(settings: SkyjoSettings, words: Words) -> str:
    """The rules as played with `settings`: the grid, the opening cards, what is removed,
    the finisher's penalty and the target."""
    target = settings.target_score
    return "\n".join(
        [
            words.plural(
                "**Goal**: the fewest points when someone reaches {n} point.",
                "**Goal**: the fewest points when someone reaches {n} points.",
                target,
            ),
            _setup_rule(settings, words),
            words(YOUR_TURN),
            *_lines_rule(settings, words),
            words(
                "**End of a round**: once someone has every card face up, everyone else has one "
                "last turn; then all cards are turned up and counted. {penalty} The finisher "
                "starts the next round.",
                penalty=penalty_rule(settings, words),
            ),
            words.plural(
                "**End of the game**: after a round in which someone reaches {n} point; lowest "
                "total wins.",
                "**End of the game**: after a round in which someone reaches {n} points; lowest "
                "total wins.",
                target,
            ),
        ]
    )


CONTROLS = N_(
    "On your turn the table shows your grid as buttons. **Draw** then tap a card to swap, or "
    "**Discard…** then tap a face-down card to turn it up. **Take the N** then tap where it goes. "
    "Opening flips: **Choose my cards** opens your own grid, just for you."
)


def rules(words: Words, settings: SkyjoSettings) -> list[discord.Embed]:
    text = rules_text(settings, words)
    return rules_embeds(words, words("Skyjo rules"), text, CONTROLS, COLOUR)
