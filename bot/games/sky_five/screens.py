"""What Sky Five looks like in Discord: the public table, a player's own pile, the moments
worth a message of their own (a bust, a Sky Five), the standings and the rules.

Every colour is named and carries a symbol of its own (the shape the picture draws on its
cards), so nothing depends on telling colours apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.adapters.base import ButtonSpec, Picture, Row, Screen, TableContext
from bot.adapters.specs import ALT_TEXT_LIMIT
from bot.games.sky_five import picture
from bot.games.sky_five.words import (
    COLOURS,
    card_list,
    card_name,
    colour_name,
    describe,
    pile_in_words,
    the_card,
)
from bot.i18n import N_, Words
from bot.storage.records import GameRecord
from bot.ui.avatar_picture import Avatar
from bot.ui.avatars import AvatarSource, badges, seat_avatars
from bot.ui.names import all_shown, shown
from bot.ui.reminders import reminders_line
from bot.ui.rules import rules_embeds
from games.sky_five.cards import COLOUR_BIT, COLOUR_COUNT, NUMBER, colour_of
from games.sky_five.events import Banked, Busted, Discarded, SkyFive
from games.sky_five.game import SkyFiveGame
from games.sky_five.settings import SkyFiveSettings
from games.sky_five.view import SkyFiveView

TITLE = "Sky Five"
COLOUR = discord.Colour.from_rgb(70, 130, 230)
BUST_COLOUR = discord.Colour.from_rgb(235, 45, 60)
SKY_FIVE_COLOUR = discord.Colour.from_rgb(250, 210, 80)

SYMBOLS: tuple[str, ...] = ("🔺", "🟡", "🟩", "🔷", "💜", "⭐")
"""Each colour's symbol (the Shooting Stars last): the colour and the shape of the picture's."""
BUTTONS_PER_ROW = 5


def ordered(cards: Sequence[int]) -> list[int]:
    """Cards by colour, the Shooting Stars last, then by number."""
    return sorted(cards, key=lambda card: (colour_of(card), NUMBER[card]))


def card_text(card: int, words: Words) -> str:
    """ "🔺 red 4": the symbol, then the card in words."""
    return f"{SYMBOLS[colour_of(card)]} {card_name(card, words)}"


def hand_text(cards: Sequence[int], words: Words) -> str:
    if not cards:
        return words("no face-up cards")
    return " · ".join(card_text(card, words) for card in ordered(cards))


def numbers_text(numbers: Sequence[int], face: int | None = None) -> str:
    """ "1 · **4** · 6": the numbers a roll is compared with, the one it shows in bold."""
    return " · ".join(f"**{n}**" if n == face else str(n) for n in numbers)


def takeable(view: SkyFiveView, seat: int) -> list[tuple[int, int]]:
    """(index, card) of the busted player's cards `seat` may take, by colour."""
    if view.busted is None:
        return []
    mine = 0
    for card in view.players[seat].face_up:
        mine |= COLOUR_BIT[card]
    cards = view.players[view.busted].face_up
    found = [(i, card) for i, card in enumerate(cards) if not COLOUR_BIT[card] & mine]
    return sorted(found, key=lambda found: (colour_of(found[1]), NUMBER[found[1]]))


def _thinking(name: str, words: Words) -> str:
    return words("🤖 **{name}** is thinking…", name=name)


def _timer(game: GameRecord, words: Words) -> str:
    if not game.deadline:
        return ""
    when = f"<t:{int(game.deadline)}:R>"
    return " · " + words("time runs out {when}", when=when)


