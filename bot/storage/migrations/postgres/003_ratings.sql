-- Members' skill ratings per server and game type, and each rated game's change to them.
-- A bot's level on its result, so that a rating can weigh who was beaten; NULL for members,
-- guests and results saved before levels were kept.
ALTER TABLE results ADD COLUMN bot_level TEXT;
-- A game of the daily deal: its UTC day (YYYY-MM-DD). Such games are never rated.
ALTER TABLE games ADD COLUMN daily TEXT;
-- Each member's current rating in a server's game type (OpenSkill: mu and sigma), ranked by
-- its conservative value mu - 3 sigma; derived from the results, and rebuilt from them.
CREATE TABLE ratings (
    guild_id  BIGINT NOT NULL,
    kind      TEXT    NOT NULL,
    user_id   BIGINT NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    ordinal   DOUBLE PRECISION NOT NULL,
    games     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE INDEX ratings_ranked ON ratings (guild_id, kind, ordinal);
-- What each rated game did to each member's rating: before and after.
CREATE TABLE rating_changes (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       BIGINT NOT NULL,
    guild_id      BIGINT NOT NULL,
    kind          TEXT    NOT NULL,
    ended_at      DOUBLE PRECISION NOT NULL,
    mu_before     DOUBLE PRECISION NOT NULL,
    sigma_before  DOUBLE PRECISION NOT NULL,
    mu            DOUBLE PRECISION NOT NULL,
    sigma         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, user_id, kind, ended_at);
