"""The rule engines of the tests' own games, laid out as `games/<game>/`."""
