"""The start screen: play here or host a live table, the game, the players (people and bots with
a level, and whether each person plays on their phone), a freezeout (stack, blinds going up) or a
cash game (fixed blinds, the most a buy-in may be, a chip's value, straddles, the 7-2 bounty), the
rabbit hunt and antes, or the KRG target, pool, tie rule, cube and side bets; from the defaults or
from a config file. Enter moves to the next box; Ctrl+S (or the button) starts."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select, Static

from homegame.config import (
    DEFAULT_DEVICES_PORT,
    CashGameSettings,
    ConfigError,
    FreezeoutSettings,
    GameConfig,
    SeriesSettings,
    TimingSettings,
    bot_names,
    config_from_dict,
    load_config,
)
from homegame.defaults import (
    BOT_LEVELS,
    DEFAULT_FIRST_BLINDS,
    MIN_STACK_BIG_BLINDS,
    WINS_TARGETS,
    AnteKind,
    TieRule,
)
from homegame.money.amounts import format_cents
from homegame.text import printable, shorten
from homegame.tui.mount_styles import MountStyled
from homegame.tui.regulars import RegularsSuggester, people_hint, regular_names
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.paced_scroll import PacedVerticalScroll
from homegame.tui.widgets.plain import Plain
from homegame.variants import VARIANTS

#: What the fields show before anything is typed: the config's own defaults.
_FREEZEOUT = FreezeoutSettings()
_SERIES = SeriesSettings()
_TIMING = TimingSettings()
_CASH = CashGameSettings()

#: The two modes, as the start screen offers them.
MODES = ("Play here: pass-and-play, solo", "Host a live table (real cards)")
#: The blinds box before anything is typed: the default schedule's first level.
FIRST_BLINDS = "{}/{}".format(*DEFAULT_FIRST_BLINDS)
BLINDS_TEXT = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")

#: The form's widest (setup.tcss: #setup-box), and what its padding and scroll bar take.
BOX_WIDTH, BOX_EDGES = 96, 4
#: What a choice takes besides its label: the button, a space, the padding and a gap.
CHOICE_EDGES = 6

#: The choices of an on/off setting.
ON_OFF = [("off", False), ("on", True)]

#: Where each person plays their own cards: at the laptop, or on their phone with the phones'
#: server listening on this machine only or on the room's network (`homegame play --devices`).
PHONES = [("off", ""), ("this machine", "localhost"), ("room network", "0.0.0.0")]

#: The betting games' formats: a freezeout to a winner, or a cash game (HOUSE_RULES 22).
FORMATS = [("freezeout", "freezeout"), ("cash game", "cash")]


def on_off(
    box_id: str, value: bool = False, classes: str = "", tooltip: str | None = None
) -> Select[bool]:
    """A house switch's box: off or on, never blank."""
    return Select(
        ON_OFF,
        value=value,
        allow_blank=False,
        id=box_id,
        compact=True,
        classes=classes,
        tooltip=tooltip,
    )


#: HOUSE_RULES 25's choices: who posts the antes (each level's, or the cash game's).
ANTES = [
    ("off", AnteKind.OFF.value),
    ("every player", AnteKind.EVERY_PLAYER.value),
    ("big blind", AnteKind.BIG_BLIND.value),
]

#: The label on this screen for each config key, so a problem names what the person sees.
LABELS = {
    "rules.ante": "Antes",
    "rules.bomb_pot_every": "Bomb pot every",
    "freezeout.starting_stack": "Stack",
    "freezeout.blinds": "Blinds",
    "freezeout.hands_per_level": "Blinds up every",
    "cash.small_blind": "Blinds",
    "cash.big_blind": "Blinds",
    "cash.max_buy_in": "Max buy-in",
    "cash.chip_value": "Chip value",
    "cash.seven_deuce_bounty": "7-2 bounty",
    "series.wins": "Wins",
    "series.buy_in": "Buy-in",
    "series.tie_rule": "Ties",
    "series.doubling_cube": "Cube",
    "series.side_bets": "Side bets",
    "timing.turn_timer": "Turn timer",
    "timing.bot_pause": "Bot pause",
    "players": "Players",
    "devices.host": "Phones",
    "devices.port": "Phones",
}
PLAYER_KEY = re.compile(r"players\[(\d+)\]\.(name|bot)")


