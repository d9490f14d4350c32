"""The slash-command extensions of the tests' own games, laid out as `cogs/`."""
