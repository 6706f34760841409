"""TOML game configs (stdlib `tomllib`) validated into frozen settings before anything starts.

The settings classes are the schema: each field's type, default and limits (a `Limits`, which
msgspec checks as its `Meta`) are written once, on the field, and a config file and the command
line's options are both read by them (`config_from_dict`, `with_options`). A config names the
game, the players (each a person or a bot with a level) and the settings of the freezeout
(Hold'em, Yukon) or the KRG series. Every problem is one line naming the key, what was
expected and what was found, so a host fixes them all at once.
"""

from __future__ import annotations

import functools
import operator
import re
import stat
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, is_dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, NamedTuple

from homegame.defaults import (
    BOT_LEVELS,
    CENTS,
    DEFAULT_BUY_IN,
    DEFAULT_CASH_BLINDS,
    DEFAULT_FIRST_BLINDS,
    DEFAULT_HANDS_PER_LEVEL,
    DEFAULT_LATE_ENTRY_UNTIL_LEVEL,
    DEFAULT_STACK,
    DEFAULT_WINS,
    MAX_BOT_PAUSE,
    MAX_BUY_IN_BIG_BLINDS,
    MAX_CHIPS,
    MAX_LEVEL,
    MAX_LEVEL_MINUTES,
    MAX_NAME_LENGTH,
    MAX_SEED,
    MAX_TURN_TIMER,
    MIN_STACK_BIG_BLINDS,
    AnteKind,
    Break,
    Chips,
    LevelNumber,
    Limits,
    TieRule,
    Wins,
    Written,
    is_bot_file,
)
from homegame.money.amounts import MAX_CENTS, MAX_CURRENCY, parse_amount
from homegame.money.errors import MoneyError
from homegame.money.payouts import structure_problem
from homegame.money.settings import (
    DEFAULT_MAX_BUY_IN_BIG_BLINDS,
    WHOLE,
    AddOn,
    HouseFee,
    MoneySettings,
)
from homegame.text import control_problem, printable, shorten
from homegame.variants import VARIANTS, get_variant

#: The key a config file writes for a field, where it is not the field's own name.
KEY = "key"
#: An amount of money in cents, which a config writes as 12.50 (or 12, or "12.50").
Amount = Annotated[int, Limits(ge=1, le=MAX_CENTS), Written.AMOUNT]
#: The config types of the money settings' fields: money/ sits below the rest and imports
#: nothing of it (its dataclasses say plain `int`), so their limits are given here, once.
_MONEY_TYPES: dict[type, dict[str, Any]] = {
    MoneySettings: {
        "buy_in": Amount,
        "house_fee": Annotated[HouseFee, Written.FEE],
        "payouts": Annotated[tuple[int, ...], Written.PAYOUTS],
        "rounding": Amount,
        "rebuy_until_level": LevelNumber,
    },
    AddOn: {"chips": Chips, "price": Amount},
}
#: The largest bomb-pot ante, in big blinds (HOUSE_RULES 28).
MAX_BOMB_POT_BIG_BLINDS = 100
#: An ante in chips: 0 (none at that level) or more.
Ante = Annotated[int, Limits(ge=0, le=MAX_CHIPS, description="a whole number of chips")]
_ANTES_WORDS = "a list of antes, one per level from level 1, e.g. [0, 5, 10]"
#: A section only for games with betting (True) or only for games without (False).
BETTING = "betting"


@dataclass(frozen=True)
class PlayerSetting:
    """One seat: a name, and the bot level when a bot plays it (None: a person)."""

    name: Annotated[
        str,
        Limits(min_length=1, max_length=MAX_NAME_LENGTH, description="a name"),
        Written.NAME,
    ]
    bot: Annotated[str, Written.BOT] | None = None

    @property
    def is_bot(self) -> bool:
        """True when a bot plays this seat."""
        return self.bot is not None


