from games.sky_five import SkyFiveGame, SkyFiveSettings, bank, draw
from tests.sky_five.scripting import B, G, P, R, S, Y, position, seats


def _midgame() -> SkyFiveGame:
    return position(
        [[R(1), S(4)], [B(2)], []],
        draws=(G(3), Y(5)),
        banked=[[P(6), Y(1)], [G(5)], []],
    )


def test_a_seat_sees_every_face_up_card_and_pile_size_but_only_its_own_banked_cards() -> None:
    game = _midgame()
    view = game.view(0)
    assert [p.face_up for p in view.players] == [(R(1), S(4)), (B(2),), ()]
    assert [p.banked_count for p in view.players] == [2, 1, 0]
    assert [p.banked for p in view.players] == [(P(6), Y(1)), None, None]
    assert [p.score for p in view.players] == [7, None, None]
    leo = game.view(1)
    assert [p.banked for p in leo.players] == [None, (G(5),), None]
    assert [p.score for p in leo.players] == [None, 5, None]


def test_a_spectator_sees_no_banked_cards() -> None:
    view = _midgame().view(None)
    assert [p.banked for p in view.players] == [None, None, None]
    assert [p.score for p in view.players] == [None, None, None]
    assert [p.banked_count for p in view.players] == [2, 1, 0]


def test_the_view_shows_pile_sizes_but_never_the_draw_order_or_removed_cards() -> None:
    game = SkyFiveGame.new(SkyFiveSettings(), seats(2), seed=3)
    view = game.view(0)
    assert (view.draw_pile_size, view.removed_count) == (54, 52)
    assert set(view.model_dump()).isdisjoint({"draw_pile", "removed", "seed"})


def test_every_pile_is_shown_when_the_game_is_over() -> None:
    game = position([[R(2)], []], rolls=(1,), banked=[[P(6)], [G(5), B(1)]])
    game.apply(0, bank())
    for seat in (0, 1, None):
        view = game.view(seat)
        assert [p.banked for p in view.players] == [(P(6), R(2)), (G(5), B(1))]
        assert [p.score for p in view.players] == [8, 6]
        assert view.winners == (0,)
        assert view.current is None
        assert view.to_move == ()


def test_a_card_waiting_for_its_recipient_is_public() -> None:
    game = position([[R(1)], [], []], draws=(R(2), G(1)))
    game.apply(0, draw())
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert (view.phase, view.pending, view.recipients, view.to_move) == (
            "give",
            R(2),
            (1, 2),
            (0,),
        )


def test_a_bust_in_progress_shows_who_busted_and_who_decides() -> None:
    game = position([[R(4)], [B(1)]], draws=(G(1),), rolls=(4,))
    game.apply(0, bank())
    view = game.view(1)
    assert (view.phase, view.busted, view.to_move, view.players[0].face_up) == (
        "bust",
        0,
        (1,),
        (R(4),),
    )
