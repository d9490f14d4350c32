"""Every word the bot shows, in English, French and German, from gettext catalogs.

English is the source: each message is written in English in the code, and `locales/<lang>.po`
gives its translation. The catalogs are compiled by Babel when first needed.
"""

from bot.i18n.catalog import LANGUAGES, language_of, translations
from bot.i18n.words import N_, Words

__all__ = ["LANGUAGES", "N_", "Words", "language_of", "translations"]
