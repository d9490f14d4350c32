-- Every move of every game, in order: enough, with the game's settings, seats and seed, to
-- replay it.
CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number   INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,
    PRIMARY KEY (game_id, number)
);