@dataclass(frozen=True)
class FreezeoutSettings:
    """Stacks and the blind schedule of a freezeout (HOUSE_RULES.md 10)."""

    starting_stack: Chips = DEFAULT_STACK
    hands_per_level: Annotated[
        int, Limits(ge=1, le=MAX_LEVEL, description="a whole number of hands")
    ] = DEFAULT_HANDS_PER_LEVEL
    minutes_per_level: Annotated[
        int, Limits(ge=1, le=MAX_LEVEL_MINUTES, description="whole minutes")
    ] | (None) = None
    blinds: Annotated[tuple[tuple[Chips, Chips], ...], Written.BLINDS] | None = None
    #: Breaks in a minutes structure (each after a level, with its length and a note).
    breaks: tuple[Break, ...] = ()
    #: HOUSE_RULES 20: a late player may join until the end of this level.
    late_entry_until_level: Annotated[
        int,
        Limits(ge=0, le=MAX_LEVEL, description="a level number from {ge} (no late entry) to {le}"),
    ] = DEFAULT_LATE_ENTRY_UNTIL_LEVEL
    #: HOUSE_RULES 25: the ante of each level, from level 1 (`rules.ante` says who posts it);
    #: None: the house's (`homegame.engine.schedule.default_ante`).
    antes: Annotated[tuple[Ante, ...], Written.ANTES] | None = None


@dataclass(frozen=True)
class SeriesSettings:
    """A KRG series: wins needed, buy-in, tie rule, cube and side bets (HOUSE_RULES.md 14-17)."""

    wins: Wins = DEFAULT_WINS
    buy_in: Annotated[int | float, Written.DOLLARS] = DEFAULT_BUY_IN // CENTS
    tie_rule: TieRule = TieRule.SHARE
    doubling_cube: bool = False
    side_bets: bool = False


@dataclass(frozen=True)
class RulesSettings:
    """House-rule switches shared by the betting games (HOUSE_RULES.md 8, 9, 25, 28 and 30)."""

    burn_cards: bool = True
    everyone_shows: bool = False
    #: HOUSE_RULES 25: who posts the antes: nobody (off), every player, or the big blind.
    ante: AnteKind = AnteKind.OFF
    #: HOUSE_RULES 28: a bomb pot every this many hands (0: only when the host calls one).
    bomb_pot_every: Annotated[
        int,
        Limits(ge=0, le=MAX_LEVEL, description="a whole number of hands from {ge} (off) to {le}"),
    ] = 0
    #: HOUSE_RULES 28: the bomb pot's ante, in big blinds.
    bomb_pot_ante: Annotated[
        int, Limits(ge=1, le=MAX_BOMB_POT_BIG_BLINDS, description="big blinds from {ge} to {le}")
    ] = 2
    #: HOUSE_RULES 27: when everyone in an all-in run-out before the river agrees, the rest of
    #: the board is dealt twice and each pot split between the runs.
    run_it_twice: bool = False
    #: Solo practice aid: the person may take back their last action before a card is dealt.
    solo_undo: bool = False
    #: HOUSE_RULES 30: R on the result of a hand that ended early shows the cards that would
    #: have come (pass-and-play and solo; a live table's cards are not the app's to show).
    rabbit_hunt: bool = False


@dataclass(frozen=True)
class TimingSettings:
    """The turn timer (0: off, HOUSE_RULES.md 12) and the pause before a bot acts, in seconds."""

    turn_timer: Annotated[
        int, Limits(ge=0, le=MAX_TURN_TIMER, description="whole seconds from {ge} (off) to {le}")
    ] = 0
    bot_pause: Annotated[
        float, Limits(ge=0, le=MAX_BOT_PAUSE, description="seconds between {ge} and {le}")
    ] = 0.8


@dataclass(frozen=True)
class CashGameSettings:
    """A cash game (HOUSE_RULES 22): fixed blinds, the chips-to-money rate, the maximum buy-in."""

    small_blind: Chips = DEFAULT_CASH_BLINDS[0]
    big_blind: Chips = DEFAULT_CASH_BLINDS[1]
    #: What one chip is worth, in cents (1: a chip is 0.01).
    cents_per_chip: Amount = field(default=1, metadata={KEY: "chip_value"})
    max_buy_in_big_blinds: Annotated[
        int, Limits(ge=1, le=MAX_BUY_IN_BIG_BLINDS, description="big blinds")
    ] = field(default=DEFAULT_MAX_BUY_IN_BIG_BLINDS, metadata={KEY: "max_buy_in"})
    #: HOUSE_RULES 25: the ante (`rules.ante` says who posts it); None: the house's.
    ante: Ante | None = None
    #: HOUSE_RULES 26: the player left of the big blind may straddle two big blinds.
    straddle: bool = False
    #: HOUSE_RULES 29: chips each player dealt in pays a pot won with 7-2 shown (0: off).
    seven_deuce_bounty: Ante = 0