def _prompt(view: SkyFiveView, game: GameRecord, words: Words) -> list[str]:
    """Whose decision it is and what to press."""
    seat = view.to_move[0]
    names = all_shown(player.name for player in view.players)
    name = names[seat]
    bot = game.seats[seat].is_bot
    timer = _timer(game, words)
    if view.phase == "bust":
        assert view.busted is not None
        lines = [
            words(
                "💥 **{name}** busted: the others may take one of their cards.",
                name=names[view.busted],
            )
        ]
        if bot:
            lines.append(_thinking(name, words))
        else:
            lines.append(words("**{name}**: take a card, or **Pass**.", name=name) + timer)
        cards = [card_text(card, words) for _, card in takeable(view, seat)]
        lines.append(words("{name} may take: {cards}", name=name, cards=" · ".join(cards)))
        return lines
    if bot:
        return [_thinking(name, words)]
    if view.phase == "give":
        drawn = view.pending
        assert drawn is not None
        card = f"{SYMBOLS[colour_of(drawn)]} {the_card(drawn, words)}"
        colour = colour_name(drawn, words)
        return [
            words(
                "**{name}** drew {card} but already has {colour}: tap who gets it.",
                name=name,
                card=card,
                colour=colour,
            )
            + timer
        ]
    if view.final_round:
        return [words("🏁 **{name}**'s final turn: press **Bank**.", name=name) + timer]
    count = len(view.players[seat].face_up)
    if not count:
        return [words("**{name}**'s turn: press **Draw**.", name=name) + timer]
    return [
        words.plural(
            "**{name}**'s turn: **Draw**, or **Bank** your {n} face-up card.",
            "**{name}**'s turn: **Draw**, or **Bank** your {n} face-up cards.",
            count,
            name=name,
        )
        + timer
    ]


def roll_line(roll: picture.Roll, words: Words) -> str:
    numbers = numbers_text(roll.numbers, roll.face)
    if roll.bust:
        return words(
            "🎲 **{name}** rolled **{roll}** against {numbers}: bust!",
            name=shown(roll.name),
            roll=roll.face,
            numbers=numbers,
        )
    return words(
        "🎲 **{name}** rolled **{roll}** against {numbers}: banked.",
        name=shown(roll.name),
        roll=roll.face,
        numbers=numbers,
    )


def _final_round(view: SkyFiveView, words: Words) -> list[str]:
    if not view.final_round or view.phase == "over":
        return []
    lines = [words("🏁 **Final round**: the draw pile is empty; everyone banks once.")]
    done = [shown(player.name) for player in view.players if player.final_turn_done]
    if done:
        lines.append(words("✅ Final turn done: {names}", names=", ".join(done)))
    return lines


def status(
    view: SkyFiveView,
    game: GameRecord,
    last_turn: Sequence[object],
    words: Words,
    *,
    replay: bool = False,
) -> list[str]:
    """The description of the table: the decision open and what to press (not in a replay),
    the last roll, the final round and the draw pile."""
    lines = _prompt(view, game, words) if view.phase != "over" and not replay else []
    roll = picture.last_roll(view, last_turn)
    if roll is not None:
        # A bust's roll explains the headline above it; otherwise the prompt comes first.
        lines.insert(1 if view.phase == "bust" else len(lines), roll_line(roll, words))
    lines += _final_round(view, words)
    lines.append(words.plural("Draw pile: {n} card", "Draw pile: {n} cards", view.draw_pile_size))
    return lines


def _player_title(view: SkyFiveView, game: GameRecord, seat: int, words: Words) -> str:
    player = view.players[seat]
    if seat == view.busted:
        marker = "💥 "
    elif seat in view.to_move:
        marker = "▶ "
    elif view.final_round and player.final_turn_done:
        marker = "✅ "
    else:
        marker = ""
    bot = " 🤖" if game.seats[seat].is_bot else ""
    banked = words.plural("{n} banked card", "{n} banked cards", player.banked_count)
    return f"{marker}{shown(player.name)}{bot} · {banked}"


def title(view: SkyFiveView, words: Words) -> str:
    if view.final_round and view.phase != "over":
        return words("{game} · final round", game=TITLE)
    return TITLE


