"""The crash bench reports each error the bot logged with the traceback that follows it."""

from __future__ import annotations

from bench.crash import logged_errors

LOG = """\
2026-12-05 10:00:00,100 INFO bot: started
2026-12-05 10:00:01,200 ERROR bot.sessions: a click failed
Traceback (most recent call last):
  File "bot/sessions/play.py", line 10, in click
    raise ValueError("bad")
ValueError: bad
2026-12-05 10:00:02,300 INFO bot: still here
Traceback (most recent call last):
  File "bot/client.py", line 5, in run
KeyError: 1
2026-12-05 10:00:03,400 WARNING bot: slow
"""


def test_each_error_is_kept_with_its_traceback() -> None:
    errors = logged_errors(LOG)
    assert [error.splitlines()[0] for error in errors] == [
        "2026-12-05 10:00:01,200 ERROR bot.sessions: a click failed",
        "Traceback (most recent call last):",
    ]
    assert errors[0].splitlines()[-1] == "ValueError: bad"
    assert errors[1].splitlines()[-1] == "KeyError: 1"


def test_a_clean_log_has_no_errors() -> None:
    assert logged_errors("2026-12-05 10:00:00,100 INFO bot: started\n") == []
