"""Sky Five's final standings: the roll of the turn that ended the game, and every player's
banked cards, in text (all a text-only server gets), in a picture and in its alt text."""

from __future__ import annotations

import io

from PIL import Image

from bot.adapters.base import Screen
from bot.games.sky_five import picture
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.i18n import Words
from games.sky_five import SkyFiveGame, bank, draw
from tests.bot.games.sky_five.test_picture import at
from tests.bot.games.sky_five.test_screens import record
from tests.sky_five.scripting import B, G, P, R, S, Y, position

SKY_FIVE = SkyFiveAdapter()
EN = Words("en")


def lines(screen: Screen) -> list[str]:
    return (screen.embed.description or "").split("\n")


def standings(screen: Screen) -> picture.SkyFiveStandings:
    (drawn,) = screen.pictures
    assert isinstance(drawn.key, picture.SkyFiveStandings)
    return drawn.key


def ended_on_a_safe_bank() -> SkyFiveGame:
    """Leo's final bank (red 3, Shooting Star 5) ends the game; the die shows 4."""
    game = position(
        [[], [R(3), S(5)], []],
        rolls=[4],
        current=1,
        banked=[[R(6), Y(4), G(1)], [B(5)], [P(6), S(4), Y(2), Y(1)]],
        final_done=[True, False, True],
    )
    game.apply(1, bank())
    assert game.is_over
    return game


def test_the_roll_that_ends_the_game_heads_the_standings_with_every_banked_card() -> None:
    final = SKY_FIVE.final(record(3), ended_on_a_safe_bank(), EN)
    assert final.embed.title == "Sky Five · Zoe wins!"
    assert lines(final) == [
        "🎲 **Leo** rolled **4** against 3 · 5: banked.",
        "🏆 **Zoe** — 13 points · 4 banked cards",
        "🟡 2 1 · 💜 6 · ⭐ 4",
        "**Leo** — 13 points · 3 banked cards",
        "🔺 3 · 🔷 5 · ⭐ 5",
        "**Ana** — 11 points · 3 banked cards",
        "🔺 6 · 🟡 4 · 🟩 1",
        "Zoe wins the tie on 13 points with the most banked cards.",
    ]


def test_the_standings_picture_draws_the_roll_and_every_pile_best_first() -> None:
    final = SKY_FIVE.final(record(3), ended_on_a_safe_bank(), EN)
    drawn = standings(final)
    assert drawn.roll == picture.Roll("Leo", 4, (3, 5), bust=False)
    assert [(pile.name, pile.score, pile.winner) for pile in drawn.piles] == [
        ("Zoe", "13 pts", True),
        ("Leo", "13 pts", False),
        ("Ana", "11 pts", False),
    ]
    assert sorted(drawn.piles[1].cards) == sorted([B(5), R(3), S(5)])
    (shown,) = final.pictures
    assert shown.description.split("\n") == [
        "Sky Five · Zoe wins!",
        "Leo rolled 4 against 3 · 5: banked.",
        "Zoe (13 points, 4 banked cards): yellow 2, 1; purple 6; Shooting Stars 4",
        "Leo (13 points, 3 banked cards): red 3; blue 5; Shooting Stars 5",
        "Ana (11 points, 3 banked cards): red 6; yellow 4; green 1",
    ]


def test_each_banked_card_is_drawn_in_its_colour_in_its_players_column() -> None:
    drawn = standings(SKY_FIVE.final(record(3), ended_on_a_safe_bank(), EN))
    image = Image.open(io.BytesIO(picture.render_standings(drawn))).convert("RGB")
    assert image.width <= 800 and image.height <= 600
    shape = picture.pile_layout(3, picture.longest_stack(drawn))
    for index, pile in enumerate(drawn.piles):
        for column, stack in enumerate(picture.stacks(pile.cards)):
            for depth, card in enumerate(stack):
                x, y = shape.card_origin(index, column, depth)
                assert at(image, x + shape.card_w // 2, y + 2) == picture.card_colour(card)
    x, y = shape.panel_origin(0)
    assert at(image, x + shape.panel_w // 2, y + 1) == picture.GOLD, "the winner is framed"


def test_a_last_bank_that_busts_shows_its_roll_as_a_bust() -> None:
    game = position(
        [[Y(3), B(2)], [], []],
        rolls=[3],
        current=0,
        banked=[[R(6)], [B(5)], [P(1)]],
        final_done=[False, True, True],
    )
    game.apply(0, bank())
    assert game.is_over, "nobody is left to take the busted cards"
    final = SKY_FIVE.final(record(3), game, EN)
    assert lines(final)[0] == "🎲 **Ana** rolled **3** against 2 · **3**: bust!"
    assert standings(final).roll == picture.Roll("Ana", 3, (2, 3), bust=True)


def test_a_game_ended_by_a_draw_shows_no_earlier_roll() -> None:
    game = position([[Y(1), G(1), B(1), P(1)], [S(4)]], draws=[R(3)], rolls=[2], current=1)
    game.apply(1, bank())
    game.apply(0, draw())
    assert game.is_over, "the last card made a Sky Five and nobody has a card left to bank"
    final = SKY_FIVE.final(record(2), game, EN)
    assert not lines(final)[0].startswith("🎲")
    assert standings(final).roll is None
    assert "🔺 3 · 🟡 1 · 🟩 1 · 🔷 1 · 💜 1" in lines(final)


def test_a_restored_finished_game_still_shows_its_last_roll() -> None:
    game = SkyFiveGame.from_json(ended_on_a_safe_bank().to_json())
    final = SKY_FIVE.final(record(3), game, EN)
    assert lines(final)[0] == "🎲 **Leo** rolled **4** against 3 · 5: banked."