def table_embed(
    view: SkyFiveView,
    game: GameRecord,
    context: TableContext,
) -> discord.Embed:
    """The table as text. With a picture, the players' cards are drawn (and said in its alt
    text); as text only, each player's cards are written out."""
    words = context.words
    embed = discord.Embed(
        title=title(view, words),
        description="\n".join(status(view, game, context.last_turn, words, replay=context.replay)),
        colour=BUST_COLOUR if view.phase == "bust" else COLOUR,
    )
    if not context.pictures:
        for seat, player in enumerate(view.players):
            embed.add_field(
                name=_player_title(view, game, seat, words)[:256],
                value=hand_text(player.face_up, words)[:1024],
                inline=False,
            )
    if context.log:
        text = "\n".join(context.log)
        heading = (
            words("Since {name}'s last turn", name=shown(view.players[view.to_move[0]].name))
            if len(view.to_move) == 1
            else words("Last moves")
        )
        embed.add_field(name=heading[:256], value=text[-1024:], inline=False)
    reminders = reminders_line(game, words)
    embed.set_footer(text=f"{words('Game {game}', game=game.id)}\n{reminders}")
    return embed


def table_rows(view: SkyFiveView, game: GameRecord, words: Words) -> list[Row]:
    """The controls of the player to move (none while a bot plays), and for everyone a button
    to see their own banked cards."""
    if view.phase == "over":
        return []
    seat = view.to_move[0]
    buttons: list[ButtonSpec] = []
    if not game.seats[seat].is_bot:
        player = view.players[seat]
        if view.phase == "turn":
            if not view.final_round:
                label = words("Draw ({n})", n=view.draw_pile_size)
                buttons.append(ButtonSpec(label, "draw", style="primary", emoji="🎴"))
            if player.face_up:
                buttons.append(ButtonSpec(words("Bank"), "bank", style="success", emoji="🎲"))
        elif view.phase == "give":
            buttons += [
                ButtonSpec(view.players[r].name[:80], "give", str(r), style="primary", emoji="🎁")
                for r in view.recipients
            ]
        else:
            buttons += [
                ButtonSpec(
                    card_name(card, words),
                    "take",
                    str(index),
                    style="success",
                    emoji=SYMBOLS[colour_of(card)],
                )
                for index, card in takeable(view, seat)
            ]
            buttons.append(ButtonSpec(words("Pass"), "pass", style="secondary"))
        if view.settings.hints:
            buttons.append(ButtonSpec(words("Hint"), "hint", emoji="💡"))
    buttons.append(ButtonSpec(words("My banked cards"), "mine", style="secondary", emoji="🔒"))
    return [buttons[i : i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)]


def picture_labels(view: SkyFiveView, words: Words) -> picture.Labels:
    return picture.Labels(
        title=title(view, words),
        colours=tuple(words(name) for name in COLOURS),
        bust=words("BUST"),
        sky_five=words("SKY FIVE"),
    )


def picture_description(view: SkyFiveView, drawing: picture.SkyFiveTable, words: Words) -> str:
    """The picture in words, for screen readers."""
    lines = [
        f"{drawing.labels.title}. "
        + words.plural("Draw pile: {n} card", "Draw pile: {n} cards", drawing.draw_pile)
    ]
    if drawing.roll is not None:
        lines.append(roll_line(drawing.roll, words).replace("**", "").removeprefix("🎲 "))
    if drawing.drawn is not None:
        lines.append(
            words("Waiting for its recipient: {card}.", card=card_name(drawing.drawn, words))
        )
    notes = {
        "bust": words("bust"),
        "sky_five": words("Sky Five!"),
        "done": words("final turn done"),
    }
    for hand in drawing.hands:
        about = [words.plural("{n} banked card", "{n} banked cards", hand.banked)]
        if hand.to_move:
            about.insert(0, words("to move"))
        if hand.mark:
            about.insert(0, notes[hand.mark])
        cards = card_list(ordered(hand.cards), words) if hand.cards else words("no face-up cards")
        lines.append(f"{shown(hand.name)} ({', '.join(about)}): {cards}")
    return "\n".join(lines)[:ALT_TEXT_LIMIT]


