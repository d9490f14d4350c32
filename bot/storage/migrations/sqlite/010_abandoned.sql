-- A game ended without a result because its channel, or the bot's place in its server, went
-- away (status 'cancelled', abandoned 1), as opposed to one its host cancelled.
ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0 CHECK (abandoned IN (0, 1));
