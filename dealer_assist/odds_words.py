"""Issue 23, where the odds show: the one formatter of ``rulesets.odds_now``'s dict, for the
dealer's live panel line (``play``), ``replay --odds`` in text and the overlay's figures.

It reads the dict's generic keys only, whatever table made it, and names no table:

- ``dealer``: the dealer's final outcomes (``bust``, the totals — ``17`` … ``21``, lower ones
  where the dealer may stand lower —, ``blackjack``), each a probability: the dealer's bust
  chance, then the spread;
- ``actions``: the hand on turn's expected return by action code (``st``, ``ht``, ``dd``,
  ``sp``, ``sr``, ``ins`` …): per unit staked (three decimals), or in points (a whole amount),
  the best one named;
- ``bust`` and ``joker_next``: the player on turn's chance that a hit busts, and that the next
  card is the joker;
- ``roll``, ``points``, ``chips``: a roll's results (``none``, ``point N``, ``triple N`` …,
  the three likeliest shown) and the points and chips to be expected.

Other keys (``view``, ``phase``, ``winner``, ``damage``, a dealer's outcome it does not know …)
are not shown. Every word is the catalog's
(``odds.*``); a table whose own word differs says it in ``TABLE.odds.*`` (looked up by the
table's name, first). Probabilities are shown as percentages with one decimal, expected returns
signed with three (a true minus sign, as the example of the issue writes it)."""

from __future__ import annotations

from typing import Any

from dealer_assist.i18n import amount, catalog, text

ACTIONS = ("st", "ht", "dd", "sp", "sr", "ins")  # the order they are shown in (others after, as they come)
LIKELIEST = 3  # how many of a roll's results are shown
MINUS = "\u2212"


def percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def signed(value: float, places: int = 3) -> str:
    shown = f"{value:+.{places}f}"
    return MINUS + shown[1:] if shown.startswith("-") else shown


def _word(key: str, lang: str, table: str | None, **params: Any) -> str:
    """``odds.KEY``, or the table's own ``TABLE.odds.KEY`` where it has one."""
    if table and f"{table}.odds.{key}" in catalog("en"):
        return text(f"{table}.odds.{key}", lang, **params)
    return text(f"odds.{key}", lang, **params)


def action_word(code: str, lang: str, table: str | None = None) -> str:
    """An action's name (``st``: stand, スタンド); an action the catalog does not know: its code."""
    if table and f"{table}.odds.act.{code}" in catalog("en"):
        return text(f"{table}.odds.act.{code}", lang)
    return text(f"odds.act.{code}", lang) if f"odds.act.{code}" in catalog("en") else code


SIDE_BETS = ("ins",)  # a bet beside the hand's: declining it (worth 0) is the other choice, not a hand action


def best_action(actions: dict[str, float] | None) -> str | None:
    """The code of the hand's action worth most (the first in the shown order on a tie); a side
    bet (insurance) is not one of them: its value is shown, and it is worth taking when above 0."""
    if not actions:
        return None
    ordered = [c for c in _ordered(actions) if c not in SIDE_BETS]
    if not ordered:
        return None
    return max(ordered, key=lambda code: (actions[code], -ordered.index(code)))


def _ordered(actions: dict[str, float]) -> list[str]:
    return [c for c in ACTIONS if c in actions] + [c for c in actions if c not in ACTIONS]


def dealer_parts(dealer: dict[str, float], lang: str, table: str | None = None) -> list[str]:
    out = []
    if "bust" in dealer:
        out.append(_word("dealer_bust", lang, table, p=percent(dealer["bust"])))
    totals = sorted((k for k in dealer if k.isdigit()), key=int)  # 17–21, and below where a dealer stands lower
    out += [_word("total", lang, table, total=t, p=percent(dealer[t])) for t in totals]
    if "blackjack" in dealer:
        out.append(_word("blackjack", lang, table, p=percent(dealer["blackjack"])))
    return out


def value_text(value: float, lang: str) -> str:
    """An expected return: per unit staked with three decimals, or — a figure of 10 or more,
    a table that counts its returns in points — a whole amount the language's way."""
    if abs(value) < 10:
        return signed(value)
    return amount(round(value), lang, sign=True).replace("-", MINUS)


def action_parts(actions: dict[str, float], lang: str, table: str | None = None) -> list[str]:
    out = [_word("value", lang, table, action=action_word(c, lang, table), value=value_text(actions[c], lang))
           for c in _ordered(actions)]  # fmt: skip
    best = best_action(actions)
    if best is not None:
        out.append(_word("best", lang, table, action=action_word(best, lang, table)))
    return out