def on_screen(problem: str) -> str:
    """A config problem as the start screen says it: its box's label instead of the key."""
    key, sep, rest = problem.partition(": ")
    if not sep:
        return problem
    key = key.removesuffix("[1]")  # the blinds box is the schedule's first level
    if key in LABELS:
        return f"{LABELS[key]}: {rest}"
    match = PLAYER_KEY.fullmatch(key)
    if match:
        label = "People" if match.group(2) == "name" else "Bots"
        return f"{label} (player {match.group(1)}): {rest}"
    return problem


@dataclass(frozen=True)
class Start:
    """What the start screen asks for: the config, and whether to host a live table with it."""

    config: GameConfig
    host: bool = False


def _number(text: str) -> Any:
    """An int or float from a box, or the text itself so the config check names what is wrong."""
    value = text.strip()
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            continue
    return value


#: The boxes in the form's order, by the start of their problems' keys: the problems are listed
#: in the order the boxes are read.
FORM_ORDER = (
    "Bots",
    "players",
    "freezeout.starting_stack",
    "Blinds",
    "freezeout.blinds",
    "cash.small_blind",
    "cash.big_blind",
    "freezeout.hands_per_level",
    "cash.max_buy_in",
    "cash.chip_value",
    "cash.seven_deuce_bounty",
    "rules",
    "series",
    "timing",
)


def _form_order(problem: str) -> int:
    """Where the box a problem names sits on the form (after the rest: a problem of no box)."""
    return next((i for i, key in enumerate(FORM_ORDER) if problem.startswith(key)), len(FORM_ORDER))


