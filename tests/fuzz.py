"""Explores new examples of every test that draws them with Hypothesis, for as long as told.

    FUZZ_MINUTES=30 make fuzz        # or: .venv/bin/python -m tests.fuzz --minutes 30

`make test` plays each such test on a fixed set of examples (the profile `fixed` of
`tests/conftest.py`), so that a commit has one verdict. This plays them again and again, each
round on a new random seed (the profile `fuzz`), until the time is up. Each failure is printed
as the falsifying example Hypothesis found, ready to be added to its test with `@example(...)`,
with the command that plays that round again.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).parent
FALSIFYING = re.compile(
    r"^(?:E\s+)?(?:Falsifying (?:explicit )?example|Failing test case): \w+\((?P<arguments>.*?)"
    r"^(?:E\s+)?\)$",
    re.MULTILINE | re.DOTALL,
)
FAILED = re.compile(r"^FAILED (?P<test>\S+)", re.MULTILINE)


def exploring_files() -> list[Path]:
    """The test files that draw examples with Hypothesis."""
    return sorted(
        path
        for path in TESTS.rglob("test_*.py")
        if re.search(r"^\s*@given\(", path.read_text(encoding="utf-8"), re.MULTILINE)
    )


def round_command(seed: int, files: list[Path]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-q",
        "--hypothesis-profile=fuzz",
        f"--hypothesis-seed={seed}",
        *(str(path) for path in files),
    ]


def examples_to_add(output: str) -> list[str]:
    """Each falsifying example of a round's output, as the line to add above its test."""
    found = FALSIFYING.finditer(output)
    return [f"@example({_one_line(each['arguments'])})" for each in found]


def _one_line(arguments: str) -> str:
    """Hypothesis's `\nE       a=1,\nE       b=2,  # or any other generated value\n` (pytest
    prefixes the lines with E) → `a=1, b=2`."""
    lines = (re.sub(r"^E\s", "", line).split("  # ")[0].strip() for line in arguments.splitlines())
    return " ".join(line for line in lines if line).rstrip(",")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--minutes", type=float, default=float(os.environ.get("FUZZ_MINUTES", "10"))
    )
    parser.add_argument("--seed", type=int, default=None, help="the first round's seed")
    parser.add_argument("files", nargs="*", type=Path, help="test files (default: all)")
    options = parser.parse_args()
    files = options.files or exploring_files()
    seeds = random.Random(options.seed)
    end = time.monotonic() + options.minutes * 60
    rounds = failures = 0
    while time.monotonic() < end:
        seed = seeds.randrange(2**32)
        rounds += 1
        print(f"round {rounds}: seed {seed}", flush=True)
        played = subprocess.run(round_command(seed, files), capture_output=True, text=True)
        if played.returncode == 0:
            continue
        failures += 1
        output = played.stdout + played.stderr
        again = " ".join(round_command(seed, files))
        print(f"round {rounds} failed; play it again with:\n  {again}")
        for test in FAILED.findall(output):
            print(f"  failed: {test}")
        for line in examples_to_add(output):
            print(f"  add: {line}")
        if not FALSIFYING.search(output):
            print(output[-4000:])
        sys.stdout.flush()
    print(f"{rounds} rounds, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
