-- Every game, from its lobby to its end. Seats, settings and the engine state are JSON.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    host_id     INTEGER NOT NULL,
    seed        INTEGER NOT NULL,
    seats       TEXT    NOT NULL,
    settings    TEXT    NOT NULL,
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    message_id  INTEGER,
    deadline    REAL,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');

CREATE INDEX games_by_status ON games (status);

-- One row per seat of a finished game: what leaderboards and stats are built from.
CREATE TABLE results (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    guild_id  INTEGER,
    user_id   INTEGER,
    kind      TEXT    NOT NULL,
    score     INTEGER NOT NULL,
    won       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX results_by_guild ON results (guild_id, kind);
