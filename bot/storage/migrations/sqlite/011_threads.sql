-- A game played in a thread of its own: the channel holding its card (`parent_id`, the
-- thread's parent) and the card message there (`card_id`); NULL for a game played in its
-- channel. `channel_id` is then the thread, which holds one game. Each server chooses whether
-- games open in threads (on by default).
ALTER TABLE games ADD COLUMN parent_id INTEGER;
ALTER TABLE games ADD COLUMN card_id INTEGER;
CREATE INDEX games_by_parent ON games (parent_id, status) WHERE parent_id IS NOT NULL;
ALTER TABLE guilds ADD COLUMN threads INTEGER NOT NULL DEFAULT 1 CHECK (threads IN (0, 1));