def choice_columns(labels: list[str], screen_width: int) -> int:
    """How many choices a row of the form holds with every label whole, on a screen this wide
    (three games a row cut "Double Board Hold'em" at 80 columns)."""
    room = min(BOX_WIDTH, screen_width) - BOX_EDGES
    widest = max(cell_len(label) for label in labels) + CHOICE_EDGES
    return max(1, min(len(labels), room // widest))


def blinds_from_text(text: str) -> tuple[int, int] | None:
    """The blinds box read as (small, big), "10/20"; None when it is not two numbers so."""
    match = BLINDS_TEXT.fullmatch(text)
    return None if match is None else (int(match.group(1)), int(match.group(2)))


#: The games, as the start screen offers them.
GAMES = [variant.name for variant in VARIANTS.values()]

#: More bots than the largest table has seats is a mistake, said before any is named.
MAX_BOTS = max(v.max_players for v in VARIANTS.values()) - 1


def _new_series_rows(series: SeriesSettings) -> list[Widget]:
    """The KRG rows of the form, showing `series`."""
    # Defaults per HOUSE_RULES 14, 16 and 17: ties share, cube off, side bets off.
    return [
        Horizontal(
            Label("Wins", classes="label"),
            Select(
                [(str(t), t) for t in WINS_TARGETS],
                value=series.wins,
                allow_blank=False,
                id="wins",
                compact=True,
            ),
            Label("Buy-in", classes="label2"),
            Input(str(series.buy_in), id="buy-in", compact=True, classes="short"),
            classes="row series",
        ),
        Horizontal(
            Label("Ties", classes="label"),
            Select(
                [(rule.value, rule.value) for rule in TieRule],
                value=series.tie_rule.value,
                allow_blank=False,
                id="tie-rule",
                compact=True,
            ),
            Label("Cube", classes="label2"),
            on_off("cube", series.doubling_cube),
            classes="row series",
        ),
        # A row of its own: beside the ties and the cube it was cut off at 60 columns.
        Horizontal(
            Label("Side bets", classes="label"),
            on_off("side-bets", series.side_bets),
            classes="row series",
        ),
    ]


class SetupScreen(MountStyled, Screen[Start | None]):
    """Pick the mode, the game and the players; dismisses with the validated config and the
    mode (None: quit)."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#mode"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start the game"),
        Binding("escape", "quit", "Quit"),
        Binding("ctrl+l", "league", "League"),
    ]

    def __init__(self, config: GameConfig | None = None) -> None:
        super().__init__()
        self.base = config
        #: The bots' names from a loaded config, kept while the form still has that many bots.
        self.loaded_bots: list[str] = []

    def compose(self) -> ComposeResult:
        with PacedVerticalScroll(id="setup-box"):
            yield Plain("homegame: deal a home game", id="setup-title")
            yield Label("Mode (arrows and space choose, Enter or Tab: next box)", classes="hint")
            with RadioSet(id="mode") as modes:
                modes.styles.grid_size_columns = choice_columns(list(MODES), self.app.size.width)
                yield RadioButton(MODES[0], value=True, id="mode-play")
                yield RadioButton(MODES[1], id="mode-host")
            yield Label("Game", classes="hint")
            # The game filled in is on from the start: turned on later, the form would switch
            # its rows (and lay itself out again) after it was first drawn.
            chosen = next(iter(VARIANTS)) if self.base is None else self.base.game
            with RadioSet(id="game") as games:
                games.styles.grid_size_columns = choice_columns(GAMES, self.app.size.width)
                for variant in VARIANTS.values():
                    on = variant.key == chosen
                    yield RadioButton(variant.name, value=on, id=f"game-{variant.key}")
            with Horizontal(classes="row"):
                yield Label("People", classes="label")
                names = regular_names(self.app)
                yield Input(
                    placeholder=people_hint(names),
                    id="people",
                    compact=True,
                    suggester=RegularsSuggester(names) if names else None,
                )
            with Horizontal(classes="row here"):
                yield Label("Bots", classes="label")
                yield Input(
                    "0",
                    id="bots",
                    compact=True,
                    classes="mid",
                    tooltip="how many bots, or one level each: easy, hard",
                )
                yield Select(
                    [(level, level) for level in BOT_LEVELS],
                    value="medium",
                    allow_blank=False,
                    id="bot-level",
                    compact=True,
                )
                # Beside the bots: a row of its own pushed the config file's box below 24 rows.
                yield Label("Phones", classes="label2")
                yield Select(
                    self._phones(),
                    value="",
                    allow_blank=False,
                    id="phones",
                    compact=True,
                    tooltip="each person plays their own cards on their phone",
                )
            with Horizontal(classes="row betting"):
                yield Label("Format", classes="label")
                yield Select(
                    FORMATS, value="freezeout", allow_blank=False, id="format", compact=True
                )
                # HOUSE_RULES 30 beside it: R on a result is the app's (no live table has it).
                yield Label("Rabbit hunt", classes="label2 here")
                yield on_off(
                    "rabbit-hunt",
                    classes="here narrow",
                    tooltip="R on a hand that ended early shows the cards that would have come",
                )
            with Horizontal(classes="row betting freezeout"):
                yield Label("Stack", classes="label")
                yield Input(
                    str(_FREEZEOUT.starting_stack), id="stack", compact=True, classes="short"
                )
                yield Label(f"at least {MIN_STACK_BIG_BLINDS} big blinds", classes="label2")
            with Horizontal(classes="row betting"):
                yield Label("Blinds", classes="label")
                yield Input(FIRST_BLINDS, id="blinds", compact=True, classes="short")
                yield Label("up every", classes="label2 freezeout")
                hands = str(_FREEZEOUT.hands_per_level)
                yield Input(hands, id="hands-per-level", compact=True, classes="short freezeout")
                yield Label("hands", classes="freezeout")
                yield Label("fixed (a cash game)", classes="label2 cash")
            with Horizontal(classes="row betting cash"):
                yield Label("Max buy-in", classes="label")
                most = str(_CASH.max_buy_in_big_blinds)
                yield Input(most, id="max-buy-in", compact=True, classes="short")
                yield Label("big blinds   Chip value", classes="label2")
                yield Input(
                    format_cents(_CASH.cents_per_chip),
                    id="chip-value",
                    compact=True,
                    classes="short",
                )
            with Horizontal(classes="row betting cash"):
                yield Label("Straddle", classes="label")
                yield on_off("straddle", classes="narrow")
                yield Label("7-2 bounty", classes="label2 two-cards")
                yield Input("0", id="seven-deuce", compact=True, classes="short two-cards")
                yield Label("chips (0: off)", classes="two-cards")
            with Horizontal(classes="row betting"):
                yield Label("Antes", classes="label")
                yield Select(
                    ANTES, value=AnteKind.OFF.value, allow_blank=False, id="ante", compact=True
                )
                yield Label("Bomb pot every", classes="label2")
                yield Input("0", id="bomb-pot-every", compact=True, classes="tiny")
                yield Label("hands")
            # The KRG rows (wins, buy-in, ties, cube, side bets) come after these: made here
            # when the form is filled in with a KRG config, else when KRG is first picked
            # (`_series_rows`): a betting game's form never builds them, and rows mounted
            # once the form is up would lay it out again.
            if self.base is not None and VARIANTS[self.base.game].has_series:
                yield from _new_series_rows(self.base.series)
            with Horizontal(classes="row here"):
                yield Label("Turn timer", classes="label")
                timer, pause = str(_TIMING.turn_timer), str(_TIMING.bot_pause)
                yield Input(timer, id="timer", compact=True, classes="short")
                yield Label("s (0: off)   Bot pause", classes="label2")
                yield Input(pause, id="bot-pause", compact=True, classes="short")
                yield Label("s")
            with Horizontal(classes="row"):
                yield Label("Config file", classes="label")
                yield Input(
                    placeholder="e.g. sample_configs/krg-series.toml",
                    id="config-file",
                    compact=True,
                )
                yield Button("Load", id="load", compact=True)
            yield Plain("", id="setup-problems")
            yield Button("Start the game (Ctrl+S)", id="start", variant="primary")
        yield KeysFooter()

    def _phones(self) -> list[tuple[str, str]]:
        """The Phones choices, with a loaded config's own address when it names another."""
        choices = list(PHONES)
        host = self.base.devices.host if self.base is not None else ""
        if host and host not in dict((v, k) for k, v in choices):
            choices.append((printable(shorten(host, 12)), host))
        return choices

    def on_mount(self) -> None:
        if self.base is not None:
            self.fill(self.base)
        self._show_game_rows()

    def on_resize(self, event: events.Resize) -> None:
        """The choices rearranged to the new width, each label whole."""
        for radio, labels in (
            (self.query_one("#mode"), list(MODES)),
            (self.query_one("#game"), GAMES),
        ):
            columns = choice_columns(labels, event.size.width)
            if radio.styles.grid_size_columns != columns:  # setting it lays the form out again
                radio.styles.grid_size_columns = columns

    def selected_game(self) -> str:
        """The key of the game picked on the form."""
        radio = self.query_one("#game", RadioSet)
        button = radio.pressed_button
        return "holdem" if button is None or button.id is None else button.id.removeprefix("game-")

    @property
    def hosting(self) -> bool:
        """True when the form is for hosting a live table (everyone a person, real cards)."""
        return self.query_one("#mode-host", RadioButton).value

    def _series_rows(self, series: SeriesSettings = _SERIES) -> list[Widget]:
        """The KRG rows, mounted after the stack row (showing `series`) the first time they
        are needed: KRG picked, or a KRG config put in the form."""
        rows = list(self.query(".series"))
        if rows:
            return rows
        rows = _new_series_rows(series)
        self.query_one("#setup-box").mount_all(rows, after=self.query(".betting").last())
        return rows

    @property
    def cash_game(self) -> bool:
        """True when the form asks for a cash game (a betting game's format)."""
        return bool(self.query_one("#format", Select).value == "cash")

    def _show_game_rows(self) -> None:
        variant = VARIANTS[self.selected_game()]
        betting = variant.has_chips
        cash = betting and self.cash_game
        shown = {row: betting for row in self.query(".betting")}
        shown |= {row: betting and not cash for row in self.query(".freezeout")}
        shown |= {row: cash for row in self.query(".cash")}
        shown |= {row: variant.hole_cards == 2 for row in self.query(".two-cards")}
        made = self.base.series if self.base is not None else _SERIES
        series = self.query(".series") if betting else self._series_rows(made)
        shown |= {row: not betting for row in series}
        shown |= {row: not self.hosting for row in self.query(".here")}
        for row, show in shown.items():
            if row.display != show:  # setting it even unchanged lays the form out again
                row.display = show
        self.query_one("#start", Button).label = (
            "Host the game (Ctrl+S)" if self.hosting else "Start the game (Ctrl+S)"
        )

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        self._show_game_rows()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A freezeout's rows or a cash game's, as the format picked asks."""
        if event.select.id == "format":
            self._show_game_rows()

    def show_again(self, config: GameConfig | None) -> None:
        """Shown once more (the app keeps one start screen): filled in with `config` if given,
        else as it was left; the last showing's problems are gone."""
        if config is not None:
            self.fill(config)
        self.query_one("#setup-problems", Static).update("")

    def fill(self, config: GameConfig) -> None:
        """Put a config's settings into the boxes."""
        self.base = config
        self.query_one(f"#game-{config.game}", RadioButton).value = True
        self.query_one("#people", Input).value = ", ".join(p.name for p in config.people)
        bots = [p for p in config.players if p.is_bot]
        self.loaded_bots = [b.name for b in bots]
        self.query_one("#bots", Input).value = str(len(bots))
        if bots:
            self.query_one("#bot-level", Select).value = bots[0].bot
            if len({b.bot for b in bots}) > 1:
                self.query_one("#bots", Input).value = ", ".join(str(b.bot) for b in bots)
        # A config fills only the rows of its own kind of game: a KRG config has no stack or
        # blinds to say, and put the defaults over those typed (switching back showed 1500).
        if VARIANTS[config.game].has_chips:
            fz = config.freezeout
            self.query_one("#stack", Input).value = str(fz.starting_stack)
            first = fz.blinds[0] if fz.blinds else None
            self.query_one("#blinds", Input).value = (
                FIRST_BLINDS if first is None else f"{first[0]}/{first[1]}"
            )
            self.query_one("#hands-per-level", Input).value = str(fz.hands_per_level)
            cash = config.cash
            self.query_one("#format", Select).value = "freezeout" if cash is None else "cash"
            if cash is not None:  # the blinds box shows the cash game's fixed blinds
                self.query_one("#blinds", Input).value = f"{cash.small_blind}/{cash.big_blind}"
                self.query_one("#max-buy-in", Input).value = str(cash.max_buy_in_big_blinds)
                self.query_one("#chip-value", Input).value = format_cents(cash.cents_per_chip)
                self.query_one("#straddle", Select).value = cash.straddle
                self.query_one("#seven-deuce", Input).value = str(cash.seven_deuce_bounty)
            self.query_one("#rabbit-hunt", Select).value = config.rules.rabbit_hunt
            self.query_one("#ante", Select).value = config.rules.ante.value
            self.query_one("#bomb-pot-every", Input).value = str(config.rules.bomb_pot_every)
        elif self.query(".series"):
            self.query_one("#wins", Select).value = config.series.wins
            self.query_one("#buy-in", Input).value = str(config.series.buy_in)
            self.query_one("#tie-rule", Select).value = config.series.tie_rule.value
            self.query_one("#cube", Select).value = config.series.doubling_cube
            self.query_one("#side-bets", Select).value = config.series.side_bets
        # else they are made showing `config.series` (the base now) once KRG is picked
        self.query_one("#timer", Input).value = str(config.timing.turn_timer)
        self.query_one("#bot-pause", Input).value = str(config.timing.bot_pause)
        phones = self.query_one("#phones", Select)
        phones.set_options(self._phones())
        phones.value = config.devices.host if config.devices.enabled else ""
        self._show_game_rows()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "load":
            self.load_file()
        elif event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a box moves to the next one (the config file box loads the file first):
        starting is Ctrl+S or the button, never a stray Enter."""
        event.stop()
        if event.input.id == "config-file":
            self.load_file()
        self.focus_next()

    def load_file(self) -> None:
        """Load the config file named in its box into the form."""
        path = self.query_one("#config-file", Input).value.strip()
        if not path:
            self.show_problems("Type the path of a config file first.")
            return
        try:
            config = load_config(Path(path).expanduser())
        except ConfigError as exc:
            self.show_problems(Text("\n".join(exc.problems)))
            return
        self.fill(config)
        self.show_problems(f"Loaded {printable(path)}.")

    def build(self) -> GameConfig:
        """The config the form describes; ConfigError lists every problem of every box at
        once (the bots' count was said alone, then the rest a round later)."""
        game = self.selected_game()
        problems: list[str] = []
        names = [n.strip() for n in self.query_one("#people", Input).value.split(",") if n.strip()]
        bots_text = self.query_one("#bots", Input).value.strip() or "0"
        level = self.query_one("#bot-level", Select).value
        count = _number(bots_text)
        if isinstance(count, int) and not 0 <= count <= MAX_BOTS:  # before a list grows
            problems.append(f"Bots: expected 0 to {MAX_BOTS}, got {shorten(bots_text)}")
            count = 0 if len(names) > 1 else 1  # the rest checked as if it were a table
        if isinstance(count, int):
            levels = [level] * count
        else:  # one level per bot, e.g. "easy, hard"
            levels = [part.strip().lower() for part in bots_text.split(",") if part.strip()]
        if self.hosting:
            levels = []  # everyone at a live table is a person
        if not names:
            names = ["Player"] if levels else ["Player 1", "Player 2"]
        loaded = self.loaded_bots
        clash = {n.casefold() for n in names} & {b.casefold() for b in loaded}
        if len(loaded) == len(levels) and not clash:
            bots = list(loaded)  # a loaded config's bots keep their names ("Yukon Jack")
        else:
            bots = bot_names(len(levels), names)
        players = [{"name": n} for n in names] + [
            {"name": b, "bot": lvl} for b, lvl in zip(bots, levels, strict=True)
        ]
        data: dict[str, Any] = {
            "game": game,
            "players": players,
            "timing": {
                "turn_timer": _number(self.query_one("#timer", Input).value),
                "bot_pause": _number(self.query_one("#bot-pause", Input).value),
            },
        }
        base = self.base
        if base is not None and base.currency:  # the night's currency, whatever the game
            data["currency"] = base.currency
        host = self.query_one("#phones", Select).value
        if host and not self.hosting:
            port = base.devices.port if base is not None else DEFAULT_DEVICES_PORT
            data["devices"] = {"enabled": True, "host": host, "port": port}
        if VARIANTS[game].has_chips and self.cash_game:
            data["cash"] = self._cash(game, problems)
        elif VARIANTS[game].has_chips:
            data["freezeout"] = {
                "starting_stack": _number(self.query_one("#stack", Input).value),
                "hands_per_level": _number(self.query_one("#hands-per-level", Input).value),
            }
            blinds = self._blinds(problems)
            if blinds is not None:
                data["freezeout"]["blinds"] = blinds
        if VARIANTS[game].has_chips:
            data["rules"] = {
                "ante": self.query_one("#ante", Select).value,
                "bomb_pot_every": _number(self.query_one("#bomb-pot-every", Input).value),
                # HOUSE_RULES 30 is the app's: a live table's cards are not its to show.
                "rabbit_hunt": bool(self.query_one("#rabbit-hunt", Select).value)
                and not self.hosting,
            }
        else:
            data["series"] = {
                "wins": self.query_one("#wins", Select).value,
                "buy_in": _number(self.query_one("#buy-in", Input).value),
                "tie_rule": self.query_one("#tie-rule", Select).value,
                "doubling_cube": self.query_one("#cube", Select).value,
                "side_bets": self.query_one("#side-bets", Select).value,
            }
        try:
            config = config_from_dict(data)
        except ConfigError as exc:
            problems += exc.problems
        if problems:
            raise ConfigError(sorted(problems, key=_form_order))
        if base is not None and base.game == game:
            rules = replace(
                base.rules,
                ante=config.rules.ante,
                bomb_pot_every=config.rules.bomb_pot_every,
                rabbit_hunt=config.rules.rabbit_hunt,
            )
            config = replace(config, seed=base.seed, rules=rules)
        return config

    def _cash(self, game: str, problems: list[str]) -> dict[str, Any]:
        """The [cash] table the cash game's boxes ask for (a loaded config's ante kept); the
        blinds box holds its fixed blinds, and the 7-2 bounty only a game of two hole cards."""
        text = self.query_one("#blinds", Input).value
        typed = blinds_from_text(text)
        table: dict[str, Any] = {
            "max_buy_in": _number(self.query_one("#max-buy-in", Input).value),
            "chip_value": self.query_one("#chip-value", Input).value.strip(),
            "straddle": bool(self.query_one("#straddle", Select).value),
        }
        if typed is None:
            got = printable(shorten(text.strip()))
            problems.append(f'Blinds: expected small/big, e.g. {FIRST_BLINDS}, got "{got}"')
        else:
            table["small_blind"], table["big_blind"] = typed
        if VARIANTS[game].hole_cards == 2:
            table["seven_deuce_bounty"] = _number(self.query_one("#seven-deuce", Input).value)
        base = self.base.cash if self.base is not None else None
        if base is not None and base.ante is not None:
            table["ante"] = base.ante
        return table

    def _blinds(self, problems: list[str]) -> list[list[int]] | None:
        """The blind levels the blinds box asks for: a loaded config's whole list while the box
        shows its first level, none (the default schedule) for its first level, else the one
        level typed, the schedule climbing from it (HOUSE_RULES 10's ladder)."""
        text = self.query_one("#blinds", Input).value
        typed = blinds_from_text(text)
        if typed is None:
            got = printable(shorten(text.strip()))
            problems.append(f'Blinds: expected small/big, e.g. {FIRST_BLINDS}, got "{got}"')
            return None
        base = self.base
        listed = base.freezeout.blinds if base is not None else None
        if listed and VARIANTS[base.game].has_chips and typed == listed[0]:  # type: ignore[union-attr]
            return [list(level) for level in listed]
        if not listed and typed == DEFAULT_FIRST_BLINDS:
            return None
        return [list(typed)]

    def action_start(self) -> None:
        try:
            config = self.build()
        except ConfigError as exc:
            lines = [on_screen(problem) for problem in exc.problems]
            self.show_problems(Text("\n".join(lines)))
            return
        self.dismiss(Start(config, host=self.hosting))

    def show_problems(self, text: Text | str) -> None:
        """Say `text` under the form, scrolled into sight: the form is taller than a small
        terminal, and the lines came out below its last row."""
        problems = self.query_one("#setup-problems", Static)
        problems.update(text)
        self.call_after_refresh(problems.scroll_visible, animate=False)

    def action_league(self) -> None:
        """Ctrl+L: the season's league, from the saved games."""
        from homegame.tui.screens.league import LeagueScreen

        journal = getattr(self.app, "journal", None)
        if journal is not None:
            self.app.push_screen(LeagueScreen(journal))

    def action_quit(self) -> None:
        self.dismiss(None)