#: The port the phones' server listens on unless a config or `--port` names one.
DEFAULT_DEVICES_PORT = 8765
#: The highest TCP port.
MAX_PORT = 65535
#: The longest host name DNS allows.
MAX_HOST_LENGTH = 253
#: What a host may be written with: a name, an IPv4 or an IPv6 address (no spaces, no scheme).
HOST_TEXT = re.compile(r"[A-Za-z0-9.:\-]+")


@dataclass(frozen=True)
class DeviceSettings:
    """Each person plays their own cards on their own phone (`homegame play --devices`): the
    address the phones' server listens on (localhost: this machine only) and its port."""

    enabled: bool = False
    host: Annotated[
        str,
        Limits(
            min_length=1,
            max_length=MAX_HOST_LENGTH,
            description="an address such as localhost or 0.0.0.0",
        ),
    ] = "localhost"
    port: Annotated[int, Limits(ge=1, le=MAX_PORT, description="a port from {ge} to {le}")] = (
        DEFAULT_DEVICES_PORT
    )


def _default_players() -> tuple[PlayerSetting, ...]:
    return (PlayerSetting("Player 1"), PlayerSetting("Player 2"))


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game at the table."""

    game: Annotated[str, Written.GAME]
    players: tuple[PlayerSetting, ...] = field(default_factory=_default_players)
    seed: Annotated[int, Limits(ge=0, le=MAX_SEED, description="a whole number")] | None = None
    freezeout: FreezeoutSettings = field(
        default_factory=FreezeoutSettings, metadata={BETTING: True}
    )
    series: SeriesSettings = field(default_factory=SeriesSettings, metadata={BETTING: False})
    rules: RulesSettings = field(default_factory=RulesSettings)
    timing: TimingSettings = field(default_factory=TimingSettings)
    #: A cash game ([cash], or `--cash`) instead of a freezeout; None: a freezeout.
    cash: CashGameSettings | None = field(default=None, metadata={BETTING: True})
    #: What a freezeout is played for ([money]); None: for chips only.
    money: MoneySettings | None = field(default=None, metadata={BETTING: True})
    #: Each person on their own phone ([devices], or `--devices`).
    devices: DeviceSettings = field(default_factory=DeviceSettings)
    #: The currency every amount of money is written in ("$", "EUR"); "": none. The events
    #: and the journal hold cents: only the words people read change.
    currency: Annotated[str, Written.CURRENCY] = ""

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
    config = _table(GameConfig, data, "", problems)
    if problems or not isinstance(config, GameConfig):
        raise ConfigError(problems)
    return config


class _Default:
    """The type of DEFAULT."""

    def __repr__(self) -> str:
        return "DEFAULT"


#: An option's value that puts the setting back to its field's default.
DEFAULT = _Default()


def with_options(config: GameConfig, options: Mapping[str, tuple[str, Any]]) -> GameConfig:
    """`config` with the command line's settings, {dotted config key: (option, value)}: each is
    read by its field's type and limits as a config file's is; ConfigError names the option."""
    problems: list[str] = []
    for dotted, (option, value) in options.items():
        path = dotted.split(".")
        reason = _section_problem(_schema(GameConfig)[path[0]], config.game)
        if reason is not None:
            if f"{option}: {reason}" not in problems:  # an option may set two keys
                problems.append(f"{option}: {reason}")
        else:
            config = _set(config, path, option, value, problems)
    stack_option = options.get("freezeout.starting_stack")
    if stack_option is not None and not problems:  # the stack against the blinds, as a file's
        fz = config.freezeout
        short = stack_problem(fz.starting_stack, fz.blinds)
        if short is not None:
            problems.append(f"{stack_option[0]}: {short}")
    ante_option = options.get("rules.ante")
    if ante_option is not None and not problems:
        for line in ante_problems(config.game, config.rules, config.freezeout, config.cash):
            problems.append(f"{ante_option[0]}: {line.partition(': ')[2]}")
    bounty_option = options.get("cash.seven_deuce_bounty")
    if bounty_option is not None and not problems:
        for line in seven_deuce_problems(config.game, config.cash):
            problems.append(f"{bounty_option[0]}: {line.partition(': ')[2]}")
    bomb_option = options.get("rules.bomb_pot_every")
    if bomb_option is not None and not problems:
        for line in bomb_pot_problems(config.game, config.rules):
            problems.append(f"{bomb_option[0]}: {line.partition(': ')[2]}")
    twice_option = options.get("rules.run_it_twice")
    if twice_option is not None and not problems:
        for line in run_it_twice_problems(config.game, config.rules):
            problems.append(f"{twice_option[0]}: {line.partition(': ')[2]}")
    if problems:
        raise ConfigError(problems)
    return config


def _set(settings: Any, path: list[str], option: str, value: Any, problems: list[str]) -> Any:
    """`settings` with the field at `path` (config keys) set from an option's value."""
    spec = _schema(typing.cast(type, type(settings)))[path[0]]
    if len(path) > 1:
        inner = getattr(settings, spec.name)
        if inner is None:
            inner = _type_of(spec.hint)()
        found = _set(inner, path[1:], option, value, problems)
    elif value is DEFAULT and spec.default is not None:
        found = spec.default()
    else:
        found = _value(spec.hint, value, option, problems)
    if found is _BAD:
        return settings
    return replace(settings, **{spec.name: found})


