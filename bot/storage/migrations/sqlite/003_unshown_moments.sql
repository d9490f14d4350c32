-- The events of a committed move whose moments (a round's summary) are not shown yet, as JSON,
-- so that a restart shows them instead of losing them.
ALTER TABLE games ADD COLUMN unshown TEXT;
