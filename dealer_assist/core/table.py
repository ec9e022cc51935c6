"""The table interface: what a table provides and what the shell may rely on (``docs/TABLES.md``).

A table is a package under ``dealer_assist/tables/`` whose ``ruleset`` module defines
``RULESET = Ruleset(...)``, and one line in ``dealer_assist.tables.TABLES``. The shared modules
(session, store, audit, report, prompt, overlay, cli) reach a table only through this record,
obtained from ``dealer_assist.rulesets``; none of them imports a table's package.

The record is typed and complete: a member a table forgot is a ``TypeError`` when the record is
built (at registration), never a screen that fails when first drawn. What a table offers beyond
the common members is declared in ``Capabilities`` (as OpenSpiel's game types declare what they
provide), so the shell tests a flag instead of probing for a missing function. The rules part
(``new_state``, ``step``, …) is imported with the record; the screens (``Screens``: the dealer's
panel, the players' picture, completion, the report) are built by ``Ruleset.screens`` when the
shell first needs them, so a replay does not import the terminal libraries; the registry checks
them against the capabilities when it builds them, and the conformance tests build every
table's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:
    from dealer_assist.core.expectation import Expectation
    from dealer_assist.core.history import History
    from dealer_assist.core.simulation import Simulation
    from dealer_assist.core.step import Ruling
    from dealer_assist.notation.commands import Command, HandRef

    Parser = Callable[[list[str], str], Command]
    HandParser = Callable[[HandRef, list[str]], Command]


@runtime_checkable
class TableState(Protocol):
    """What the shell relies on in every table's state (the rest is the table's own)."""

    RULESET: ClassVar[str]  # the table's name in the registry

    @property
    def games(self) -> int:
        """The number of games (rounds) started so far."""
        ...

    @property
    def over(self) -> bool:
        """Whether the session has ended (nothing but notes is accepted after it)."""
        ...

    history: History  # the finished games' records

    def copy(self) -> TableState:
        """A copy a step may change (copy-on-write: the original is never changed)."""
        ...


class Viewpoint(StrEnum):
    """Who looks at the table: the dealer sees everything, the players (and the viewers) only
    what has been shown at the table."""

    DEALER = "dealer"
    PLAYERS = "players"


@dataclass(frozen=True, slots=True)
class Topic:
    """One command for ``help`` and completion. Its sentences are catalog entries:
    ``help.short.NAME`` (one line: the completion's description), ``help.cmd.NAME`` (what it
    does) and ``help.example.NAME`` (an example line, in each language)."""

    name: str
    form: str  # the notation
    clauses: tuple[str, ...] = ()  # the rulebook's clauses it touches
    hint: str = ""  # placeholders shown after a completion (``bet 3 AMOUNT|-``)
    names: tuple[str, ...] = ()  # the values its text lists ({names}: `rule NAME VALUE`'s names)


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a table offers beyond the common members; the shell tests these flags."""

    hint: bool = False  # `hint`: advice for the hand on turn (Screens.hint)
    clock: bool = False  # live clocks on the toolbar (Screens.clock)
    deal_guard: bool = False  # a line is held with a warning before it is entered (Screens.deal_guard)
    simulation: bool = False  # `simulate TABLE` (Ruleset.simulation)
    hands: bool = False  # blackjack hands `BOX[.N] ht|st|dd|sp|sr` (the shared hand grammar)
    odds: bool = False  # `odds TABLE`: exact odds computed from the rules (Ruleset.odds)


class TableReport(Protocol):
    """A table's report (``Screens.report``): ``build`` (a state → its ``dealer_assist.report``
    ``Document``, which the shared writers render in every format) and ``totals`` (``report
    --all``: that table's documents → one of totals), or ``totals = None``."""

    def build(self, state: Any, *, chain: dict[str, Any] | None = None,
              meta: dict[str, Any] | None = None) -> Any: ...  # fmt: skip

    totals: Callable[..., Any] | None


@dataclass(frozen=True, slots=True)
class Recall:
    """What completion remembers from the session's stored events: the latest events of the
    command ``command`` (its class name, newest first, as plain dicts), turned by ``read`` into
    what ``Screens.arguments`` is given (One Million: each box's last bet amount)."""

    command: str
    read: Callable[[list[dict]], Any]
    count: int = 64


@dataclass(frozen=True, slots=True)
class Screens:
    """The table's pieces of the shell, built when the shell first needs them."""

    panel: Callable[[Any, str], Any]  # (state, lang) -> the dealer's panel (a rich renderable)
    final: Callable[[Any, Any, str], None]  # (console, state, lang): the session's end on the terminal
    settled: Callable[[dict, str], list]  # (a settled game's record, lang) -> its grids and lines
    facts: Callable[[Any], Any]  # (state) -> what the audit shows of a step
    suggestions: Callable[[Any], list[str]]  # (state) -> the commands the prompt offers
    arguments: Callable[[Any, list[str], Any], list[Any]]  # (state, words, remembered) -> arguments
    picture: Callable[[Any, str], dict]  # (players' view, lang) -> the overlay's picture
    public_rulings: Callable[[Any, Any, str], list]  # (rulings, state, lang) -> what viewers may read
    report: Callable[[], TableReport]  # the table's report (build, totals), imported when first asked for
    schema: Callable[[], type]  # the pydantic model of the table's `replay --json`
    clause_styles: Mapping[str, str] = field(default_factory=dict)  # clause family -> rich style
    hint: Callable[..., Any] | None = None
    clock: Callable[[Any], Any] | None = None
    deal_guard: Callable[[Any, str, str], str | None] | None = None  # (state, line, lang) -> a warning
    recall: Recall | None = None  # what completion remembers from the stored events


