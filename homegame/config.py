"""TOML game configs (stdlib `tomllib`) validated into frozen settings before anything starts.

A config names the game, the players (each a person or a bot with a level) and the settings of
the freezeout (Hold'em, Yukon) or the KRG series. Every problem in a file is collected and
reported as one line naming the key and what was expected, so a host fixes them all at once.
"""

from __future__ import annotations

import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homegame.defaults import (
    CENTS,
    DEFAULT_BUY_IN,
    DEFAULT_HANDS_PER_LEVEL,
    DEFAULT_LATE_ENTRY_UNTIL_LEVEL,
    DEFAULT_STACK,
    DEFAULT_WINS,
    WINS_TARGETS,
    Break,
    TieRule,
)
from homegame.money.amounts import parse_amount
from homegame.money.errors import MoneyError
from homegame.money.payouts import structure_problem
from homegame.money.settings import (
    DEFAULT_REBUY_UNTIL_LEVEL,
    WHOLE,
    AddOn,
    HouseFee,
    MoneySettings,
)
from homegame.text import control_problem, printable, shorten
from homegame.variants import VARIANTS, get_variant

#: The bot kinds a seat may name; `homegame.bots.SEAT_KINDS` has a factory for each (a test
#: keeps the two in step; this list stays here so reading a config never loads the bots).
BOT_LEVELS = ("random", "easy", "medium", "hard")
MAX_NAME_LENGTH = 16
#: The longest turn timer, in seconds (an hour): checked before it reaches the clock.
MAX_TURN_TIMER = 3600
#: The longest blind level by the clock, in minutes (a day).
MAX_LEVEL_MINUTES = 1440


@dataclass(frozen=True)
class PlayerSetting:
    """One seat: a name, and the bot level when a bot plays it (None: a person)."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """True when a bot plays this seat."""
        return self.bot is not None


@dataclass(frozen=True)
class FreezeoutSettings:
    """Stacks and the blind schedule of a freezeout (HOUSE_RULES.md 10)."""

    starting_stack: int = DEFAULT_STACK
    hands_per_level: int = DEFAULT_HANDS_PER_LEVEL
    minutes_per_level: int | None = None
    blinds: tuple[tuple[int, int], ...] | None = None
    #: Breaks in a minutes structure (each after a level, with its length and a note).
    breaks: tuple[Break, ...] = ()
    #: HOUSE_RULES 20: a late player may join until the end of this level.
    late_entry_until_level: int = DEFAULT_LATE_ENTRY_UNTIL_LEVEL


@dataclass(frozen=True)
class SeriesSettings:
    """A KRG series: wins needed, buy-in, tie rule, cube and side bets (HOUSE_RULES.md 14-17)."""

    wins: int = DEFAULT_WINS
    buy_in: int | float = DEFAULT_BUY_IN // CENTS
    tie_rule: TieRule = TieRule.SHARE
    doubling_cube: bool = False
    side_bets: bool = False


@dataclass(frozen=True)
class RulesSettings:
    """House-rule switches shared by the betting games (HOUSE_RULES.md 8 and 9)."""

    burn_cards: bool = True
    everyone_shows: bool = False
    #: Solo practice aid: the person may take back their last action before a card is dealt.
    solo_undo: bool = False


@dataclass(frozen=True)
class TimingSettings:
    """The turn timer (0: off, HOUSE_RULES.md 12) and the pause before a bot acts, in seconds."""

    turn_timer: int = 0
    bot_pause: float = 0.8


@dataclass(frozen=True)
class CashGameSettings:
    """A cash game (HOUSE_RULES 22): fixed blinds, the chips-to-money rate, the maximum buy-in."""

    small_blind: int = 10
    big_blind: int = 20
    #: What one chip is worth, in cents (1: a chip is 0.01).
    cents_per_chip: int = 1
    max_buy_in_big_blinds: int = 100


def _default_players() -> tuple[PlayerSetting, ...]:
    return (PlayerSetting("Player 1"), PlayerSetting("Player 2"))


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game at the table."""

    game: str
    players: tuple[PlayerSetting, ...] = field(default_factory=_default_players)
    seed: int | None = None
    freezeout: FreezeoutSettings = field(default_factory=FreezeoutSettings)
    series: SeriesSettings = field(default_factory=SeriesSettings)
    rules: RulesSettings = field(default_factory=RulesSettings)
    timing: TimingSettings = field(default_factory=TimingSettings)
    #: A cash game ([cash], or `--cash`) instead of a freezeout; None: a freezeout.
    cash: CashGameSettings | None = None
    #: What a freezeout is played for ([money]); None: for chips only.
    money: MoneySettings | None = None

    @property
    def people(self) -> tuple[PlayerSetting, ...]:
        """The seats a person plays."""
        return tuple(p for p in self.players if not p.is_bot)

    @property
    def is_solo(self) -> bool:
        """One person against bots: no handoffs, that person's cards always shown."""
        return len(self.people) == 1

    def problems(self) -> list[str]:
        """Problems with a config built in code (player count, names): one line each."""
        out: list[str] = []
        _check_players(self.game, self.players, out)
        return out


