-- When each game started and ended, members who left a game credited with its result, and the
-- indices that leaderboards, a player's stats and a server's history read.
ALTER TABLE games ADD COLUMN started_at REAL;
ALTER TABLE games ADD COLUMN ended_at REAL;
UPDATE games SET started_at = created_at WHERE state IS NOT NULL;
UPDATE games SET ended_at = updated_at WHERE status IN ('finished', 'cancelled');

ALTER TABLE results ADD COLUMN ended_at REAL NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0;
UPDATE results SET ended_at = (SELECT updated_at FROM games WHERE games.id = results.game_id);

DROP INDEX results_by_guild;
CREATE INDEX results_for_boards ON results (guild_id, kind, seat_kind, ended_at, user_id, won);
CREATE INDEX results_for_players ON results (guild_id, user_id, kind, ended_at);
CREATE INDEX games_history ON games (guild_id, status, ended_at);
