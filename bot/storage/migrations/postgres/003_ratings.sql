-- Members' skill ratings per server and game type, and each rated game's change to them.
-- A bot's level on its result, so that a rating can weigh who was beaten; NULL for members,
-- guests and results saved before levels were kept.
ALTER TABLE results ADD COLUMN bot_level TEXT;
-- A game of the daily deal: its UTC day (YYYY-MM-DD). Such games are never rated.
ALTER TABLE games ADD COLUMN daily TEXT;