def roll_word(result: str, p: float, lang: str, table: str | None = None) -> str:
    head, _, number = result.partition(" ")
    if f"odds.roll.{head}" not in catalog("en"):
        return _word("roll.other", lang, table, result=result, p=percent(p))
    return _word(f"roll.{head}", lang, table, number=number, p=percent(p))


def parts(odds: dict[str, Any], lang: str, table: str | None = None) -> list[str]:
    """The figures of ``odds`` as phrases, in the order they are shown."""
    out: list[str] = []
    if isinstance(odds.get("dealer"), dict):
        out += dealer_parts(odds["dealer"], lang, table)
    if isinstance(odds.get("bust"), (int, float)):
        out.append(_word("hit_busts", lang, table, p=percent(odds["bust"])))
    if isinstance(odds.get("joker_next"), (int, float)):
        out.append(_word("joker_next", lang, table, p=percent(odds["joker_next"])))
    if isinstance(odds.get("roll"), dict) and odds["roll"]:
        ranked = sorted(odds["roll"].items(), key=lambda item: -item[1])[:LIKELIEST]
        out.append(_word("likeliest", lang, table, results=text("odds.sep", lang).join(
            roll_word(result, p, lang, table) for result, p in ranked)))  # fmt: skip
    if isinstance(odds.get("points"), (int, float)):
        out.append(_word("points", lang, table, value=amount(round(odds["points"]), lang, sign=True)))
    if isinstance(odds.get("chips"), (int, float)):
        out.append(_word("chips", lang, table, value=signed(odds["chips"], 2)))
    if isinstance(odds.get("actions"), dict) and odds["actions"]:
        out += action_parts(odds["actions"], lang, table)
    return out


def line(odds: dict[str, Any] | None, lang: str, table: str | None = None) -> str | None:
    """The odds line (``odds  dealer bust 42.1% · 17 14.2% … · stand −0.154 · best: stand``), or
    None when there is nothing to show. The label says whose figures they are."""
    if not odds:
        return None
    shown = parts(odds, lang, table)
    if not shown:
        return None
    label = text("odds.label.players" if odds.get("view") == "players" else "odds.label", lang)
    return label + "  " + text("odds.sep", lang).join(shown)


def overlay(odds: dict[str, Any] | None, lang: str, table: str | None = None) -> dict[str, str] | None:
    """The overlay's figures: the dealer's bust chance (or, where the table has no dealer's
    outcomes, the chance that a hit busts) and the hand on turn's best action, display-ready.
    ``odds`` must be the players' view: the overlay is never given the dealer's."""
    if not odds:
        return None
    if odds.get("view") == "dealer":
        raise ValueError("the overlay shows the viewers' odds only, never the dealer's")
    out: dict[str, str] = {}
    dealer = odds.get("dealer")
    if isinstance(dealer, dict) and "bust" in dealer:
        out["bust"] = _word("dealer_bust", lang, table, p=percent(dealer["bust"]))
    elif isinstance(odds.get("bust"), (int, float)):
        out["bust"] = _word("hit_busts", lang, table, p=percent(odds["bust"]))
    best = best_action(odds.get("actions"))
    if best is not None:
        out["best"] = _word("best", lang, table, action=action_word(best, lang, table))
    if not out:
        return None
    out["text"] = text("odds.sep", lang).join(out[k] for k in ("bust", "best") if k in out)
    return out


def lines(odds: dict[str, Any] | None, lang: str, table: str | None = None, width: int = 80) -> list[str]:
    """The odds line broken for ``width`` terminal cells: only between two figures (a figure is
    never cut), each continuation under the first figure."""
    from dealer_assist.wrap import cell_len

    shown = parts(odds, lang, table) if odds else []
    if not shown:
        return []
    label = text("odds.label.players" if odds.get("view") == "players" else "odds.label", lang) + "  "
    sep = text("odds.sep", lang)
    hang = cell_len(label) if cell_len(label) < width // 2 else 0
    out, current = [], label + shown[0]
    mark = cell_len(sep.rstrip())  # a broken line ends with the separator
    for n, part in enumerate(shown[1:], start=2):
        if cell_len(current + sep + part) + (mark if n < len(shown) else 0) <= width:
            current += sep + part
        else:
            out.append(current + sep.rstrip())
            current = " " * hang + part
    return [*out, current]