# -- the schema: each settings class's fields, read by their types ------------------------------


class _Field(NamedTuple):
    """One field of a settings class as a config writes it: its key, type and default (None:
    the key is required)."""

    name: str
    key: str
    hint: Any
    default: Callable[[], Any] | None
    betting: bool | None

    @property
    def required(self) -> bool:
        """True when a config must write this key."""
        return self.default is None


@functools.cache
def field_types(cls: type) -> dict[str, Any]:
    """The config type of each field of a settings class (with its limits), by field name."""
    return typing.get_type_hints(cls, include_extras=True) | _MONEY_TYPES.get(cls, {})


def _schema(cls: type) -> dict[str, _Field]:
    """The fields of a settings class by their config keys, in the order the class lists them."""
    hints = field_types(cls)
    out: dict[str, _Field] = {}
    for f in fields(cls):
        default: Callable[[], Any] | None = None
        if f.default is not MISSING:
            default = functools.partial(lambda v: v, f.default)
        elif f.default_factory is not MISSING:
            default = f.default_factory
        key = f.metadata.get(KEY, f.name)
        out[key] = _Field(f.name, key, hints[f.name], default, f.metadata.get(BETTING))
    return out


#: What a reader returns for a value it refused (the problem is already listed).
_BAD: Any = object()


class _Refused(Exception):
    """A value a reader refuses: `text` follows the key (and `at`, a place inside the value, as
    "[2]" for a list's second item) in the problem's line."""

    def __init__(self, text: str, at: str = "") -> None:
        super().__init__(text)
        self.text = text
        self.at = at