class ConfigError(ValueError):
    """A config that cannot start a game; `problems` holds one line per problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        if len(self.problems) > MAX_PROBLEMS + 1:  # the first ones, and how many more
            more = len(self.problems) - MAX_PROBLEMS
            self.problems = [*self.problems[:MAX_PROBLEMS], f"... and {more:,} more problems"]
        super().__init__("\n".join(self.problems))


#: A config is a small text file: anything bigger is not one (and is not read whole).
MAX_CONFIG_BYTES = 1_000_000
#: At most this many problems are listed, then how many more there are.
MAX_PROBLEMS = 20


def load_config(path: str | Path) -> GameConfig:
    """Read and validate a TOML config file; ConfigError lists every problem after the path."""
    source = Path(path)
    shown = printable(str(source))
    text = _read_config(source, shown)
    try:
        config = parse_config(text)
    except ConfigError as exc:
        raise ConfigError([f"{shown}: {line}" for line in exc.problems]) from None
    return _with_bot_files(config, source.parent)


def _with_bot_files(config: GameConfig, base: Path) -> GameConfig:
    """Bot files named by the players, found from the config's folder and loaded once to check
    them; ConfigError names the player's key when one cannot be loaded."""
    from dataclasses import replace

    if not any(p.bot and is_bot_file(p.bot) for p in config.players):
        return config
    from homegame.bots.interface import load_bot_class

    players = []
    problems = []
    for i, player in enumerate(config.players, start=1):
        if player.bot and is_bot_file(player.bot):
            path, _, name = player.bot.rpartition(":")
            found = Path(path).expanduser()
            if not found.is_absolute() and (base / found).is_file():
                found = base / found
            spec = f"{found}:{name}"
            try:
                load_bot_class(spec)
            except ValueError as error:
                problems.append(f"players[{i}].bot: {error}")
            player = replace(player, bot=spec)
        players.append(player)
    if problems:
        raise ConfigError(problems)
    return replace(config, players=tuple(players))


def is_bot_file(value: object) -> bool:
    """A bot named by its file, "path/to/file.py:ClassName" (see homegame.bots.interface)."""
    if not isinstance(value, str):
        return False
    path, sep, name = value.rpartition(":")
    return bool(sep and name.isidentifier() and path.endswith(".py"))


def _read_config(source: Path, shown: str) -> str:
    """The text of a regular file of at most MAX_CONFIG_BYTES (a UTF-8 BOM is dropped); never
    opens a device or a FIFO, which could be endless or block forever."""
    try:
        info = source.stat()
    except FileNotFoundError:
        raise ConfigError([f"{shown}: no such file"]) from None
    except OSError as exc:
        raise ConfigError([f"{shown}: cannot read: {exc.strerror or exc}"]) from None
    if stat.S_ISDIR(info.st_mode):
        raise ConfigError([f"{shown}: expected a TOML file, got a directory"])
    if not stat.S_ISREG(info.st_mode):
        raise ConfigError([f"{shown}: expected a TOML file, got a device, FIFO or socket"])
    too_big = f"{shown}: expected a config of at most {MAX_CONFIG_BYTES:,} bytes"
    if info.st_size > MAX_CONFIG_BYTES:
        raise ConfigError([f"{too_big}, got {info.st_size:,}"])
    try:
        with source.open("rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigError([f"{shown}: cannot read: {exc.strerror or exc}"]) from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError([f"{too_big}, got more"])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            [
                f"{shown}: expected UTF-8 text, got byte {exc.object[exc.start]:#04x} "
                f"at offset {exc.start}"
            ]
        ) from None


