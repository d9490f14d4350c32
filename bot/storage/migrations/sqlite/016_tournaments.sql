-- A server's tournament: its game and the games' settings, its rounds and seats a table, the
-- level of the bots that fill tables, the minutes a round may last, when it starts on its own,
-- its card in the channel, and where it stands (the round under way, 0 before the first; the
-- last round, earlier than `rounds` when the organiser ends it early).
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    card_id       INTEGER,
    organiser_id  INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    settings      TEXT    NOT NULL,
    rounds        INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 9),
    seats         INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 8),
    bot_level     TEXT    NOT NULL,
    round_minutes INTEGER NOT NULL,
    starts_at     REAL,
    status        TEXT    NOT NULL
        CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,
    round_ends_at REAL,
    last_round    INTEGER NOT NULL,
    language      TEXT    NOT NULL,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    REAL    NOT NULL,
    ended_at      REAL
);
CREATE INDEX tournaments_open ON tournaments (status)
    WHERE status IN ('signup', 'running', 'paused');

-- Who plays in it: their name and rating when they joined, the first round they may be seated
-- in (a late player's is later than 1), the last round they were seated in when they left or
-- were dropped (NULL while they play on), and their final place and points once it finished.
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    rating        REAL    NOT NULL,
    joined_at     REAL    NOT NULL,
    first_round   INTEGER NOT NULL DEFAULT 1,
    left_after    INTEGER,
    place         INTEGER,
    points        REAL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_member ON tournament_players (user_id);

-- Each round's tables, drawn once: the members seated (JSON ids, in seat order), the bots that
-- fill the table, the message in the channel its thread starts from, and its game.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    number        INTEGER NOT NULL,
    members       TEXT    NOT NULL,
    bots          INTEGER NOT NULL,
    message_id    INTEGER,
    game_id       INTEGER REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, number)
);
CREATE UNIQUE INDEX tournament_tables_by_game ON tournament_tables (game_id)
    WHERE game_id IS NOT NULL;

-- Who may create tournaments in a server besides members with Manage Events.
ALTER TABLE guilds ADD COLUMN tournament_role INTEGER;
