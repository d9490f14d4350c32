-- The language of each game's public messages, and each server's choice of language for the
-- bot (NULL: the server's own Discord language).
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE guilds (
    guild_id  INTEGER PRIMARY KEY,
    language  TEXT
);