def parse_config(text: str) -> GameConfig:
    """Validate TOML text into a GameConfig; ConfigError lists every problem found."""
    import tomllib  # read when a config file is, not with every start-up

    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"not valid TOML: {printable(str(exc))}"]) from None
    except RecursionError:
        raise ConfigError(["not valid TOML: nested too deeply"]) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise ConfigError([f"not valid TOML: {shorten(str(exc), 80)}"]) from None
    return config_from_dict(data)


def config_from_dict(data: Mapping[str, Any]) -> GameConfig:
    """Validate a parsed TOML document into a GameConfig; ConfigError lists every problem."""
    problems: list[str] = []
    _unknown_keys(data, _TOP_KEYS, "", problems)
    game = _game(data, problems)
    players = _players(data.get("players"), problems)
    seed = _field(data, "seed", "", _int_at_least(0, "a whole number >= 0"), None, problems)
    betting = game is None or get_variant(game).has_betting
    freezeout = FreezeoutSettings()
    series = SeriesSettings()
    rules = RulesSettings()
    if "freezeout" in data:
        if not betting:
            problems.append('freezeout: only for games with betting (game is "krg"); use [series]')
        table = _table(data, "freezeout", problems)
        if table is not None:
            freezeout = _freezeout(table, problems)
    if "series" in data:
        if not (game is None or game == "krg"):
            problems.append(f'series: only for KRG (game is "{game}"); use [freezeout]')
        table = _table(data, "series", problems)
        if table is not None:
            series = _series(table, problems)
    if "rules" in data:
        table = _table(data, "rules", problems)
        if table is not None:
            rules = _rules(table, problems)
    timing = TimingSettings()
    if "timing" in data:
        table = _table(data, "timing", problems)
        if table is not None:
            timing = _timing(table, problems)
    cash = None
    if "cash" in data:
        if not betting:
            problems.append('cash: only for games with betting (game is "krg")')
        table = _table(data, "cash", problems)
        if table is not None:
            cash = _cash(table, problems)
    money = None
    if "money" in data:
        if not betting:
            problems.append('money: only for games with betting (game is "krg"); use [series]')
        table = _table(data, "money", problems)
        if table is not None:
            money = _money(table, problems)
    if game is not None and players is not None:
        _check_players(game, players, problems)
    if problems:
        raise ConfigError(problems)
    assert game is not None
    return GameConfig(
        game=game,
        players=players if players is not None else _default_players(),
        seed=seed,
        freezeout=freezeout,
        series=series,
        rules=rules,
        timing=timing,
        cash=cash,
        money=money,
    )


_TOP_KEYS = ("game", "players", "seed", "freezeout", "series", "rules", "timing", "cash", "money")
_CASH_KEYS = ("small_blind", "big_blind", "chip_value", "max_buy_in")
_MONEY_KEYS = (
    "buy_in",
    "house_fee",
    "payouts",
    "rounding",
    "rebuys",
    "rebuy_until_level",
    "add_on",
)
_ADD_ON_KEYS = ("chips", "price")
_PLAYER_KEYS = ("name", "bot")
_FREEZEOUT_KEYS = (
    "starting_stack",
    "hands_per_level",
    "minutes_per_level",
    "blinds",
    "breaks",
    "late_entry_until_level",
)
_BREAK_KEYS = ("after_level", "minutes", "note")
_SERIES_KEYS = ("wins", "buy_in", "tie_rule", "doubling_cube", "side_bets")
_RULES_KEYS = ("burn_cards", "everyone_shows", "solo_undo")
_TIMING_KEYS = ("turn_timer", "bot_pause")

_MISSING = object()
Check = Callable[[Any], tuple[bool, Any]]


_SHOW_LIMIT = 40


def _show(value: Any) -> str:
    """The value as the file wrote it (cut short when long): a message shows what was found."""
    return printable(shorten(_toml_text(value), _SHOW_LIMIT))


