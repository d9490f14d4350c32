"""Sky Five's screens stay within Discord's limits, offer exactly the decision open, say the
table in words, and never depend on what the viewer may not see: the draw pile's order, the
cards removed at setup, anyone else's banked cards."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from bot.adapters.base import ButtonSpec, Personal, Play, Screen, SelectSpec, TableContext
from bot.adapters.specs import Command
from bot.games.sky_five import screens
from bot.games.sky_five.adapter import SkyFiveAdapter
from bot.i18n import Words
from bot.storage.records import GameRecord, SeatRecord
from games.core.errors import IllegalAction
from games.core.seats import Seat
from games.sky_five import SkyFiveGame, SkyFiveSettings, SkyFiveState, bank, draw, give, pass_
from games.sky_five.actions import Action
from games.sky_five.events import Event
from tests.bot.games.skyjo.test_screens import check_limits, rendered
from tests.sky_five.scripting import B, G, P, R, S, Y, position

SKY_FIVE = SkyFiveAdapter()
EN = Words("en")
LOG = ["A line of the log that is quite long, as lines of the log can be when cards are listed."]


def record(players: int, bots: tuple[int, ...] = ()) -> GameRecord:
    seats = [
        SeatRecord(name=f"Bot {i}", bot_level="normal")
        if i in bots
        else SeatRecord(name=f"Player number {i}", user_id=100 + i)
        for i in range(players)
    ]
    return GameRecord(
        id=7,
        guild_id=1,
        channel_id=2,
        kind="skyfive",
        status="running",
        host_id=100,
        seed=1,
        seats=seats,
        deadline=1_900_000_000.0,
    )


def new_game(players: int, seed: int = 5) -> SkyFiveGame:
    seats = [Seat(name=f"Player number {i}") for i in range(players)]
    return SkyFiveGame.new(SkyFiveSettings(), seats, seed)


def hide(game: SkyFiveGame, keep: int | None = None, seed: int = 0) -> SkyFiveGame:
    """The same game with everything hidden from `keep` (a spectator if None) dealt anew: the
    draw pile's order, the removed cards, and every other seat's banked cards."""
    state = game.to_state()
    assert isinstance(state, SkyFiveState)
    hidden = [seat for seat in range(len(state.seats)) if seat != keep]
    piles = [state.draw_pile, state.removed, *(state.banked[seat] for seat in hidden)]
    cards = [card for pile in piles for card in pile]
    random.Random(seed).shuffle(cards)
    dealt: list[list[int]] = []
    for pile in piles:
        dealt.append(cards[: len(pile)])
        cards = cards[len(pile) :]
    banked = [list(pile) for pile in state.banked]
    for seat, pile in zip(hidden, dealt[2:], strict=True):
        banked[seat] = pile
    altered = state.model_copy(
        update={"draw_pile": dealt[0], "removed": dealt[1], "banked": banked}
    )
    return SkyFiveGame.from_state(SkyFiveState.model_validate(altered.model_dump()))


def played(players: int, seed: int) -> Iterator[tuple[SkyFiveGame, list[Event]]]:
    """A whole game of random decisions: the game after each, with its events."""
    game = new_game(players, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while True:
        yield game, events
        if game.is_over:
            return
        seat = game.to_move[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))


def buttons(screen: Screen) -> list[ButtonSpec]:
    return [b for row in screen.rows if not isinstance(row, SelectSpec) for b in row]


def verbs(screen: Screen) -> list[tuple[str, str]]:
    return [(b.verb, b.arg) for b in buttons(screen)]


def table(game: SkyFiveGame, events: list[Event] | None = None, *, pictures: bool = True) -> Screen:
    players = len(game.seats)
    context = TableContext(EN, "", LOG, tuple(events or ()), pictures=pictures)
    return SKY_FIVE.table(record(players), game, context)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_every_screen_of_a_game_fits_and_hides_what_is_hidden(players: int, seed: int) -> None:
    game_record = record(players, bots=(players - 1,))
    phases = set()
    for game, events in played(players, seed):
        phases.add(game.phase)
        if game.is_over:
            check_limits(SKY_FIVE.final(game_record, game, EN))
            break
        hidden = hide(game, seed=len(events))
        for pictures in (True, False):
            context = TableContext(EN, "", LOG * 10, tuple(events), pictures=pictures)
            screen = SKY_FIVE.table(game_record, game, context)
            check_limits(screen)
            assert len(screen.embed.description or "") <= 4096
            assert rendered(screen) == rendered(SKY_FIVE.table(game_record, hidden, context))
        for seat in range(players):
            personal = SKY_FIVE.personal(game_record, game, seat, EN)
            check_limits(personal)
            assert rendered(personal) == rendered(
                SKY_FIVE.personal(game_record, hide(game, keep=seat, seed=seat), seat, EN)
            )
        for moment in SKY_FIVE.moments(game_record, game, events, EN):
            check_limits(moment)
    assert {"turn", "bust", "over"} <= phases
    assert ("give" in phases) == (players > 2), "with two players a gift has one recipient"


def test_a_players_own_pile_differs_from_what_others_see() -> None:
    game = position([[R(4)], [Y(2)]], draws=[G(1)], banked=[[B(6), P(5)], [S(2)]])
    mine = screens.personal(record(2), game, 0, EN).embed.description or ""
    assert "Banked: **2** cards, **11 points**" in mine
    assert "🔷 6" in mine and "💜 5" in mine
    for pictures in (True, False):
        public = table(game, pictures=pictures)
        said = json.dumps(public.embed.to_dict()) + "".join(p.description for p in public.pictures)
        assert "11" not in said and "point" not in said
    theirs = screens.personal(record(2), game, 1, EN).embed.description or ""
    assert "Banked: **1** card, **2 points**" in theirs


def test_the_player_to_move_sees_draw_and_bank_and_everyone_their_own_pile() -> None:
    game = position([[R(4), Y(2)], [], [B(5)]], draws=[G(1), G(2)], current=0)
    screen = table(game)
    assert verbs(screen) == [("draw", ""), ("bank", ""), ("hint", ""), ("mine", "")]
    labels = [b.label for b in buttons(screen)]
    assert labels == ["Draw (2)", "Bank", "Hint", "My banked cards"]
    text = screen.embed.description or ""
    assert "**Ana**'s turn: **Draw**, or **Bank** your 2 face-up cards." in text
    nothing = position([[], [R(1)]], draws=[G(1)], current=0)
    assert verbs(table(nothing)) == [("draw", ""), ("hint", ""), ("mine", "")]
    assert "press **Draw**" in (table(nothing).embed.description or "")


def test_a_bots_decision_has_only_the_own_pile_button_and_says_it_is_thinking() -> None:
    game = position([[R(4)], [Y(2)]], draws=[G(1)], current=1)
    screen = SKY_FIVE.table(record(2, bots=(1,)), game, TableContext(EN))
    assert verbs(screen) == [("mine", "")]
    assert "🤖 **Ana**" not in (screen.embed.description or "")
    assert "🤖 **Leo** is thinking…" in (screen.embed.description or "")


def test_a_gift_offers_only_the_players_who_lack_the_colour() -> None:
    game = position([[R(4)], [R(1)], [], [B(2)]], draws=[R(5), G(1)], current=0)
    game.apply(0, draw())
    assert game.phase == "give"
    screen = table(game)
    assert verbs(screen) == [("give", "2"), ("give", "3"), ("hint", ""), ("mine", "")]
    assert [b.label for b in buttons(screen)][:2] == ["Zoe", "Max"]
    text = screen.embed.description or ""
    assert "**Ana** drew 🔺 the red 5 but already has red: tap who gets it." in text
    picture = screen.pictures[0]
    assert "Waiting for its recipient: red 5." in picture.description


def test_a_bust_asks_each_player_in_turn_what_they_may_take() -> None:
    game = position([[R(4), Y(2), S(3)], [R(1)], [B(5)]], draws=[G(1)], rolls=[4], current=0)
    events = game.apply(0, bank())
    assert game.phase == "bust" and game.to_move == (1,)
    screen = table(game, events)
    assert verbs(screen) == [("take", "1"), ("take", "2"), ("pass", ""), ("hint", ""), ("mine", "")]
    assert [b.label for b in buttons(screen)][:3] == ["yellow 2", "Shooting Star 3", "Pass"]
    assert [b.emoji for b in buttons(screen)][:2] == ["🟡", "⭐"]
    text = screen.embed.description or ""
    assert "💥 **Ana** busted: the others may take one of their cards." in text
    assert "**Leo**: take a card, or **Pass**." in text
    assert "Leo may take: 🟡 yellow 2 · ⭐ Shooting Star 3" in text
    assert text.split("\n")[1] == "🎲 **Ana** rolled **4** against 2 · 3 · **4**: bust!"
    assert screen.embed.colour == screens.BUST_COLOUR
    game.apply(1, Action("take", 1))
    after = table(game)
    assert verbs(after) == [("take", "0"), ("take", "1"), ("pass", ""), ("hint", ""), ("mine", "")]
    assert "Zoe may take: 🔺 red 4 · ⭐ Shooting Star 3" in (after.embed.description or "")


def test_the_final_round_is_marked_and_offers_only_bank() -> None:
    game = position([[R(4)], [Y(2)], [B(1)]], draws=[], current=1, final_done=[True, False, False])
    screen = table(game, pictures=False)
    assert verbs(screen) == [("bank", ""), ("hint", ""), ("mine", "")]
    assert screen.embed.title == "Sky Five · final round"
    text = screen.embed.description or ""
    assert "🏁 **Leo**'s final turn: press **Bank**." in text
    assert "✅ Final turn done: Ana" in text
    names = [field.name for field in screen.embed.fields]
    assert names[:3] == [
        "✅ Ana · 0 banked cards",
        "▶ Leo · 0 banked cards",
        "Zoe · 0 banked cards",
    ]


def test_as_text_only_every_card_is_written_with_its_colour_and_symbol() -> None:
    game = position(
        [[R(4), Y(2), S(3)], [G(1), B(5), P(6)], []],
        draws=[G(2)],
        banked=[[R(1), R(2)], [], [B(0)]],
    )
    screen = table(game, pictures=False)
    fields = {field.name: field.value for field in screen.embed.fields}
    assert fields["▶ Ana · 2 banked cards"] == "🔺 red 4 · 🟡 yellow 2 · ⭐ Shooting Star 3"
    assert fields["Leo · 0 banked cards"] == "🟩 green 1 · 🔷 blue 5 · 💜 purple 6"
    assert fields["Zoe · 1 banked card"] == "no face-up cards"
    assert not screen.pictures
    with_picture = table(game)
    assert [f.name for f in with_picture.embed.fields] == ["Since Ana's last turn"]
    description = with_picture.pictures[0].description
    assert "Ana (to move, 2 banked cards): red 4, yellow 2 and Shooting Star 3" in description
    assert "Zoe (1 banked card): no face-up cards" in description


def test_a_bust_and_a_sky_five_have_messages_of_their_own() -> None:
    game = position([[R(4), Y(2), S(3)], [R(1)], [B(5)]], draws=[G(1)], rolls=[4], current=0)
    events = game.apply(0, bank())
    (bust,) = SKY_FIVE.moments(record(3), game, events, EN)
    assert bust.embed.title == "💥 Ana busts!"
    text = bust.embed.description or ""
    assert "🎲 **Ana** rolled **4** against 2 · 3 · **4**." in text
    assert "The 4 matches Ana's red 4: Ana busts." in text
    sky = position([[R(1)], [Y(1), G(1), B(1), P(1)], []], draws=[R(3), G(2)], current=0)
    sky.apply(0, draw())
    events = sky.apply(0, give(1))
    (five,) = SKY_FIVE.moments(record(3), sky, events, EN)
    assert five.embed.title == "🌈 Sky Five for Leo!"
    assert "Leo banks 5 cards" in (five.embed.description or "")
    assert SKY_FIVE.moments(record(3), sky, sky.apply(1, draw()), EN) == []


def test_the_final_standings_show_everyones_points_and_cards() -> None:
    game = position(
        [[R(3)], [], []],
        draws=[],
        rolls=[1],
        current=0,
        banked=[[R(6), Y(4)], [B(5), G(5)], [P(6), S(4)]],
        final_done=[False, True, True],
    )
    game.apply(0, bank())
    assert game.is_over
    final = SKY_FIVE.final(record(3), game, EN)
    assert final.embed.title == "Sky Five · Ana wins!"
    assert (final.embed.description or "").split("\n") == [
        "🎲 **Ana** rolled **1** against 3: banked.",
        "🏆 **Ana** — 13 points · 3 banked cards",
        "🔺 6 3 · 🟡 4",
        "**Leo** — 10 points · 2 banked cards",
        "🟩 5 · 🔷 5",
        "**Zoe** — 10 points · 2 banked cards",
        "💜 6 · ⭐ 4",
    ]
    assert screens.personal(record(3), game, 1, EN).embed.fields == [], (
        "nothing is at risk any more"
    )


def test_a_tie_on_points_goes_to_the_most_banked_cards() -> None:
    game = position(
        [[], [], [R(0)]],
        draws=[],
        rolls=[3],
        current=2,
        banked=[[R(6), Y(4)], [B(5), G(5), P(0)], [S(1)]],
        final_done=[True, True, False],
    )
    while not game.is_over:
        game.apply(game.to_move[0], game.legal_actions(game.to_move[0])[0])
    final = SKY_FIVE.final(record(3), game, EN)
    assert final.embed.title == "Sky Five · Leo wins!"
    text = final.embed.description or ""
    assert text.split("\n")[:2] == [
        "🎲 **Zoe** rolled **3** against 0: banked.",
        "🏆 **Leo** — 10 points · 3 banked cards",
    ]
    assert "Leo wins the tie on 10 points with the most banked cards." in text
    assert [(s.seat, s.score, s.tiebreak) for s in SKY_FIVE.standings(game)] == [
        (0, 10, 2),
        (1, 10, 3),
        (2, 1, 2),
    ]


def test_a_turn_keeps_its_token_through_its_gift_and_each_bust_choice_has_its_own() -> None:
    game = position([[R(4)], [R(1)], [], [B(2)]], draws=[R(5), G(1), Y(3)], current=0)
    start = SKY_FIVE.turn_token(game)
    game.apply(0, draw())
    assert SKY_FIVE.turn_token(game) == start, "the gift belongs to the turn"
    assert SKY_FIVE.off_turn(game, 0) is None
    game.apply(0, give(2))
    assert SKY_FIVE.turn_token(game) != start
    bust = position([[R(4), Y(2)], [B(1)], [G(1)]], draws=[G(2)], rolls=[4], current=0)
    tokens = [SKY_FIVE.turn_token(bust)]
    bust.apply(0, bank())
    tokens.append(SKY_FIVE.turn_token(bust))
    off = SKY_FIVE.off_turn(bust, 1)
    assert off is not None and off.seconds == 20
    assert off.default is None, "the seat's takeover bot chooses when time runs out"
    assert SKY_FIVE.off_turn(bust, 2) is None, "only the player whose choice it is"
    bust.apply(1, pass_())
    tokens.append(SKY_FIVE.turn_token(bust))
    assert len(set(tokens)) == 3


def test_clicks_mean_the_engines_actions_and_the_own_pile_opens_privately() -> None:
    game = position([[R(4)], [Y(2)]], draws=[G(1)])
    assert SKY_FIVE.interpret(game, 1, Command("mine"), EN) == Personal()
    assert SKY_FIVE.interpret(game, 0, Command("draw"), EN) == Play(draw())
    assert SKY_FIVE.interpret(game, 0, Command("give", "3"), EN) == Play(give(3))
    for command in (Command("take", "x"), Command("roll"), Command("give", "-1")):
        with pytest.raises(IllegalAction):
            SKY_FIVE.interpret(game, 0, command, EN)
    assert SKY_FIVE.safe_verbs == {"mine"}


def test_the_settings_panel_sets_both_times_and_hints() -> None:
    offered = {choice.key: choice for choice in SKY_FIVE.setting_choices(EN)}
    assert set(offered) == {"turn_seconds", "bust_seconds", "hints"}
    values = SKY_FIVE.choose({}, "bust_seconds", "30")
    values = SKY_FIVE.choose(values, "turn_seconds", "none")
    settings = SKY_FIVE.build_settings(values)
    assert (settings.turn_seconds, settings.bust_seconds) == (None, 30)
    assert SKY_FIVE.chosen(settings, "bust_seconds") == "30"
    assert SKY_FIVE.settings_summary(settings, EN) == [
        "Time per turn: **no limit**",
        "Time to choose from a bust: **30 s**",
        "Hints: **on**",
    ]
    assert SKY_FIVE.turn_seconds(settings) is None
    with pytest.raises(IllegalAction):
        SKY_FIVE.choose(values, "bust_seconds", "5")


def test_the_rules_fit_an_embed() -> None:
    (rules,) = SKY_FIVE.rules(EN, SkyFiveSettings())
    assert len(rules) <= 6000 and len(rules.description or "") <= 4096
    assert all(len(field.value or "") <= 1024 for field in rules.fields)
    assert "Sky Five" in (rules.title or "")


def test_a_solo_table_promises_no_alert_in_the_channel() -> None:
    game = new_game(3)
    alone = SKY_FIVE.table(record(3, bots=(1, 2)), game, TableContext(EN)).embed.footer.text
    assert "announced" not in (alone or "") and "/table remind sends you a DM" in (alone or "")
    shared = SKY_FIVE.table(record(3, bots=(2,)), game, TableContext(EN)).embed.footer.text
    assert "Your turn is announced in the channel" in (shared or "")