def table_picture(
    view: SkyFiveView,
    last_turn: Sequence[object],
    words: Words,
    avatars: Sequence[Avatar | None] = (),
) -> Picture:
    drawing = picture.table_picture(view, last_turn, picture_labels(view, words), avatars)
    return Picture(
        name="skyfive.png",
        key=drawing,
        render=partial(picture.render, drawing),
        description=picture_description(view, drawing, words),
    )


def _avatars(game: GameRecord, view: SkyFiveView, context: TableContext) -> list[Avatar]:
    return seat_avatars(game.seats, context.avatars, picture.avatar_size(len(view.players)))


def table(game: GameRecord, engine: SkyFiveGame, context: TableContext) -> Screen:
    view = engine.view(None)
    words = context.words
    return Screen(
        embed=table_embed(view, game, context),
        rows=[] if context.replay else table_rows(view, game, words),
        pictures=[table_picture(view, context.last_turn, words, _avatars(game, view, context))]
        if context.pictures
        else (),
    )


# ---------------------------------------------------------------------------- one player


def _by_colour(cards: Sequence[int]) -> list[str]:
    """One line per colour: its symbol and the numbers of that colour, highest first."""
    lines = []
    for colour in range(COLOUR_COUNT + 1):
        numbers = sorted((NUMBER[c] for c in cards if colour_of(c) == colour), reverse=True)
        if numbers:
            lines.append(f"{SYMBOLS[colour]} " + " ".join(str(n) for n in numbers))
    return lines


def risk_line(cards: Sequence[int], words: Words) -> str:
    """Which faces of the die would bust these cards if banked now."""
    faces = sorted({NUMBER[card] for card in cards} - {0})
    if not faces:
        return words("If you bank now, no face of the die can bust you.")
    return words.plural(
        "If you bank now, the die busts you on {faces}: {n} face in 6.",
        "If you bank now, the die busts you on {faces}: {n} faces in 6.",
        len(faces),
        faces=", ".join(str(face) for face in faces),
    )


def personal(
    game: GameRecord, engine: SkyFiveGame, seat: int, words: Words, avatars: AvatarSource = badges
) -> Screen:
    """A player's own banked cards and points, which only they may see until the end."""
    view = engine.view(seat)
    player = view.players[seat]
    banked = player.banked or ()
    points = words.plural("{n} point", "{n} points", player.score or 0)
    lines = [
        words.plural(
            "Banked: **{n}** card, **{points}**",
            "Banked: **{n}** cards, **{points}**",
            len(banked),
            points=points,
        ),
        *_by_colour(banked),
    ]
    embed = discord.Embed(title=words("Your cards"), description="\n".join(lines), colour=COLOUR)
    if view.phase != "over":
        face_up = player.face_up
        value = hand_text(face_up, words)
        if face_up:
            value += "\n" + risk_line(face_up, words)
        embed.add_field(name=words("Face up, not yet safe"), value=value[:1024], inline=False)
    return Screen(embed=embed)


# -------------------------------------------------------------------------------- moments


def _bust_screen(
    event: Busted, after: Sequence[object], names: Sequence[str], words: Words
) -> Screen:
    lines = []
    if event.cause == "roll":
        numbers = sorted({NUMBER[card] for card in event.cards})
        lines.append(
            words(
                "🎲 **{name}** rolled **{roll}** against {numbers}.",
                name=names[event.seat],
                roll=event.value,
                numbers=numbers_text(numbers, event.value),
            )
        )
    lines.append(describe(event, names, words))
    lines += [
        describe(later, names, words)
        for later in after
        if isinstance(later, Discarded) and later.seat == event.seat
    ]
    embed = discord.Embed(
        title="💥 " + words("{name} busts!", name=names[event.seat]),
        description="\n".join(lines),
        colour=BUST_COLOUR,
    )
    return Screen(embed=embed)


