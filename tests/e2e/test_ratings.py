"""A solo game finished through Discord leaves a rating for its member: the model's update
against the bot's fixed rating, written with the game's results."""

from __future__ import annotations

import random
from pathlib import Path

from bot.ratings.model import NEW, RatedSeat, update
from tests.e2e.harness import table
from tests.e2e.skyjo_play import play_solo_to_the_end


async def test_a_solo_game_finished_through_discord_rates_its_member(tmp_path: Path) -> None:
    rng = random.Random(5)
    async with table(tmp_path) as t:
        await t.start()
        await t.slash("ana", "skyjo solo", bots=1, level="hard", target_score=30)
        session = await t.session()
        await play_solo_to_the_end(t, session, rng)
        assert session.record.status == "finished"
        store = t.running.sessions.store
        ana = t.users["ana"].id
        results = await store.results(session.record.id)
        assert [(r.seat_kind, r.bot_level) for r in results] == [("member", None), ("bot", "hard")]
        expected = update(
            session.adapter.bot_ratings,
            [RatedSeat(r.place, r.seat_kind, r.user_id, r.bot_level, r.won) for r in results],
            {},
        )[ana]
        row = await store.database.fetchone(
            "SELECT mu, sigma, ordinal, games FROM ratings"
            " WHERE guild_id = ? AND kind = 'skyjo' AND user_id = ?",
            (t.guild.id, ana),
        )
        assert row is not None
        assert (row["mu"], row["sigma"], row["ordinal"], row["games"]) == (
            expected.mu,
            expected.sigma,
            expected.ordinal,
            1,
        )
        assert (row["mu"] > NEW.mu) is results[0].won
        change = await store.database.fetchone(
            "SELECT mu_before, sigma_before, mu FROM rating_changes WHERE game_id = ?",
            (session.record.id,),
        )
        assert change is not None and tuple(change[i] for i in range(3)) == (
            NEW.mu,
            NEW.sigma,
            expected.mu,
        )