def _parts(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """The type inside `hint` without `| None` and Annotated, and the Annotated extras."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(options) == 1:
            hint = options[0]
    if typing.get_origin(hint) is Annotated:
        return hint.__origin__, hint.__metadata__
    return hint, ()


def _type_of(hint: Any) -> Any:
    return _parts(hint)[0]


def _mark(hint: Any) -> Written | None:
    return next((m for m in _parts(hint)[1] if isinstance(m, Written)), None)


def _number(n: float) -> str:
    return f"{n:,}"


def _words(hint: Any, found: Any = None) -> str:
    """What a value of type `hint` must be, in the words of a problem's line, from its limits:
    a number over its cap is told the whole range, any other the least it may be (">= 1")."""
    mark = _mark(hint)
    if mark in _READERS and _READERS[mark][1]:
        return _READERS[mark][1]
    base, extras = _parts(hint)
    meta = next((m for m in extras if isinstance(m, Limits)), None)
    if meta is not None:
        bounds = {
            k: _number(getattr(meta, k))
            for k in ("ge", "le", "min_length", "max_length")
            if getattr(meta, k) is not None
        }
        text = meta.description or ""
        if "{" in text:
            return text.format(**bounds)
        if "ge" in bounds:
            over = isinstance(found, int | float) and meta.le is not None and found > meta.le
            if over:
                return f"{text} from {bounds['ge']} to {bounds['le']}"
            return f"{text} >= {bounds['ge']}"
        if "min_length" in bounds:
            return f"{text} of {bounds['min_length']} to {bounds['max_length']} characters"
        return f"{text} of up to {bounds['max_length']} characters"
    if base is bool:
        return "true or false"
    if isinstance(base, type) and issubclass(base, Enum):
        return "one of " + ", ".join(f'"{e.value}"' for e in base)
    if typing.get_origin(base) is typing.Literal:
        return " or ".join(str(a) for a in typing.get_args(base))
    if isinstance(base, type) and is_dataclass(base):
        return f"a table with {_keys_text(base)}"
    raise TypeError(f"no words for {hint!r}")  # a field without limits: a test lists them all


def _keys_text(cls: type) -> str:
    """ "after_level and minutes (and note)": the keys a table of `cls` has."""
    specs = _schema(cls).values()
    needed = " and ".join(s.key for s in specs if s.required)
    optional = " and ".join(s.key for s in specs if not s.required)
    return f"{needed} (and {optional})" if optional else needed


def _value(hint: Any, data: Any, key: str, problems: list[str]) -> Any:
    """`data` read as type `hint`, or _BAD after one line naming `key` in `problems`."""
    base, _ = _parts(hint)
    mark = _mark(hint)
    found = data
    try:
        if mark is not None:
            found = _READERS[mark][0](data)
            if mark in (Written.FEE, Written.PAYOUTS):
                return found  # built whole by its reader
        elif isinstance(base, type) and is_dataclass(base):
            return _table(base, data, key, problems)
        elif _is_table_list(base):
            return _tables(typing.get_args(base)[0], data, key, problems)
        ok, found = _checked(found, hint)
        if ok:
            return found
        problems.append(f"{key}: expected {_words(hint, data)}, got {_show(data)}")
    except _Refused as refused:
        problems.append(f"{key}{refused.at}: {refused.text}")
    return _BAD


def _checked(value: Any, hint: Any) -> tuple[bool, Any]:
    """(True, `value` as type `hint`) when msgspec finds it within the type's limits, else
    (False, None); a bool is never taken for a number, nor a float for an int."""
    import msgspec  # loaded when a config is first checked, not with the settings

    try:
        return True, msgspec.convert(value, _msgspec_type(hint), strict=True)
    except msgspec.ValidationError:
        return False, None


@functools.cache
def _msgspec_type(hint: Any) -> Any:
    """`hint` with each `Limits` in it as the `msgspec.Meta` msgspec checks."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        extras = tuple(e.meta() if isinstance(e, Limits) else e for e in hint.__metadata__)
        return Annotated[(_msgspec_type(hint.__origin__), *extras)]
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, (_msgspec_type(a) for a in args))
    if origin is tuple:
        return tuple.__class_getitem__(tuple(a if a is ... else _msgspec_type(a) for a in args))
    return hint


def _is_table_list(hint: Any) -> bool:
    """True for tuple[SomeSettings, ...]: a list of [[tables]] in a config."""
    args = typing.get_args(hint)
    return (
        typing.get_origin(hint) is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and (is_dataclass(args[0]))
    )


def _tables(cls: type, data: Any, key: str, problems: list[str]) -> Any:
    """A list of TOML tables ([[key]]) read as a tuple of `cls`."""
    if not isinstance(data, list):
        problems.append(f"{key}: expected a list of [[{key}]] tables, got {_show(data)}")
        return _BAD
    before = len(problems)
    found = [_table(cls, entry, f"{key}[{i}]", problems) for i, entry in enumerate(data, 1)]
    return _BAD if len(problems) > before else tuple(found)


def _table(cls: type, data: Any, key: str, problems: list[str]) -> Any:
    """A TOML table read as `cls`: unknown and missing keys and each bad value get a line."""
    if not isinstance(data, dict):
        words = f"a table ([{key}])" if key in _schema(GameConfig) else _words(cls)
        problems.append(f"{key}: expected {words}, got {_show(data)}")
        return _BAD
    specs = _schema(cls)
    prefix = f"{key}." if key else ""
    before = len(problems)
    for name in data:
        if name not in specs:
            known = ", ".join(specs)
            problems.append(f"{prefix}{name}: unknown key (expected one of {known})")
    values: dict[str, Any] = {}
    for spec in specs.values():
        if spec.key not in data:
            if spec.required:
                problems.append(f"{prefix}{spec.key}: missing (expected {_words(spec.hint)})")
            continue
        game = values.get("game")
        reason = _section_problem(spec, game) if isinstance(game, str) else None
        if reason is not None:
            problems.append(f"{spec.key}: {reason}; use [{_other_section(spec)}]")
        values[spec.name] = _value(spec.hint, data[spec.key], prefix + spec.key, problems)
    check = _CHECKS.get(cls)
    if check is not None:
        check(data, values, prefix, problems)
    if len(problems) > before:
        return _BAD
    return cls(**values)


