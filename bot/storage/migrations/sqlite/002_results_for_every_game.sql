-- Results of every kind of game: the place (1 wins; equal results share it), the tie-break
-- that decided it, and whether the seat was a member, a bot or a guest.
ALTER TABLE results ADD COLUMN place INTEGER NOT NULL DEFAULT 1;
ALTER TABLE results ADD COLUMN tiebreak INTEGER;
ALTER TABLE results ADD COLUMN seat_kind TEXT NOT NULL DEFAULT 'member'
    CHECK (seat_kind IN ('member', 'bot', 'guest'));
UPDATE results SET seat_kind = 'bot' WHERE user_id IS NULL;
UPDATE results SET place = CASE WHEN won THEN 1 ELSE 2 END;