@dataclass(frozen=True, slots=True)
class Examples:
    """What the conformance walks start from and try at any moment (each table's own)."""

    setup: tuple[str, ...]  # the lines of a session's setup, ready for its first game
    probes: tuple[str, ...]  # commands to try at any step (most are refused most of the time)


@dataclass(frozen=True, slots=True)
class StoreViews:
    """What a table adds to the store: its derived views over the games rows (SQL), and the
    columns of its games row every table has (``game_row``)."""

    views: Mapping[str, str]  # view name -> "CREATE VIEW ..." SQL over games(record JSON)
    game_row: Callable[[dict], dict]  # (the game's record) -> {"result": ..., ...} common columns


@dataclass(frozen=True)
class Ruleset:
    """A table, as the shell sees it. Every member is required unless it has a default."""

    name: str
    rulebook: str  # the rulebook's file stem in dealer_assist/data (RULES → RULES.md, RULES.ja.md)
    choice_clause: str  # the clause a `ruleset NAME` command cites
    new_state: Callable[[], TableState]
    step: Callable[[Any, Command], tuple[Any, list[Ruling]]]
    expectation: Callable[[Any], Expectation]
    legal: Callable[[Any], list[str]]
    can: Callable[[Any, Command], bool]
    to_json: Callable[[Any], dict]  # `replay --json` (NOTATION.md)
    view: Callable[[Any, Viewpoint], dict]  # what a viewpoint may know of the state
    game_record: Callable[[Any], dict | None]  # the game in progress, for the store's games rows
    summary: Callable[[Any], dict]  # status, games and setup for the store's sessions row
    settling: frozenset[str]  # the ruling keys that say a game (a round) was settled
    grammar: Mapping[str, Parser]  # the commands only this table has: {head: parser}
    keywords: tuple[str, ...]  # its command words, for completion
    topics: tuple[Topic, ...]  # its help topics
    store: StoreViews
    screens: Callable[[], Screens]
    state_classes: tuple[type, ...]  # what a snapshot of this table may hold
    sources: tuple[str, ...]  # the package files its rules are made of (the snapshot fingerprint)
    capabilities: Capabilities = Capabilities()
    options: Any = None  # the table's rules as parameters (a frozen record: the casino's decks, S17 …)
    hand_grammar: Mapping[str, HandParser] = field(default_factory=dict)  # its own hand actions
    # (state, hand label) -> the shared actions (ht st dd sp sr) that hand may take now, when
    # capabilities.hands: what completion offers and the rules accept must be the same
    hand_actions: Callable[[Any, str], list[str]] | None = None
    simulation: Simulation | None = None  # what `simulate` runs, when capabilities.simulation
    # (state, viewpoint) -> the odds after the last command, as that viewpoint may know them
    # (`replay --json --odds`: {"view", "dealer": {...}, "actions": {...}, "joker_next"}), or None
    live_odds: Callable[[Any, Viewpoint], dict | None] | None = None
    # (state, viewpoint) -> the figures that take seconds rather than milliseconds (the casino's
    # house edge of the next round from the cards left): asked for, never after every card
    shoe_odds: Callable[[Any, Viewpoint], dict | None] | None = None
    # builds once what the odds of every composition share, so that the first figures of a
    # session come at full speed (run in the background when a session starts)
    warm_odds: Callable[[], None] | None = None
    # with capabilities.odds: the table's `dealer-assist odds NAME` command (a click command, built
    # when it is first asked for, so that the command line imports no table to list it)
    odds: Callable[[], Any] | None = None
    examples: Examples | None = None  # for the conformance walks
    # (state, keep_check) -> the same table with what only the dealer knows changed (``keep_check``:
    # so that the same next command stays legal); the players' view must not change with it
    secrets: Callable[..., Any] | None = None
    catalogs: str | None = None  # a package whose locales/ holds the table's own catalogs (a table shipped apart)
    # ``step`` on a state its caller owns and never looks at again if the command is refused: the
    # table may change it in place instead of copying it (a session that keeps its own copies at
    # its checkpoints, like replay's, folds faster); absent, ``step`` is used
    step_owned: Callable[[Any, Command], tuple[Any, list[Ruling]]] | None = None

    def __post_init__(self) -> None:
        caps = self.capabilities
        for flag, member in (("simulation", self.simulation), ("hands", self.hand_actions), ("odds", self.odds)):
            if getattr(caps, flag) != (member is not None):
                raise TypeError(f"table {self.name!r}: capability {flag}={getattr(caps, flag)} but its member is "
                                f"{'set' if member is not None else 'missing'}")  # fmt: skip
        if not self.examples or self.secrets is None:
            raise TypeError(f"table {self.name!r} needs examples and secrets for the conformance tests")

    def settles(self, rulings: Sequence[Ruling]) -> bool:
        """Whether a command with these rulings ended its game."""
        settling = self.settling
        return any(r.key in settling for r in rulings)


def check_screens(ruleset: Ruleset, screens: Screens) -> Screens:
    """The screens, checked against what the table declares (a flag without its function, or a
    function without its flag, is a mistake found when the table is first shown)."""
    caps = ruleset.capabilities
    for flag in ("hint", "clock", "deal_guard"):
        declared, present = getattr(caps, flag), getattr(screens, flag) is not None
        if declared != present:
            raise TypeError(f"table {ruleset.name!r}: capability {flag}={declared} but screens.{flag} "
                            f"is {'set' if present else 'missing'}")  # fmt: skip
    return screens
