"""The install is reproducible: every package the code imports is declared in pyproject.toml,
the locks in requirements/ pin each declared package and all it pulls in to one version with
its hashes, and the project's own editable install prints no warning box."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCKS = ROOT / "requirements"
OWN = ("bot", "games", "cogs", "bench", "tests")
RUNTIME_CODE = ("bot", "games", "cogs")
PINNED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(spec: str) -> str:
    found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", spec)
    assert found, spec
    return canonical(found.group())


def declared() -> tuple[set[str], set[str]]:
    """The packages pyproject.toml declares: for running the bot, and for developing it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {requirement_name(spec) for spec in project["dependencies"]}
    dev = {requirement_name(spec) for spec in project["optional-dependencies"]["dev"]}
    return runtime, dev


def imported(folders: tuple[str, ...]) -> dict[str, Path]:
    """Each top-level module the code under `folders` imports, with one file importing it."""
    found: dict[str, Path] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for name in imports_of(ast.parse(path.read_text(), str(path))):
                found.setdefault(name.partition(".")[0], path)
    return found


def imports_of(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif is_import_module_call(node):
            assert isinstance(node, ast.Call) and isinstance(node.args[0], ast.Constant)
            names.append(str(node.args[0].value))
    return names


def is_import_module_call(node: ast.AST) -> bool:
    """`importlib.import_module("name")` with the name written out."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "import_module"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def third_party(modules: dict[str, Path]) -> dict[str, tuple[str, Path]]:
    """The modules that come from installed packages, each with its package's name."""
    distributions = packages_distributions()
    found: dict[str, tuple[str, Path]] = {}
    for module, path in modules.items():
        if module in OWN or module in sys.stdlib_module_names or module == "__future__":
            continue
        assert module in distributions, f"{path} imports {module}, which no package provides"
        found[module] = (canonical(distributions[module][0]), path)
    return found


def locked(name: str) -> dict[str, tuple[str, int]]:
    """A lock's packages: each one's version and how many hashes it lists."""
    packages: dict[str, tuple[str, int]] = {}
    current = ""
    for line in (LOCKS / name).read_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        pinned = PINNED.match(line)
        if pinned:
            current = canonical(pinned.group(1))
            packages[current] = (pinned.group(2), 0)
        elif stripped.startswith("--hash=sha256:") and current:
            version, hashes = packages[current]
            packages[current] = (version, hashes + 1)
        else:
            pytest.fail(f"{name}: {line!r} is neither an exact pin nor a hash")
    return packages


def test_the_code_imports_only_declared_packages() -> None:
    runtime, dev = declared()
    for module, (package, path) in third_party(imported(RUNTIME_CODE)).items():
        assert package in runtime, f"{path} imports {module}: declare {package} in dependencies"
    for module, (package, path) in third_party(imported(OWN)).items():
        assert package in runtime | dev, f"{path} imports {module}: declare {package}"


@pytest.mark.parametrize("lock", ["build.txt", "runtime.txt", "dev.txt"])
def test_a_lock_pins_every_package_with_its_hashes(lock: str) -> None:
    packages = locked(lock)
    assert packages
    for package, (_, hashes) in packages.items():
        assert hashes > 0, f"{lock} lists no hash for {package}"


def test_the_locks_hold_what_is_declared_in_one_version() -> None:
    runtime, dev = declared()
    running, developing = locked("runtime.txt"), locked("dev.txt")
    assert runtime <= running.keys(), runtime - running.keys()
    assert runtime | dev <= developing.keys(), (runtime | dev) - developing.keys()
    for package, (version, _) in running.items():
        assert developing[package][0] == version, f"{package} differs between the locks"
    assert not (dev - runtime) & running.keys(), "the runtime lock holds the test tools"


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_the_linters_are_pinned_exactly(tool: str) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = [s for s in project["optional-dependencies"]["dev"] if requirement_name(s) == tool]
    assert len(specs) == 1 and "==" in specs[0], specs
    assert specs[0].partition("==")[2].strip() == locked("dev.txt")[tool][0]


def test_the_build_lock_holds_the_build_backend() -> None:
    system = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    backend = {requirement_name(spec) for spec in system["requires"]}
    assert backend | {"pip"} <= locked("build.txt").keys()


def test_the_editable_install_prints_no_warning_box(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    for package in RUNTIME_CODE:
        shutil.copytree(ROOT / package, project / package, ignore=shutil.ignore_patterns("__py*"))
    build = "import sys; from setuptools import build_meta; build_meta.build_editable(sys.argv[1])"
    result = subprocess.run(
        [sys.executable, "-c", build, str(tmp_path / "wheel")],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert list((tmp_path / "wheel").glob("sky_table-*.whl")), "no wheel was built"
    assert "!!" not in result.stdout + result.stderr, result.stderr
