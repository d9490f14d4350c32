-- Each server's web pages: off (NULL), or served under an unlisted address holding this token;
-- and the server's name they show, as it was when an admin turned them on or moved them.
ALTER TABLE guilds ADD COLUMN web_token TEXT;
ALTER TABLE guilds ADD COLUMN web_name TEXT;
CREATE UNIQUE INDEX guilds_by_web_token ON guilds (web_token) WHERE web_token IS NOT NULL;

-- The members seen in a server's games: the name and avatar (hash) its pages show, as of their
-- latest game; whether they hid from the pages, or left the server; the key of their page; when
-- the bot last asked Discord whether they are still in the server (0: never).
CREATE TABLE members (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    avatar    TEXT,
    hidden    INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
    gone      INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1)),
    page      TEXT    NOT NULL,
    seen_at   REAL    NOT NULL,
    checked_at REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
CREATE UNIQUE INDEX members_by_page ON members (guild_id, page);
CREATE INDEX members_to_check ON members (checked_at) WHERE hidden = 0 AND gone = 0;

-- Members of the games finished before this table, by their latest game.
INSERT OR IGNORE INTO members (guild_id, user_id, name, avatar, page, seen_at)
SELECT games.guild_id, json_extract(seat.value, '$.user_id'), json_extract(seat.value, '$.name'),
       json_extract(seat.value, '$.avatar'), lower(hex(randomblob(8))), games.ended_at
FROM games, json_each(games.seats) AS seat
WHERE games.status = 'finished' AND games.guild_id IS NOT NULL
  AND json_extract(seat.value, '$.user_id') IS NOT NULL
ORDER BY games.ended_at DESC;
