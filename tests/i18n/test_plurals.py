"""Every count players read agrees with its noun, in English, French and German.

French counts 0 like 1 ("0 carte", "1 carte", "2 cartes"), German and English count 0 like 2.
Three checks: each plural message of the code rendered with 0, 1, 2 and a million, its other
numbers too; texts that carry two counts (Sky Five's hints) written out in full; and no message
that is not a plural puts a count before a plural noun, unless that count can never be below 2.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

import pytest
from pydantic import BaseModel

from bot.catalog import installed
from bot.games.sky_five import screens as sky_five_screens
from bot.games.sky_five import words as sky_five_words
from bot.i18n import LANGUAGES, Words
from bot.i18n.extract import messages
from bot.sessions.autoplay import TIMEOUTS_BEFORE_HANDOVER
from bot.sessions.lobby import GUEST_NAME_LIMIT
from bot.storage.stats import PROVISIONAL_GAMES
from bot.tournaments.flow import MIN_PLAYERS, MOST_ROUNDS
from games.sky_five import bank, draw
from games.skyjo.cards import DECK_SIZE
from games.skyjo.settings import SkyjoSettings
from games.skyjo_junior.settings import JuniorSettings
from games.skyjo_sheet.sheet import SheetSettings
from tests.bot.games.sky_five.test_screens import record
from tests.sky_five.scripting import B, R, Y, position

SINGULAR: dict[str, Callable[[int], bool]] = {
    "en": lambda n: n == 1,
    "fr": lambda n: n in (0, 1),
    "de": lambda n: n == 1,
}
NOUNS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("card", "cards"),
        ("point", "points"),
        ("pt", "pts"),
        ("face", "faces"),
        ("round", "rounds"),
        ("move", "moves"),
        ("turn", "turns"),
        ("game", "games"),
        ("win", "wins"),
        ("triple", "triples"),
        ("column", "columns"),
        ("row", "rows"),
        ("penalty", "penalties"),
        ("copy", "copies"),
        ("player", "players"),
        ("bot", "bots"),
        ("character", "characters"),
        ("permission", "permissions"),
        ("Sky Five", "Sky Fives"),
    ),
    "fr": (
        ("carte", "cartes"),
        ("point", "points"),
        ("pt", "pts"),
        ("face", "faces"),
        ("manche", "manches"),
        ("coup", "coups"),
        ("tour", "tours"),
        ("partie", "parties"),
        ("victoire", "victoires"),
        ("triplé", "triplés"),
        ("saut", "sauts"),
        ("colonne", "colonnes"),
        ("ligne", "lignes"),
        ("pénalité", "pénalités"),
        ("exemplaire", "exemplaires"),
        ("joueur", "joueurs"),
        ("bot", "bots"),
        ("caractère", "caractères"),
        ("permission", "permissions"),
    ),
    "de": (
        ("Karte", "Karten"),
        ("Punkt", "Punkte"),
        ("Punkt", "Punkten"),
        ("Würfelseite", "Würfelseiten"),
        ("Seite", "Seiten"),
        ("Runde", "Runden"),
        ("Zug", "Züge"),
        ("Spiel", "Spiele"),
        ("Spiel", "Spielen"),
        ("Sieg", "Siege"),
        ("Drilling", "Drillinge"),
        ("Spalte", "Spalten"),
        ("Reihe", "Reihen"),
        ("Strafe", "Strafen"),
        ("Bot", "Bots"),
        ("Berechtigung", "Berechtigungen"),
        ("Sky Five", "Sky Fives"),
    ),
}
"""The counted nouns of the catalogs, singular and plural (German's dative plural too). Not
"bust": English also says "1 face of the die in 6 busts you"."""
BETWEEN: dict[str, tuple[str, ...]] = {
    "en": ("face-up", "banked", "more"),
    "fr": ("de",),
    "de": ("offene", "offenen", "gesicherte", "gesicherten"),
}
"""The words the catalogs put between a count and its noun ("2 face-up cards")."""
TEXTS = frozenset({"name", "who", "busted", "to", "others", "names", "game", "colour", "period"})
"""Placeholders that hold words, not numbers."""
COUNTS = (0, 1, 2, 1_000_000)
"""A million: French has a form of its own for it ("1000000 de cartes")."""


def _alternatives(words: set[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def _between(language: str) -> str:
    """Maybe bold, then maybe one of the words that come between a count and its noun."""
    return rf"\**\s+(?:(?:{_alternatives(set(BETWEEN[language]))})\s+)?"


def _counted(language: str) -> re.Pattern[str]:
    nouns = {noun for pair in NOUNS[language] for noun in pair}
    return re.compile(rf"\b(?P<count>\d+){_between(language)}(?P<noun>{_alternatives(nouns)})\b")


COUNTED = {language: _counted(language) for language in LANGUAGES}


def disagreements(text: str, language: str) -> list[str]:
    """Each count in `text` whose noun does not take its number, in `language`."""
    singulars = {singular for singular, _ in NOUNS[language]}
    plurals = {plural for _, plural in NOUNS[language]}
    wrong = []
    for match in COUNTED[language].finditer(text):
        agreeing = singulars if SINGULAR[language](int(match["count"])) else plurals
        if match["noun"] not in agreeing:
            wrong.append(match[0])
    return wrong


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def plural_messages() -> list[tuple[str, str, str]]:
    return [(*message, where) for message, where in messages() if isinstance(message, tuple)]


def test_the_check_finds_a_noun_that_does_not_take_its_number() -> None:
    assert disagreements("Bank: 1 points are at stake", "en") == ["1 points"]
    assert disagreements("Bank: 0 point is at stake and 2 face-up card", "en") == [
        "0 point",
        "2 face-up card",
    ]
    assert disagreements("0 cartes en banque", "fr") == ["0 cartes"]
    assert disagreements("aus 0 gesicherten Karte", "de") == ["0 gesicherten Karte"]
    assert disagreements("1 Punkt, 2 Punkten, 0 Karten, 1 offene Karte", "de") == []


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_agrees_with_each_of_its_numbers(language: str, count: int) -> None:
    """Every number of the message is `count` (its other numbers, in a message of
    `GUARANTEED`, no less than they can be): each agrees with its noun."""
    words = Words(language)
    found = plural_messages()
    assert len(found) > 40, "the code's plural messages"
    wrong = []
    for singular, plural, where in found:
        names = (fields(singular) | fields(plural)) - {"n"}
        start = _guaranteed(singular)
        other = count if start is None else max(count, GUARANTEED[start]())
        values = {name: "Ana" if name in TEXTS else other for name in names}
        text = words.plural(singular, plural, count, **values)
        if bad := disagreements(text, language):
            wrong.append((where, text, bad))
    assert not wrong, wrong


def _least(model: type[BaseModel], field: str) -> int:
    metadata = model.model_fields[field].metadata
    (bound,) = [rule.ge for rule in metadata if getattr(rule, "ge", None) is not None]
    assert isinstance(bound, int)
    return bound


def _most_seats() -> int:
    return min(game.adapter.max_seats for game in installed())


GUARANTEED: dict[str, Callable[[], int]] = {
    "🤖 {name} missed {count} turns in a row: a bot takes the seat.": (
        lambda: TIMEOUTS_BEFORE_HANDOVER
    ),
    "The table is full ({most} players).": _most_seats,
    "A guest's name has 1 to {most} characters.": lambda: GUEST_NAME_LIMIT,
    "{game} needs {least} to {most} players; seated: {count}.": _most_seats,
    "This game needs {minimum} to {maximum} players; seated: {count}.": _most_seats,
    "Join with the button below. The host starts once there are {least}–{most} players": (
        _most_seats
    ),
    "Play against 1 to {most} bots.": lambda: _most_seats() - 1,
    "A tournament has 1 to {most} rounds.": lambda: MOST_ROUNDS,
    "{game} tables seat {least} to {most} players.": lambda: MIN_PLAYERS,
    "The tournament is full ({most} players).": lambda: MIN_PLAYERS,
    "A tournament needs at least {least} players": lambda: MIN_PLAYERS,
    "{seats} seats a table · bots: {level} · {minutes} min a round": lambda: MIN_PLAYERS,
    "Game {game} · target {target} points · finisher's penalty {penalty}": (
        lambda: _least(SheetSettings, "target_score")
    ),
    "Game {game} · target {target} points": lambda: _least(SkyjoSettings, "target_score"),
    "Ranked by rating: ": lambda: PROVISIONAL_GAMES,
    "A {rows}×{columns} grid cannot be dealt to {players} players: that takes {needed} cards": (
        lambda: min(2, DECK_SIZE)
    ),
    "{copies} copies of each card value make a deck of {deck} cards, too few for {players}": (
        # The deck is 12 copies, and the fewest copies that would do more than those chosen.
        lambda: min(_least(JuniorSettings, "copies_per_value"), 2)
    ),
}
"""Messages whose counts, besides a plural's own, have no plural of their own because they are
never below 2: the start of the message, and the least those counts can be."""


def _guaranteed(message: str) -> str | None:
    return next((start for start in GUARANTEED if message.startswith(start)), None)


def _counts_a_plural(template: str, language: str) -> bool:
    """Whether `template` has a numeric placeholder right before a plural noun."""
    plurals = _alternatives({plural for _, plural in NOUNS[language]})
    for match in re.finditer(rf"\{{(\w+)\}}{_between(language)}(?:{plurals})\b", template):
        if match[1] not in TEXTS:
            return True
    return False


def test_a_message_that_counts_things_is_a_plural_unless_its_counts_are_never_below_two() -> None:
    """English as written, and the French and German translations of each message."""
    found = [(m, where) for m, where in messages() if isinstance(m, str)]
    unexpected = []
    for message, where in found:
        for language in LANGUAGES:
            counting = _counts_a_plural(Words(language)(message), language)
            if counting and _guaranteed(message) is None:
                unexpected.append((where, language, message))
    assert not unexpected, "make these plurals (words.plural):\n" + "\n".join(map(str, unexpected))
    texts = [m if isinstance(m, str) else m[0] for m, _ in messages()]
    gone = [start for start in GUARANTEED if not any(t.startswith(start) for t in texts)]
    assert not gone, f"no longer in the code: {gone}"
    assert all(least() >= 2 for least in GUARANTEED.values())


# ------------------------------------------------------------- texts with two counts


def _hint(kind: str, hand: list[int], language: str) -> str:
    game = position([hand, [B(5)]], draws=[B(6)], current=0)
    action = bank() if kind == "bank" else draw()
    return sky_five_words.hint(action, game.view(0), Words(language))


@pytest.mark.parametrize(
    ("kind", "hand", "language", "expected"),
    [
        ("bank", [R(0)], "en", "Bank: 0 points are at stake. 0 faces of the die in 6 bust you."),
        ("bank", [R(1)], "en", "Bank: 1 point is at stake. 1 face of the die in 6 busts you."),
        ("bank", [R(2)], "en", "Bank: 2 points are at stake. 1 face of the die in 6 busts you."),
        (
            "bank",
            [R(1), Y(2)],
            "en",
            "Bank: 3 points are at stake. 2 faces of the die in 6 bust you.",
        ),
        (
            "bank",
            [R(0)],
            "fr",
            "Mettez en banque : 0 point est en jeu. 0 face du dé sur 6 vous fait sauter.",
        ),
        (
            "bank",
            [R(1)],
            "fr",
            "Mettez en banque : 1 point est en jeu. 1 face du dé sur 6 vous fait sauter.",
        ),
        (
            "bank",
            [R(2)],
            "fr",
            "Mettez en banque : 2 points sont en jeu. 1 face du dé sur 6 vous fait sauter.",
        ),
        (
            "bank",
            [R(1), Y(2)],
            "fr",
            "Mettez en banque : 3 points sont en jeu. 2 faces du dé sur 6 vous font sauter.",
        ),
        (
            "bank",
            [R(0)],
            "de",
            "Sichere: 0 Punkte stehen auf dem Spiel. 0 Würfelseiten von 6 lassen dich überreizen.",
        ),
        (
            "bank",
            [R(1)],
            "de",
            "Sichere: 1 Punkt steht auf dem Spiel. 1 Würfelseite von 6 lässt dich überreizen.",
        ),
        (
            "bank",
            [R(2)],
            "de",
            "Sichere: 2 Punkte stehen auf dem Spiel. 1 Würfelseite von 6 lässt dich überreizen.",
        ),
        (
            "bank",
            [R(1), Y(2)],
            "de",
            "Sichere: 3 Punkte stehen auf dem Spiel. 2 Würfelseiten von 6 lassen dich überreizen.",
        ),
        (
            "draw",
            [R(0)],
            "en",
            "Draw: only 0 faces of the die in 6 would bust you. 0 points are at stake.",
        ),
        (
            "draw",
            [R(1)],
            "en",
            "Draw: only 1 face of the die in 6 would bust you. 1 point is at stake.",
        ),
        (
            "draw",
            [R(2)],
            "en",
            "Draw: only 1 face of the die in 6 would bust you. 2 points are at stake.",
        ),
        (
            "draw",
            [R(1)],
            "fr",
            "Piochez : seule 1 face du dé sur 6 vous ferait sauter. 1 point est en jeu.",
        ),
        (
            "draw",
            [R(1), Y(2)],
            "fr",
            "Piochez : seules 2 faces du dé sur 6 vous feraient sauter. 3 points sont en jeu.",
        ),
        (
            "draw",
            [R(1)],
            "de",
            "Ziehe: Nur 1 Würfelseite von 6 würde dich überreizen. 1 Punkt steht auf dem Spiel.",
        ),
        (
            "draw",
            [R(2)],
            "de",
            "Ziehe: Nur 1 Würfelseite von 6 würde dich überreizen. 2 Punkte stehen auf dem Spiel.",
        ),
    ],
)
def test_a_hint_gives_its_points_and_its_faces_each_their_own_number(
    kind: str, hand: list[int], language: str, expected: str
) -> None:
    assert _hint(kind, hand, language) == expected


@pytest.mark.parametrize(
    ("banked", "language", "expected"),
    [
        ([], "en", "Banked: **0** cards, **0 points**"),
        ([R(1)], "en", "Banked: **1** card, **1 point**"),
        ([R(0), Y(0)], "en", "Banked: **2** cards, **0 points**"),
        ([R(2)], "en", "Banked: **1** card, **2 points**"),
        ([], "fr", "En banque : **0** carte, **0 point**"),
        ([R(0), Y(1)], "fr", "En banque : **2** cartes, **1 point**"),
        ([R(2)], "fr", "En banque : **1** carte, **2 points**"),
        ([], "de", "Gesichert: **0** Karten, **0 Punkte**"),
        ([R(0), Y(1)], "de", "Gesichert: **2** Karten, **1 Punkt**"),
        ([R(2)], "de", "Gesichert: **1** Karte, **2 Punkte**"),
    ],
)
def test_ones_own_pile_counts_its_cards_and_its_points_apart(
    banked: list[int], language: str, expected: str
) -> None:
    game = position([[], [B(5)]], draws=[B(6)], banked=[banked, []])
    screen = sky_five_screens.personal(record(2), game, 0, Words(language))
    assert (screen.embed.description or "").split("\n")[0] == expected
