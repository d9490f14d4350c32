"""Discord's text as HTML: the quick way for paragraphs and quotes gives what markdown-it
gives, and Discord's own marks become words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.web import text
from bot.web.text import html, inline


def markdown_it(source: str) -> str:
    return str(text._markdown.render(text._quotes_end(source)))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("Next: **Ann**", "<p>Next: <strong>Ann</strong></p>\n"),
        (
            "> Ann drew a 7.\n> Ann kept it.\nNext: **Bob**",
            "<blockquote>\n<p>Ann drew a 7.<br>\nAnn kept it.</p>\n</blockquote>\n"
            "<p>Next: <strong>Bob</strong></p>\n",
        ),
        ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"),
        ("\\*not italic\\*", "<p>*not italic*</p>\n"),
        ("> > nested", "<blockquote>\n<blockquote>\n<p>nested</p>\n</blockquote>\n</blockquote>\n"),
    ],
)
def test_a_messages_text_as_html(source: str, expected: str) -> None:
    assert html(source, "en") == expected
    assert markdown_it(source) == expected


def test_a_replays_story_takes_the_quick_way() -> None:
    story = text._quotes_end("> Ann drew a **7**.\n> Ann kept it.\nNext: **Bob**")
    assert text._simple_blocks(story) == markdown_it(story)


def test_discords_marks_are_words() -> None:
    assert html("Ends <t:0:R> · <#123>", "en") == "<p>Ends Jan 1, 1970, 12:00:00\u202fAM</p>\n"
    assert inline("**<@42>** and <:sky:99>", "en", lambda user: f"user {user}") == (
        "<strong>user 42</strong> and :sky:"
    )


lines = st.text(alphabet=" >*_`\\\tab\r\n<&", max_size=12)


@settings(max_examples=600, deadline=None)
@given(st.lists(lines, max_size=6).map("\n".join))
def test_paragraphs_and_quotes_render_as_markdown_it_renders_them(source: str) -> None:
    assert html(source, "en") == (markdown_it(source) if source else "")