def _sky_five_screen(
    event: SkyFive, after: Sequence[object], names: Sequence[str], words: Words
) -> Screen:
    lines = [describe(event, names, words)]
    banked = next((e for e in after if isinstance(e, Banked) and e.seat == event.seat), None)
    if banked is not None:
        lines.append(describe(banked, names, words))
    embed = discord.Embed(
        title="🌈 " + words("Sky Five for {name}!", name=names[event.seat]),
        description="\n".join(lines),
        colour=SKY_FIVE_COLOUR,
    )
    return Screen(embed=embed)


def moment_screens(names: Sequence[str], events: Sequence[object], words: Words) -> list[Screen]:
    """A message of its own for each bust and each Sky Five, so nobody misses them."""
    screens = []
    for index, event in enumerate(events):
        after = events[index + 1 :]
        if isinstance(event, Busted):
            screens.append(_bust_screen(event, after, names, words))
        elif isinstance(event, SkyFive):
            screens.append(_sky_five_screen(event, after, names, words))
    return screens


# ------------------------------------------------------------------------------ the end


def pile_line(cards: Sequence[int]) -> str:
    """ "🔺 6 4 · 🟡 2 · ⭐ 5": a banked pile by colour, each colour's numbers highest first."""
    return " · ".join(_by_colour(cards))


def standings_order(view: SkyFiveView) -> list[int]:
    """The seats from first to last: the most points, then the most banked cards."""
    players = view.players
    return sorted(
        range(len(players)), key=lambda s: (-(players[s].score or 0), -players[s].banked_count, s)
    )


def _standing(view: SkyFiveView, seat: int, words: Words) -> list[str]:
    """A player's points and banked cards, then the cards themselves."""
    player = view.players[seat]
    points = words.plural(
        "**{name}** — {n} point",
        "**{name}** — {n} points",
        player.score or 0,
        name=shown(player.name),
    )
    cards = words.plural("{n} banked card", "{n} banked cards", player.banked_count)
    trophy = "🏆 " if seat in (view.winners or ()) else ""
    pile = pile_line(player.banked or ())
    return [f"{trophy}{points} · {cards}", *([pile] if pile else [])]


def standings_description(
    view: SkyFiveView, heading: str, roll: picture.Roll | None, words: Words
) -> str:
    """The standings' picture in words, for screen readers."""
    lines = [heading]
    if roll is not None:
        lines.append(roll_line(roll, words).replace("**", "").removeprefix("🎲 "))
    for seat in standings_order(view):
        player = view.players[seat]
        points = words.plural("{n} point", "{n} points", player.score or 0)
        cards = words.plural("{n} banked card", "{n} banked cards", player.banked_count)
        pile = pile_in_words(player.banked or (), words)
        lines.append(f"{player.name} ({points}, {cards})" + (f": {pile}" if pile else ""))
    return "\n".join(lines)[:ALT_TEXT_LIMIT]


def standings_picture(
    view: SkyFiveView,
    heading: str,
    roll: picture.Roll | None,
    words: Words,
    avatars: Sequence[Avatar | None] = (),
) -> Picture:
    """Every player's banked cards in columns by colour, the winners framed in gold, and the
    last roll if the game ended on a bank; `avatars` (by seat) beside the names."""
    winners = view.winners or ()
    piles = tuple(
        picture.Pile(
            name=view.players[seat].name,
            cards=view.players[seat].banked or (),
            score=words.plural("{n} pt", "{n} pts", view.players[seat].score or 0),
            winner=seat in winners,
            avatar=avatars[seat] if seat < len(avatars) else None,
        )
        for seat in standings_order(view)
    )
    colours = tuple(words(name) for name in COLOURS)
    drawing = picture.SkyFiveStandings(heading, colours, piles, roll)
    return Picture(
        name="standings.png",
        key=drawing,
        render=partial(picture.render_standings, drawing),
        description=standings_description(view, heading, roll, words),
    )