def _toml_text(value: Any, depth: int = 0) -> str:
    """The value in TOML words; deep or long lists are cut short, so any value has a line."""
    if isinstance(value, str):
        return f'"{shorten(value, _SHOW_LIMIT)}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        if depth >= 3:
            return "[...]"
        items = [_toml_text(v, depth + 1) for v in value[:_SHOW_LIMIT]]
        return "[" + ", ".join(items + ["..."] * (len(value) > _SHOW_LIMIT)) + "]"
    if _is_int(value) and abs(value) >= 10**_SHOW_LIMIT:
        return "a number with more than 40 digits"
    return str(value)


def _unknown_keys(
    table: Mapping[str, Any], known: Sequence[str], prefix: str, problems: list[str]
) -> None:
    for key in table:
        if key not in known:
            problems.append(f"{prefix}{key}: unknown key (expected one of {', '.join(known)})")


def _field(
    table: Mapping[str, Any],
    key: str,
    prefix: str,
    check: tuple[Check, str],
    default: Any,
    problems: list[str],
) -> Any:
    value = table.get(key, _MISSING)
    if value is _MISSING:
        return default
    ok, converted = check[0](value)
    if not ok:
        problems.append(f"{prefix}{key}: expected {check[1]}, got {_show(value)}")
        return default
    return converted


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_at_least(low: int, words: str) -> tuple[Check, str]:
    return (lambda v: (_is_int(v) and v >= low, v), words)


def _int_between(low: int, high: int, words: str) -> tuple[Check, str]:
    return (lambda v: (_is_int(v) and low <= v <= high, v), words)


def _number_between(low: float, high: float, words: str) -> tuple[Check, str]:
    def check(v: Any) -> tuple[bool, Any]:
        """Whether `v` is a number in range, and the value."""
        ok = (_is_int(v) or isinstance(v, float)) and low <= v <= high
        return ok, v

    return (check, words)


def _one_of(choices: Sequence[Any], words: str) -> tuple[Check, str]:
    return (lambda v: (isinstance(v, str) and v in choices, v), words)


_BOOL: tuple[Check, str] = (lambda v: (isinstance(v, bool), v), "true or false")


def _table(data: Mapping[str, Any], key: str, problems: list[str]) -> Mapping[str, Any] | None:
    value = data[key]
    if not isinstance(value, dict):
        problems.append(f"{key}: expected a table ([{key}]), got {_show(value)}")
        return None
    return value


def _game(data: Mapping[str, Any], problems: list[str]) -> str | None:
    words = "one of " + ", ".join(f'"{k}"' for k in VARIANTS)
    if "game" not in data:
        problems.append(f"game: missing (expected {words})")
        return None
    value = data["game"]
    if not isinstance(value, str) or value.lower() not in VARIANTS:
        problems.append(f"game: expected {words}, got {_show(value)}")
        return None
    return value.lower()


