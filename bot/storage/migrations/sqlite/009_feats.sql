-- Each result's feats in its game (columns cleared, busts, triples…), counted when it ends.
ALTER TABLE results ADD COLUMN feats TEXT NOT NULL DEFAULT '{}';
