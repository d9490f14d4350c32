-- The bot level whose moves a server's hints give (`/table coach`): the hard bot's unless the
-- server chose another.
ALTER TABLE guilds ADD COLUMN coach TEXT NOT NULL DEFAULT 'hard';
