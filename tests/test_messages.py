"""Every sentence comes from the catalog: each key the code uses exists, with its fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

from dealer_assist.messages import EN, text

PACKAGE = Path(__file__).parent.parent / "dealer_assist"
KEY = re.compile(r'(?:rule|refuse|RuleViolation|NotationError|SessionError)\(\s*(?:"[A-Z0-9-]+",\s*)?(f?)"([a-z_]+\.[a-z_.{}]+|announce|out_of_turn)"')


def used_keys() -> set[str]:
    keys = set()
    for path in PACKAGE.rglob("*.py"):
        for fmt, key in KEY.findall(path.read_text(encoding="utf-8")):
            if not fmt:
                keys.add(key)
    return keys


def test_every_key_used_is_in_the_catalog():
    from dealer_assist import rulesets
    from dealer_assist.i18n import catalog

    for name in rulesets.names():  # a table with catalogs of its own adds them when it is loaded
        rulesets.get(name)
    known = catalog("en")
    missing = sorted(k for k in used_keys() if k not in known)
    assert used_keys(), "the scan found no keys: the pattern is broken"
    assert missing == []


def test_formatted_keys_exist():
    for result in ("draw.hit", "draw.stand", "settle.push", "settle.forced_push"):
        assert result in EN
    for reason in ("below_threshold", "shoe_empty", "joker", "burst_stream"):
        assert f"end.failure.{reason}" in EN
    for phase in ("setup", "between", "bets", "deal", "surrender", "check", "late_bets", "lock",
                  "players", "reveal", "dealer", "dealer_card", "over"):  # fmt: skip
        assert f"expect.{phase}" in EN


def test_templates_are_well_formed():
    for key, template in EN.items():
        list(string.Formatter().parse(template))  # raises on a broken template


def test_unknown_key_does_not_crash():
    assert text("no.such.key", x=1).startswith("no.such.key")
