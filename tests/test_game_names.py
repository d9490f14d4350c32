"""A game declares itself once: nothing of the shared layer names a game.

The shared layer is every module of `bot/` but the games' own packages (`bot/games/<game>/`)
and the catalog that lists them, and the commands of every game (`/table`, the stats, what
each game's commands do alike). Read with `ast`, none of them may import a module of a game
(its Discord package, its engine, its extension) nor hold a string, docstrings aside, that is
a game's kind, command, title, feat, or the name of one of its modules. The games are the
catalog's, Pebbles included.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.catalog import Catalog
from tests.catalog import with_pebbles

ROOT = Path(__file__).resolve().parents[1]
SHARED_COGS = ("cogs/table.py", "cogs/stats.py", "cogs/game_commands.py")
LISTS_THE_GAMES = "bot/catalog.py"
GAME_PACKAGES = "bot/games"


@dataclass(frozen=True)
class GameNames:
    modules: frozenset[str]
    """Each game's Discord package, engine package and extension, as dotted names."""
    words: frozenset[str]
    """Every string that names a game."""

    def a_game_module(self, module: str) -> bool:
        return any(module == name or module.startswith(f"{name}.") for name in self.modules)


def _package(module: str) -> str:
    """The package of a loaded module: itself for a package, else its parent."""
    return sys.modules[module].__package__ or module


def game_names(catalog: Catalog) -> GameNames:
    modules: set[str] = set()
    words: set[str] = set()
    for game in catalog:
        adapter = game.adapter
        own = {
            _package(type(adapter).__module__),
            _package(adapter.engine_type.__module__),
            game.extension,
        }
        modules |= own
        words |= {adapter.kind, adapter.command, adapter.title}
        words |= {feat.name for feat in adapter.feats_shown}
        for module in own:
            words |= {module, module.replace(".", "/"), module.rpartition(".")[2]}
    return GameNames(frozenset(modules), frozenset(words))


def shared_modules(root: Path) -> Iterator[tuple[str, Path]]:
    """Each module of the shared layer, by dotted name."""
    paths = [*sorted((root / "bot").rglob("*.py")), *(root / path for path in SHARED_COGS)]
    for path in paths:
        relative = path.relative_to(root)
        if relative.as_posix() == LISTS_THE_GAMES:
            continue
        if relative.parent.is_relative_to(GAME_PACKAGES) and relative.parent != Path(GAME_PACKAGES):
            continue
        parts = relative.with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def _imported(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules (or module members) an import statement names, relative dots resolved."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[: len(package) - (node.level - 1)]
        base = ".".join([*anchor, *([base] if base else [])])
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the strings that stand alone as statements: docstrings, of modules, classes,
    functions and attributes."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def offences(source: str, module: str, names: GameNames, *, is_package: bool = False) -> list[str]:
    """Where `source` (the module `module`) names a game, line by line."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            imported = [m for m in _imported(module, is_package, node) if names.a_game_module(m)]
            if imported:
                found.append((node.lineno, f"imports {imported[0]}"))
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and node.value in names.words
        ):
            found.append((node.lineno, repr(node.value)))
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_no_module_of_the_shared_layer_names_a_game() -> None:
    names = game_names(with_pebbles())
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for module, path in shared_modules(ROOT)
        for where in offences(
            path.read_text(encoding="utf-8"), module, names, is_package=path.name == "__init__.py"
        )
    ]
    assert not found, "the shared layer names a game:\n" + "\n".join(found)


def test_the_shared_layer_is_what_the_games_plug_into() -> None:
    modules = {module for module, _ in shared_modules(ROOT)}
    assert {"bot.sessions.session", "bot.replay", "bot.ui.rendering", "bot.games"} <= modules
    assert {"cogs.stats", "cogs.table", "cogs.game_commands"} <= modules
    assert not any(module.startswith("bot.games.") for module in modules)
    assert "bot.catalog" not in modules


def test_the_names_of_the_games_come_from_the_catalog() -> None:
    names = game_names(with_pebbles())
    assert {"bot.games.skyjo", "games.skyjo_junior", "cogs.sky_five"} <= names.modules
    assert {"tests.bot.games.pebbles", "tests.games.pebbles", "tests.cogs.pebbles"} <= names.modules
    assert {"skyfive", "skyjo-junior", "Skyjo score sheet", "Pebbles"} <= names.words
    assert {"sky_fives", "triples", "games/sky_five", "skyjo_sheet"} <= names.words
    assert "games.core" not in names.modules and "core" not in names.words


def test_every_way_of_naming_a_game_is_found() -> None:
    names = game_names(with_pebbles())
    source = '''"""Skyjo is mentioned in a docstring, which is allowed."""
import bot.games.skyjo.adapter
from bot.games import junior
from games.sky_five.events import Busted
from cogs import sheet
from . import sky_five
from games.core.seats import Seat
from bot.ui import names

if kind == "skyjo":
    label = "Sky Five"
SCANNED = ("games/skyjo_junior",)
match feat:
    case "sky_fives":
        pass
RULE = f"{x} — this names nothing"
"""A statement of a string alone: the docstring of RULE."""
'''
    assert offences(source, "bot.games", names, is_package=True) == [
        "2: imports bot.games.skyjo.adapter",
        "3: imports bot.games.junior",
        "4: imports games.sky_five.events",
        "5: imports cogs.sheet",
        "6: imports bot.games.sky_five",
        "10: 'skyjo'",
        "11: 'Sky Five'",
        "12: 'games/skyjo_junior'",
        "14: 'sky_fives'",
    ]