def _heading(view: SkyFiveView, names: Sequence[str], words: Words) -> str:
    who = words.listing([names[s] for s in sorted(view.winners or ())])
    if len(view.winners or ()) == 1:
        return words("Sky Five · {who} wins!", who=who)
    return words("Sky Five · {who} share the victory!", who=who)


def final(
    game: GameRecord, engine: SkyFiveGame, words: Words, avatars: AvatarSource = badges
) -> Screen:
    """The roll that ended the game, if it did on a bank; everyone's banked points and cards,
    the winners first, in text and in a picture."""
    view = engine.view(None)
    players = view.players
    roll = picture.kept_roll(view)
    lines = [roll_line(roll, words)] if roll is not None else []
    for seat in standings_order(view):
        lines += _standing(view, seat, words)
    scores = [player.score or 0 for player in players]
    best = max(scores)
    winners = view.winners or ()
    if len(winners) == 1 and scores.count(best) > 1:
        lines.append(
            words.plural(
                "{name} wins the tie on {n} point with the most banked cards.",
                "{name} wins the tie on {n} points with the most banked cards.",
                best,
                name=shown(players[winners[0]].name),
            )
        )
    heading = _heading(view, all_shown(player.name for player in players), words)
    embed = discord.Embed(title=heading, description="\n".join(lines), colour=SKY_FIVE_COLOUR)
    drawn = _heading(view, [player.name for player in players], words)
    size = picture.standings_avatar_size([player.banked or () for player in players])
    faces = seat_avatars(game.seats, avatars, size)
    return Screen(embed=embed, pictures=[standings_picture(view, drawn, roll, words, faces)])


# ------------------------------------------------------------------- settings and rules


def _seconds(seconds: int | None, words: Words) -> str:
    return words("{seconds} s", seconds=seconds) if seconds else words("no limit")


def settings_summary(settings: SkyFiveSettings, words: Words) -> list[str]:
    return [
        words("Time per turn: **{seconds}**", seconds=_seconds(settings.turn_seconds, words)),
        words(
            "Time to choose from a bust: **{seconds}**",
            seconds=_seconds(settings.bust_seconds, words),
        ),
        words("Hints: **{hints}**", hints=words("on") if settings.hints else words("off")),
    ]


RULES = N_(
    "**Goal**: the most banked points when the draw pile runs out.\n"
    "**Cards**: five colours (🔺 red, 🟡 yellow, 🟩 green, 🔷 blue, 💜 purple), each two 0s and "
    "three each of 1–6, and six ⭐ Shooting Stars (1–6) of no colour.\n"
    "**Your turn**: *draw* or *bank*. A drawn card of a colour you lack stays face up before you; "
    "a Shooting Star always does. A colour you already have goes to a player of your choice who "
    "lacks it; if everyone has it, you bust.\n"
    "**Bank**: roll the die (1–6). If it shows a number on one of your face-up cards you bust; "
    "otherwise all your face-up cards are banked, safe for good.\n"
    "**Bust**: starting after you, each other player may take one of your face-up cards of a "
    "colour they lack (any Shooting Star), or pass. The rest is discarded.\n"
    "**Sky Five**: five colours face up are banked at once, Shooting Stars included, whoever's "
    "turn it is.\n"
    "**End**: once the draw pile is empty, everyone has one final turn and must bank. Most "
    "points wins; a tie goes to the most banked cards."
)

CONTROLS = N_(
    "On your turn press **Draw** or **Bank**. A colour you already have: tap who gets it. "
    "When someone busts, the table asks each player in turn to tap a card to take, or "
    "**Pass**. **My banked cards** shows your own pile and points, only to you."
)


def rules(words: Words, settings: SkyFiveSettings) -> list[discord.Embed]:
    return rules_embeds(words, words("Sky Five rules"), words(RULES), CONTROLS, COLOUR)
