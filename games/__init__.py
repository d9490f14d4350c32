"""Pure rule engines and AI for the Sky family of card games: no I/O, no Discord."""