def _section_problem(spec: _Field, game: str) -> str | None:
    """Why the section `spec` is not for `game` (a section for betting, or for deals), or None."""
    if spec.betting is None or get_variant(game).has_chips == spec.betting:
        return None
    if spec.betting:
        return f'only for games with betting (game is "{game}")'
    games = " or ".join(v.name for v in VARIANTS.values() if v.has_series)
    return f'only for {games} (game is "{game}")'


def _other_section(spec: _Field) -> str:
    """The section the other kind of game has: [series] for [freezeout], and back."""
    return next(s.key for s in _schema(GameConfig).values() if s.betting is (not spec.betting))


# -- cross-field checks: what one field cannot say alone (a value already refused is _BAD) ------


def _check_game(
    data: Mapping[str, Any], values: dict[str, Any], prefix: str, problems: list[str]
) -> None:
    game, players = values.get("game"), values.get("players", _BAD)
    if isinstance(game, str) and players is not _BAD:
        _check_players(game, players, problems)
    rules = values.get("rules", RulesSettings())
    if isinstance(game, str) and isinstance(rules, RulesSettings):
        problems.extend(
            ante_problems(game, rules, values.get("freezeout"), values.get("cash"), prefix)
        )
        problems.extend(bomb_pot_problems(game, rules, prefix))
        problems.extend(run_it_twice_problems(game, rules, prefix))
        problems.extend(seven_deuce_problems(game, values.get("cash"), prefix))


def ante_problems(
    game: str, rules: RulesSettings, freezeout: Any, cash: Any, prefix: str = ""
) -> list[str]:
    """HOUSE_RULES 25: antes only in a game with betting, and amounts only with antes on."""
    if rules.ante is AnteKind.OFF:
        out = []
        if isinstance(freezeout, FreezeoutSettings) and freezeout.antes is not None:
            out.append(
                f'{prefix}freezeout.antes: antes are off; set rules.ante to "every-player"'
                ' or "big-blind"'
            )
        if isinstance(cash, CashGameSettings) and cash.ante is not None:
            out.append(
                f'{prefix}cash.ante: antes are off; set rules.ante to "every-player" or "big-blind"'
            )
        return out
    if not get_variant(game).has_betting:
        return [f'{prefix}rules.ante: only for games with betting (game is "{game}")']
    return []


def bomb_pot_problems(game: str, rules: RulesSettings, prefix: str = "") -> list[str]:
    """HOUSE_RULES 28: bomb pots only in a game with betting."""
    if rules.bomb_pot_every and not get_variant(game).has_betting:
        return [f'{prefix}rules.bomb_pot_every: only for games with betting (game is "{game}")']
    return []


def run_it_twice_problems(game: str, rules: RulesSettings, prefix: str = "") -> list[str]:
    """HOUSE_RULES 27: running it twice only in a game with betting (and a board)."""
    if rules.run_it_twice and not get_variant(game).has_betting:
        return [f'{prefix}rules.run_it_twice: only for games with betting (game is "{game}")']
    return []


def _check_freezeout(
    data: Mapping[str, Any], values: dict[str, Any], prefix: str, problems: list[str]
) -> None:
    if "hands_per_level" in data and "minutes_per_level" in data:
        problems.append(
            f"{prefix}minutes_per_level: expected either hands_per_level or minutes_per_level, "
            "not both"
        )
    stack = values.get("starting_stack", DEFAULT_STACK)
    blinds = values.get("blinds")
    if _is_int(stack) and blinds is not _BAD:
        short = stack_problem(stack, blinds)
        if short is not None:
            problems.append(f"{prefix}starting_stack: {short}")
    breaks: tuple[Break, ...] = values.get("breaks", ())
    if breaks is _BAD:
        return
    if breaks and "minutes_per_level" not in data:
        problems.append(f"{prefix}breaks: breaks need a clock in minutes (set minutes_per_level)")
    seen: set[int] = set()
    for i, brk in enumerate(breaks, start=1):
        if brk.after_level in seen:
            problems.append(
                f"{prefix}breaks[{i}].after_level: a break after level {brk.after_level} "
                "is already listed"
            )
        seen.add(brk.after_level)
    values["breaks"] = tuple(sorted(breaks, key=lambda b: b.after_level))


