"""The casino table's basic strategy: the optimal total-dependent chart for its rules (six decks,
S17, DAS, splits to four hands, no resplitting aces, late surrender — CASINO.md SHOE-1,
DEALER-2, PLAY-4…8), computed by ``core.basic_chart`` and kept in ``data/basic_chart.json`` so
that ``hint basic``, the simulator and the exact house edge all play the same chart (a test
computes it again and compares). Write it again with
``python -m dealer_assist.tables.casino.chart``."""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

from dealer_assist.cards import Card

FILE = Path(__file__).with_name("data") / "basic_chart.json"
REASONS = {"sp": "basic.reason.split", "dd": "basic.reason.double", "sr": "basic.reason.surrender",
           "ht": "basic.reason.hit", "st": "basic.reason.stand"}  # fmt: skip


def rules():
    from dealer_assist.core import round_value
    from dealer_assist.tables.casino.options import OPTIONS

    return round_value.Rules(h17=OPTIONS.dealer_hits_soft_17, hands_most=OPTIONS.max_hands)


@lru_cache(maxsize=1)
def chart():
    """The chart, read once from the package (``core.basic_chart.Chart``)."""
    from dealer_assist.core.basic_chart import from_data

    return from_data(json.loads(FILE.read_text(encoding="utf-8")))


def decide(cards: list[Card], up: Card, offered) -> str:
    """The chart's action among ``offered`` (``core.round_value``'s ``Decide``)."""
    return chart().decide(cards, up, tuple(offered))


def computed() -> dict:
    """The chart worked out now for the table's rules (a few seconds)."""
    from dealer_assist.core import basic_chart
    from dealer_assist.tables.casino.options import OPTIONS

    return basic_chart.to_data(basic_chart.optimal(OPTIONS.decks, rules()))


if __name__ == "__main__":  # pragma: no cover - the chart's author writes it once per change of rules
    FILE.parent.mkdir(exist_ok=True)
    FILE.write_text(json.dumps(computed(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(f"{FILE}\n")
