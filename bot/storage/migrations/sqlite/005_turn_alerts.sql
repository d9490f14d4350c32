-- The short message that tells players their turn has come, removed when the turn ends.
ALTER TABLE games ADD COLUMN alert_id INTEGER;
