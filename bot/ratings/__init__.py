"""Members' skill ratings per server and game type: the model (`bot.ratings.model`), kept in
the store by `bot.storage.ratings`, rebuilt from the results by `python -m bot.ratings rebuild`."""
