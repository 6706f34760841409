"""Issue 27: a config's `currency` writes every amount people read in it; a bad value is one
line naming the key, as every config problem is."""

from __future__ import annotations

import pytest

from homegame.config import ConfigError, GameConfig, parse_config
from homegame.money.amounts import money_text


@pytest.mark.parametrize(("written", "kept"), [('"$"', "$"), ('"EUR"', "EUR"), ('" £ "', "£")])
def test_a_currency_of_at_most_eight_printable_characters_is_kept(written: str, kept: str) -> None:
    config = parse_config(f'game = "holdem"\ncurrency = {written}\n')
    assert config.currency == kept


def test_no_currency_by_default() -> None:
    assert GameConfig("holdem").currency == ""
    assert parse_config('game = "krg"').currency == ""


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ('"DOLLARS!!"', 'at most 8 characters, like "$" or "EUR", got "DOLLARS!!"'),
        ('"\\u001b[31m"', "\\x1b is a control character"),
        ('"$\\n"', "\\x0a is a control character"),
        ("5", 'at most 8 characters, like "$" or "EUR", got 5'),
    ],
)
def test_a_bad_currency_is_one_line_naming_the_key(written: str, said: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(f'game = "holdem"\ncurrency = {written}\n')
    assert len(caught.value.problems) == 1
    line = caught.value.problems[0]
    assert line.startswith("currency: ") and said in line and "\n" not in line


def test_money_is_written_once_a_sign_before_a_code_after() -> None:
    assert money_text(125000) == "1,250.00"
    assert money_text(125000, "$") == "$1,250.00"
    assert money_text(-550, "£") == "-£5.50"
    assert money_text(2000, "EUR") == "20.00 EUR"
    assert money_text(-5, "kr") == "-0.05 kr"