def stack_problem(stack: int, blinds: Sequence[tuple[int, int]] | None) -> str | None:
    """Why `stack` is too small to start a freezeout whose first blinds are `blinds[0]` (None:
    the default schedule's), or None: it must be MIN_STACK_BIG_BLINDS of that big blind."""
    small, big = blinds[0] if blinds else DEFAULT_FIRST_BLINDS
    least = MIN_STACK_BIG_BLINDS * big
    if stack >= least:
        return None
    return (
        f"expected at least {least:,} chips, {MIN_STACK_BIG_BLINDS} big blinds at the first "
        f"blinds {small:,}/{big:,}, got {stack:,}"
    )


def seven_deuce_problems(game: str, cash: Any, prefix: str = "") -> list[str]:
    """HOUSE_RULES 29: the 7-2 bounty needs a game of two hole cards."""
    variant = get_variant(game)
    if isinstance(cash, CashGameSettings) and cash.seven_deuce_bounty and variant.hole_cards != 2:
        return [
            f'{prefix}cash.seven_deuce_bounty: only for games of two hole cards (game is "{game}")'
        ]
    return []


def _check_cash(
    data: Mapping[str, Any], values: dict[str, Any], prefix: str, problems: list[str]
) -> None:
    default = CashGameSettings()
    small = values.get("small_blind", default.small_blind)
    big = values.get("big_blind", default.big_blind)
    if _is_int(small) and _is_int(big) and small > big:
        problems.append(f"{prefix}small_blind: at most the big blind ({big}), got {small}")


def _check_devices(
    data: Mapping[str, Any], values: dict[str, Any], prefix: str, problems: list[str]
) -> None:
    host = values.get("host")
    if isinstance(host, str) and not HOST_TEXT.fullmatch(host):
        problems.append(
            f"{prefix}host: expected an address such as localhost or 0.0.0.0, got {_show(host)}"
        )


_CHECKS: dict[type, Callable[[Mapping[str, Any], dict[str, Any], str, list[str]], None]] = {
    GameConfig: _check_game,
    DeviceSettings: _check_devices,
    FreezeoutSettings: _check_freezeout,
    CashGameSettings: _check_cash,
}


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


# -- the readers of values a config writes in words of its own (Written) ------------------------


def _expected(words: str, value: Any) -> _Refused:
    return _Refused(f"expected {words}, got {_show(value)}")


_GAME_WORDS = "one of " + ", ".join(f'"{k}"' for k in VARIANTS)


def _game(value: Any) -> str:
    if not isinstance(value, str) or value.lower() not in VARIANTS:
        raise _expected(_GAME_WORDS, value)
    return value.lower()


def _name(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


_CURRENCY_WORDS = f'a currency sign or code of at most {MAX_CURRENCY} characters, like "$" or "EUR"'


def _currency(value: Any) -> str:
    """A currency money is written in: printable, short, spaces around it dropped."""
    if not isinstance(value, str) or len(value.strip()) > MAX_CURRENCY:
        raise _expected(_CURRENCY_WORDS, value)
    problem = control_problem("", value)
    if problem is not None:
        raise _Refused(problem.removeprefix(": "))
    return value.strip()


_BOT_WORDS = "one of " + ", ".join(f'"{b}"' for b in BOT_LEVELS) + ' or "path/to/file.py:Class"'


def _bot(value: Any) -> str:
    if not (isinstance(value, str) and (value in BOT_LEVELS or is_bot_file(value))):
        raise _expected(_BOT_WORDS, value)
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_LEVELS_WORDS = "a list of [small, big] blind levels, e.g. [[10, 20], [15, 30]]"


def _blinds(value: Any) -> tuple[tuple[int, int], ...]:
    """Blind levels, each [small, big] with 1 <= small <= big, each big blind above the last."""
    if not isinstance(value, list):
        raise _expected(_LEVELS_WORDS, value)
    if not value:
        raise _Refused(f"expected at least one level ({_LEVELS_WORDS}), got []")
    levels: list[tuple[int, int]] = []
    for i, pair in enumerate(value, start=1):
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(x) for x in pair)):
            raise _Refused(
                f"expected a level [small, big] of two whole numbers, got {_show(pair)}", f"[{i}]"
            )
        small, big = pair
        if not 1 <= small <= big:
            raise _Refused(f"expected 1 <= small <= big, got {_show(pair)}", f"[{i}]")
        if not _checked(big, Chips)[0]:
            words = f"blinds of {_words(Chips, big)}"
            raise _Refused(f"expected {words}, got {_show(pair)}", f"[{i}]")
        if levels and big <= levels[-1][1]:
            raise _Refused(
                f"expected a big blind above the level before ({levels[-1][1]}), got {_show(pair)}",
                f"[{i}]",
            )
        levels.append((small, big))
    return tuple(levels)


