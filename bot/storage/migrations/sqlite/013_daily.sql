-- The daily deal's attempts and results.
-- One row a member, game and UTC day: claimed when the attempt opens (running), written with
-- the game's results when it ends (finished, or left: the member left, and the scores as they
-- stood count). `standing` is the score turned so that lower is better (the score, or minus
-- it for a game won by the highest score); NULL while the attempt runs.
CREATE TABLE daily_results (
    day        TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    guild_id   INTEGER,
    game_id    INTEGER,
    status     TEXT    NOT NULL DEFAULT 'running',
    score      INTEGER,
    standing   INTEGER,
    place      INTEGER,
    ended_at   REAL,
    share      TEXT    NOT NULL DEFAULT '',
    shared_id  INTEGER,
    PRIMARY KEY (day, kind, user_id)
);
-- A member's place among the day's results of a game in one server; the server's results
-- of a day or a week.
CREATE INDEX daily_in_guild ON daily_results (guild_id, kind, day, standing);
-- A member's days played (streaks).
CREATE INDEX daily_by_member ON daily_results (user_id, day);
CREATE UNIQUE INDEX daily_by_game ON daily_results (game_id);
-- How many results of a day's game reached each standing, across every server: a member's
-- place among 100,000 results of the day sums a few hundred rows rather than counting them.
CREATE TABLE daily_standings (
    day       TEXT    NOT NULL,
    kind      TEXT    NOT NULL,
    standing  INTEGER NOT NULL,
    players   INTEGER NOT NULL,
    PRIMARY KEY (day, kind, standing)
);
-- A member's games of a day's deal, to find one whose attempt was never linked to it (the
-- process went between opening the game and linking it).
CREATE INDEX games_of_daily ON games (daily, kind, host_id) WHERE daily IS NOT NULL;
