-- When the bot archives the thread of a game that ended (`archive_at`, the bot's clock, in
-- seconds), from the game's end until it is done: a restart in between archives it then.
-- NULL for any other game.
ALTER TABLE games ADD COLUMN archive_at DOUBLE PRECISION;
CREATE INDEX games_to_archive ON games (archive_at) WHERE archive_at IS NOT NULL;