def _players(value: Any, problems: list[str]) -> tuple[PlayerSetting, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        problems.append(f"players: expected a list of [[players]] tables, got {_show(value)}")
        return None
    players: list[PlayerSetting] = []
    bad = False
    levels = "one of " + ", ".join(f'"{b}"' for b in BOT_LEVELS) + ' or "path/to/file.py:Class"'
    bot_kind: tuple[Check, str] = (
        lambda v: (isinstance(v, str) and (v in BOT_LEVELS or is_bot_file(v)), v),
        levels,
    )
    for i, entry in enumerate(value, start=1):
        prefix = f"players[{i}]."
        if not isinstance(entry, dict):
            problems.append(
                f"players[{i}]: expected a table with name (and bot), got {_show(entry)}"
            )
            bad = True
            continue
        before = len(problems)
        _unknown_keys(entry, _PLAYER_KEYS, prefix, problems)
        name = entry.get("name", _MISSING)
        if name is _MISSING:
            problems.append(f"{prefix}name: missing (expected a name)")
        elif not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME_LENGTH:
            problems.append(
                f"{prefix}name: expected a name of 1 to {MAX_NAME_LENGTH} characters, "
                f"got {_show(name)}"
            )
        bot = _field(entry, "bot", prefix, bot_kind, None, problems)
        if len(problems) > before:
            bad = True
            continue
        players.append(PlayerSetting(name.strip(), bot))
    return None if bad else tuple(players)


def _check_players(game: str, players: Sequence[PlayerSetting], problems: list[str]) -> None:
    count_problem = get_variant(game).players_problem(len(players))
    if count_problem is not None:
        problems.append(f"players: {count_problem}")
    seen: set[str] = set()
    for player in players:
        shown = _show(player.name)
        if len(player.name) > MAX_NAME_LENGTH:
            problems.append(
                f"players: expected names of 1 to {MAX_NAME_LENGTH} characters, got {shown}"
            )
        control = control_problem(f"players: the name {shown}", player.name)
        if control is not None:
            problems.append(control)
        key = player.name.casefold()
        if key in seen:
            problems.append(f"players: the name {shown} is used twice; names must differ")
        seen.add(key)


def _freezeout(table: Mapping[str, Any], problems: list[str]) -> FreezeoutSettings:
    p = "freezeout."
    d = FreezeoutSettings()
    _unknown_keys(table, _FREEZEOUT_KEYS, p, problems)
    stack = _field(
        table,
        "starting_stack",
        p,
        _int_at_least(1, "a whole number of chips >= 1"),
        d.starting_stack,
        problems,
    )
    hands = _field(
        table,
        "hands_per_level",
        p,
        _int_at_least(1, "a whole number of hands >= 1"),
        d.hands_per_level,
        problems,
    )
    minutes = _field(
        table,
        "minutes_per_level",
        p,
        _int_between(1, MAX_LEVEL_MINUTES, f"minutes from 1 to {MAX_LEVEL_MINUTES:,}"),
        d.minutes_per_level,
        problems,
    )
    if "hands_per_level" in table and "minutes_per_level" in table:
        problems.append(
            f"{p}minutes_per_level: expected either hands_per_level or minutes_per_level, not both"
        )
    blinds = _blinds(table.get("blinds", _MISSING), problems)
    breaks = _breaks(table.get("breaks", _MISSING), minutes is not None, problems)
    late = _field(
        table,
        "late_entry_until_level",
        p,
        _int_at_least(0, "a level number >= 0 (0: no late entry)"),
        4,
        problems,
    )
    return FreezeoutSettings(stack, hands, minutes, blinds, breaks, late)


def _breaks(value: Any, by_minutes: bool, problems: list[str]) -> tuple[Break, ...]:
    if value is _MISSING:
        return ()
    key = "freezeout.breaks"
    words = "a list of [[freezeout.breaks]] tables with after_level, minutes and a note"
    if not isinstance(value, list):
        problems.append(f"{key}: expected {words}, got {_show(value)}")
        return ()
    if value and not by_minutes:
        problems.append(f"{key}: breaks need a clock in minutes (set minutes_per_level)")
        return ()
    breaks: list[Break] = []
    for i, entry in enumerate(value, start=1):
        prefix = f"{key}[{i}]."
        if not isinstance(entry, dict):
            problems.append(f"{key}[{i}]: expected a table with after_level and minutes")
            continue
        before = len(problems)
        _unknown_keys(entry, _BREAK_KEYS, prefix, problems)
        for needed in ("after_level", "minutes"):
            if needed not in entry:
                problems.append(f"{prefix}{needed}: missing")
        after = _field(
            entry, "after_level", prefix, _int_at_least(1, "a level number >= 1"), 1, problems
        )
        length = _field(
            entry, "minutes", prefix, _number_between(1, 240, "minutes from 1 to 240"), 10, problems
        )
        note = _field(
            entry,
            "note",
            prefix,
            ((lambda v: (isinstance(v, str) and len(v) <= 60, v)), "text of up to 60 characters"),
            "",
            problems,
        )
        if any(b.after_level == after for b in breaks):
            problems.append(f"{prefix}after_level: a break after level {after} is already listed")
        if len(problems) == before:
            breaks.append(Break(after, float(length), note))
    return tuple(sorted(breaks, key=lambda b: b.after_level))


def _blinds(value: Any, problems: list[str]) -> tuple[tuple[int, int], ...] | None:
    if value is _MISSING:
        return None
    words = "a list of [small, big] blind levels, e.g. [[10, 20], [15, 30]]"
    if not isinstance(value, list):
        problems.append(f"freezeout.blinds: expected {words}, got {_show(value)}")
        return None
    if not value:
        problems.append(f"freezeout.blinds: expected at least one level ({words}), got []")
        return None
    levels: list[tuple[int, int]] = []
    for i, pair in enumerate(value, start=1):
        key = f"freezeout.blinds[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(x) for x in pair)):
            problems.append(
                f"{key}: expected a level [small, big] of two whole numbers, got {_show(pair)}"
            )
            return None
        small, big = pair
        if not 1 <= small <= big:
            problems.append(f"{key}: expected 1 <= small <= big, got [{small}, {big}]")
            return None
        if levels and big <= levels[-1][1]:
            problems.append(
                f"{key}: expected a big blind above the level before ({levels[-1][1]}), "
                f"got [{small}, {big}]"
            )
            return None
        levels.append((small, big))
    return tuple(levels)


def _whole_cents(v: Any) -> tuple[bool, Any]:
    """A buy-in the pool can hold: at least one cent, in whole cents, at most a million."""
    if not (_is_int(v) or isinstance(v, float)) or not 0.01 <= v <= 1_000_000:
        return False, v
    cents = v * 100
    return abs(cents - round(cents)) < 1e-6, v


_BUY_IN: tuple[Check, str] = (_whole_cents, "an amount of at least 0.01 in whole cents")


def _cents(value: Any) -> tuple[bool, Any]:
    """An amount of money as TOML writes it (12.50, 12 or "12.50") in cents, by money.amounts."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return False, value
    text = value if isinstance(value, str) else str(value)
    try:
        return True, parse_amount(text)
    except MoneyError:
        return False, value


_AMOUNT: tuple[Check, str] = (_cents, "an amount above 0 with at most two decimals, like 12.50")


def _percent(value: Any) -> int | None:
    """A percentage (40, 12.5 or "12.5%") in hundredths of a percent, or None."""
    text = value.strip().removesuffix("%") if isinstance(value, str) else value
    if isinstance(text, str) or _is_int(text) or isinstance(text, float):
        try:
            return parse_amount(str(text), allow_zero=True)
        except MoneyError:
            return None
    return None


def _money(table: Mapping[str, Any], problems: list[str]) -> MoneySettings:
    p = "money."
    _unknown_keys(table, _MONEY_KEYS, p, problems)
    if "buy_in" not in table:
        problems.append(f"{p}buy_in: missing (expected {_AMOUNT[1]})")
    buy_in = _field(table, "buy_in", p, _AMOUNT, 100, problems)
    fee = _house_fee(table.get("house_fee", _MISSING), problems)
    payouts = _payouts(table.get("payouts", _MISSING), problems)
    rounding = _field(table, "rounding", p, _AMOUNT, 100, problems)
    rebuys = _field(table, "rebuys", p, _BOOL, False, problems)
    until = _field(
        table,
        "rebuy_until_level",
        p,
        _int_at_least(1, "a level number >= 1"),
        DEFAULT_REBUY_UNTIL_LEVEL,
        problems,
    )
    add_on = _add_on(table.get("add_on", _MISSING), problems)
    return MoneySettings(buy_in, fee, payouts, rounding, rebuys, until, add_on)


def _house_fee(value: Any, problems: list[str]) -> HouseFee:
    key = "money.house_fee"
    words = 'a fixed amount like 5.00, or a percentage like "10%"'
    if value is _MISSING:
        return HouseFee()
    if isinstance(value, str) and value.strip().endswith("%"):
        share = _percent(value)
        if share is None or not 0 < share < WHOLE:
            problems.append(
                f"{key}: expected a percentage above 0 and below 100, got {_show(value)}"
            )
            return HouseFee()
        return HouseFee(basis_points=share)
    ok, cents = _cents(value)
    if not ok:
        problems.append(f"{key}: expected {words}, got {_show(value)}")
        return HouseFee()
    return HouseFee(cents=cents)


def _payouts(value: Any, problems: list[str]) -> tuple[int, ...]:
    key = "money.payouts"
    if value is _MISSING or value == "default":
        return ()
    shares = [_percent(v) for v in value] if isinstance(value, list) else None
    if shares is None or not shares or any(s is None for s in shares):
        problems.append(
            f'{key}: expected "default" or a list of percentages like [50, 30, 20], '
            f"got {_show(value)}"
        )
        return ()
    exact = tuple(s for s in shares if s is not None)
    problem = structure_problem(exact)
    if problem:
        problems.append(f"{key}: {problem}")
        return ()
    return exact


def _add_on(value: Any, problems: list[str]) -> AddOn | None:
    key = "money.add_on"
    if value is _MISSING:
        return None
    if not isinstance(value, dict):
        problems.append(f"{key}: expected a table with chips and price, got {_show(value)}")
        return None
    p = f"{key}."
    before = len(problems)
    _unknown_keys(value, _ADD_ON_KEYS, p, problems)
    for needed in _ADD_ON_KEYS:
        if needed not in value:
            problems.append(f"{p}{needed}: missing")
    chips = _field(value, "chips", p, _int_at_least(1, "a whole number of chips >= 1"), 1, problems)
    price = _field(value, "price", p, _AMOUNT, 1, problems)
    return AddOn(chips, price) if len(problems) == before else None


def _series(table: Mapping[str, Any], problems: list[str]) -> SeriesSettings:
    p = "series."
    d = SeriesSettings()
    _unknown_keys(table, _SERIES_KEYS, p, problems)
    targets = " or ".join(str(t) for t in WINS_TARGETS)
    wins = _field(
        table,
        "wins",
        p,
        ((lambda v: (_is_int(v) and v in WINS_TARGETS, v)), targets),
        d.wins,
        problems,
    )
    buy_in = _field(table, "buy_in", p, _BUY_IN, d.buy_in, problems)
    rules = [r.value for r in TieRule]
    tie = _field(
        table,
        "tie_rule",
        p,
        _one_of(rules, "one of " + ", ".join(f'"{r}"' for r in rules)),
        d.tie_rule.value,
        problems,
    )
    cube = _field(table, "doubling_cube", p, _BOOL, d.doubling_cube, problems)
    side = _field(table, "side_bets", p, _BOOL, d.side_bets, problems)
    return SeriesSettings(wins, buy_in, TieRule(tie), cube, side)


def _rules(table: Mapping[str, Any], problems: list[str]) -> RulesSettings:
    p = "rules."
    d = RulesSettings()
    _unknown_keys(table, _RULES_KEYS, p, problems)
    burn = _field(table, "burn_cards", p, _BOOL, d.burn_cards, problems)
    shows = _field(table, "everyone_shows", p, _BOOL, d.everyone_shows, problems)
    undo = _field(table, "solo_undo", p, _BOOL, d.solo_undo, problems)
    return RulesSettings(burn, shows, undo)


def _timing(table: Mapping[str, Any], problems: list[str]) -> TimingSettings:
    p = "timing."
    d = TimingSettings()
    _unknown_keys(table, _TIMING_KEYS, p, problems)
    timer = _field(
        table,
        "turn_timer",
        p,
        _int_between(0, MAX_TURN_TIMER, f"seconds from 0 (off) to {MAX_TURN_TIMER:,}"),
        d.turn_timer,
        problems,
    )
    pause = _field(
        table,
        "bot_pause",
        p,
        _number_between(0, 10, "seconds between 0 and 10"),
        d.bot_pause,
        problems,
    )
    return TimingSettings(timer, float(pause))


def _cash(table: Mapping[str, Any], problems: list[str]) -> CashGameSettings:
    p = "cash."
    d = CashGameSettings()
    _unknown_keys(table, _CASH_KEYS, p, problems)
    chips = _int_at_least(1, "a whole number of chips >= 1")
    small = _field(table, "small_blind", p, chips, d.small_blind, problems)
    big = _field(table, "big_blind", p, chips, d.big_blind, problems)
    if _is_int(small) and _is_int(big) and small > big:
        problems.append(f"{p}small_blind: at most the big blind ({big}), got {small}")
    rate = _field(table, "chip_value", p, _AMOUNT, d.cents_per_chip, problems)
    most = _field(
        table,
        "max_buy_in",
        p,
        _int_at_least(1, "big blinds >= 1"),
        d.max_buy_in_big_blinds,
        problems,
    )
    return CashGameSettings(small, big, rate, most)


def bot_names(count: int, taken: Sequence[str] = ()) -> list[str]:
    """Names for `count` bot seats that do not clash with the people's names."""
    used = {n.casefold() for n in taken}
    names: list[str] = []
    i = 1
    while len(names) < count:
        name = f"Bot {i}"
        if name.casefold() not in used:
            names.append(name)
        i += 1
    return names