def _antes(value: Any) -> tuple[int, ...]:
    """HOUSE_RULES 25: one ante per level, each a whole number of chips from 0."""
    if not isinstance(value, list) or not value:
        raise _expected(_ANTES_WORDS, value)
    for i, ante in enumerate(value, start=1):
        if not _checked(ante, Ante)[0]:
            raise _Refused(
                f"expected {_words(Ante, ante)} (0: no ante), got {_show(ante)}", f"[{i}]"
            )
    return tuple(value)


_DOLLARS_WORDS = "an amount of at least 0.01 in whole cents"


def _dollars(value: Any) -> int | float:
    """A buy-in the pool can hold: at least one cent, in whole cents, at most MAX_CENTS."""
    if not (_is_int(value) or isinstance(value, float)) or not 1 <= value * CENTS <= MAX_CENTS:
        raise _expected(_DOLLARS_WORDS, value)
    cents = value * CENTS
    if abs(cents - round(cents)) >= 1e-6:
        raise _expected(_DOLLARS_WORDS, value)
    dollars: int | float = value
    return dollars


_AMOUNT_WORDS = "an amount above 0 with at most two decimals, like 12.50"


def _cents(value: Any) -> int:
    """An amount of money as TOML writes it (12.50, 12 or "12.50") in cents, by money.amounts."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise _expected(_AMOUNT_WORDS, value)
    try:
        return parse_amount(value if isinstance(value, str) else str(value))
    except MoneyError:
        raise _expected(_AMOUNT_WORDS, value) from None


def _percent(value: Any) -> int | None:
    """A percentage (40, 12.5 or "12.5%") in hundredths of a percent, or None."""
    text = value.strip().removesuffix("%") if isinstance(value, str) else value
    if isinstance(text, str) or _is_int(text) or isinstance(text, float):
        try:
            return parse_amount(str(text), allow_zero=True)
        except MoneyError:
            return None
    return None


def _house_fee(value: Any) -> HouseFee:
    if isinstance(value, str) and value.strip().endswith("%"):
        share = _percent(value)
        if share is None or not 0 < share < WHOLE:
            raise _expected("a percentage above 0 and below 100", value)
        return HouseFee(basis_points=share)
    try:
        return HouseFee(cents=_cents(value))
    except _Refused:
        raise _expected('a fixed amount like 5.00, or a percentage like "10%"', value) from None


def _payouts(value: Any) -> tuple[int, ...]:
    if value == "default":
        return ()
    shares = [_percent(v) for v in value] if isinstance(value, list) else None
    if shares is None or not shares or any(s is None for s in shares):
        raise _expected('"default" or a list of percentages like [50, 30, 20]', value)
    exact = tuple(s for s in shares if s is not None)
    problem = structure_problem(exact)
    if problem:
        raise _Refused(problem)
    return exact


#: Each way of writing a value: its reader, and the words a problem says (empty: its limits').
_READERS: dict[Written, tuple[Callable[[Any], Any], str]] = {
    Written.GAME: (_game, _GAME_WORDS),
    Written.NAME: (_name, ""),
    Written.BOT: (_bot, _BOT_WORDS),
    Written.BLINDS: (_blinds, _LEVELS_WORDS),
    Written.DOLLARS: (_dollars, _DOLLARS_WORDS),
    Written.AMOUNT: (_cents, _AMOUNT_WORDS),
    Written.FEE: (_house_fee, ""),
    Written.PAYOUTS: (_payouts, ""),
    Written.ANTES: (_antes, _ANTES_WORDS),
    Written.CURRENCY: (_currency, _CURRENCY_WORDS),
}


# -- how a found value is shown -----------------------------------------------------------------

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
