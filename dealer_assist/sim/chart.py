"""The simulation's results as one self-contained HTML page with SVG charts (``--html``), in
the style of the quest report (``report.HTML_STYLE``): no outside asset, printable. The page and
the kinds of chart (stacked bars, a band over the games, a legend) are shared; which charts a
result has is its table's (``Simulation.charts``)."""

from __future__ import annotations

import html
import math
from typing import Any

from dealer_assist.i18n import text

WIDTH, HEIGHT, PAD = 760, 300, 56
LEFT = 84  # room for the figures of the vertical axis (1,000,000)
STYLE = """
svg .bar.success{fill:var(--good)}svg .bar.failure{fill:var(--accent)}svg .bar.unfinished{fill:#9aa0ad}
svg .bar.share{fill:#3f51b5}svg .band{fill:#f4b6b6;opacity:.6}svg .median{fill:none;stroke:var(--accent);stroke-width:3}
svg .mean{fill:none;stroke:#444;stroke-width:1.5;stroke-dasharray:5 4}svg .grid{stroke:#eceef3}
svg .ylabel{text-anchor:end}svg .title{font-weight:700}ul.legend{list-style:none;padding:0;display:flex;gap:18px}
ul.legend li::before{content:"";display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:-1px;
 background:var(--c)}
"""


def _frame(body: str, *, label: str, y_ticks: list[tuple[float, str]], x_ticks: list[tuple[float, str]],
           x_label: str, y_label: str) -> str:  # fmt: skip
    esc = html.escape
    grid = "".join(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - PAD}" y2="{y:.1f}" class="grid"/>'
                   f'<text x="{LEFT - 6}" y="{y + 4:.1f}" class="ylabel">{esc(t)}</text>' for y, t in y_ticks)  # fmt: skip
    ticks = "".join(f'<text x="{x:.1f}" y="{HEIGHT - PAD + 18}" class="tick">{esc(t)}</text>' for x, t in x_ticks)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{esc(label, quote=True)}"><rect width="{WIDTH}" height="{HEIGHT}" class="bg"/>{grid}'
        f'<line x1="{LEFT}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" class="axis"/>'
        f'<line x1="{LEFT}" y1="{PAD}" x2="{LEFT}" y2="{HEIGHT - PAD}" class="axis"/>{body}{ticks}'
        f'<text x="{(LEFT + WIDTH - PAD) / 2:.1f}" y="{HEIGHT - 12}" class="tick">{esc(x_label)}</text>'
        f'<text x="{LEFT}" y="{PAD - 16}" class="title">{esc(y_label)}</text></svg>'
    )


def _nice_top(value: float, *, whole: bool = False) -> float:
    """A top for the vertical axis at or above ``value`` whose quarters are round figures
    (whole numbers with ``whole``)."""
    if value <= 0:
        return 4.0 if whole else 1.0
    raw = value / 4
    scale = 10 ** math.floor(math.log10(raw))
    step = next(m * scale for m in (1, 2, 2.5, 5, 10) if m * scale >= raw)
    if whole:
        step = max(1, math.ceil(step))
    return 4 * step


def bars(categories: list[str], series: list[tuple[str, list[float]]], *, label: str, x_label: str, y_label: str,
         fmt=lambda v: f"{v:g}", whole: bool = False) -> str:  # fmt: skip
    """Stacked bars: one per category, ``series`` as ``(css class, values)``."""
    totals = [sum(values[i] for _, values in series) for i in range(len(categories))]
    top = _nice_top(max(totals, default=0), whole=whole)
    inner_w, inner_h = WIDTH - LEFT - PAD, HEIGHT - 2 * PAD
    slot = inner_w / max(len(categories), 1)
    body = []
    for i, category in enumerate(categories):
        base = 0.0
        for css, values in series:
            value = values[i]
            if value <= 0:
                continue
            h = inner_h * value / top
            y = HEIGHT - PAD - inner_h * base / top - h
            body.append(f'<rect x="{LEFT + i * slot + slot * 0.1:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" '
                        f'height="{h:.1f}" class="bar {css}"><title>{html.escape(category)}: {fmt(value)}</title></rect>')  # fmt: skip
            base += value
    every = max(1, len(categories) // 20)
    x_ticks = [(LEFT + (i + 0.5) * slot, c) for i, c in enumerate(categories) if i % every == 0]
    y_ticks = [(HEIGHT - PAD - inner_h * k / 4, fmt(top * k / 4)) for k in range(5)]
    return _frame("".join(body), label=label, y_ticks=y_ticks, x_ticks=x_ticks, x_label=x_label, y_label=y_label)


def band(rows: list[dict[str, Any]], *, label: str, x_label: str, y_label: str, fmt=lambda v: f"{v:,.0f}") -> str:
    """A median line with the 10–90% band and the mean, over the games."""
    top = _nice_top(max((r["p90"] for r in rows), default=0))
    inner_w, inner_h = WIDTH - LEFT - PAD, HEIGHT - 2 * PAD
    last = max(len(rows) - 1, 1)

    def xy(i: int, v: float) -> str:
        return f"{LEFT + inner_w * i / last:.1f},{HEIGHT - PAD - inner_h * v / top:.1f}"

    upper = [xy(i, r["p90"]) for i, r in enumerate(rows)]
    lower = [xy(i, r["p10"]) for i, r in reversed(list(enumerate(rows)))]
    body = (f'<polygon points="{" ".join(upper + lower)}" class="band"/>'
            f'<polyline points="{" ".join(xy(i, r["mean"]) for i, r in enumerate(rows))}" class="mean"/>'
            f'<polyline points="{" ".join(xy(i, r["p50"]) for i, r in enumerate(rows))}" class="median"/>')  # fmt: skip
    every = max(1, len(rows) // 20)
    x_ticks = [(LEFT + inner_w * i / last, str(r["game"])) for i, r in enumerate(rows) if i % every == 0]
    y_ticks = [(HEIGHT - PAD - inner_h * k / 4, fmt(top * k / 4)) for k in range(5)]
    return _frame(body, label=label, y_ticks=y_ticks, x_ticks=x_ticks, x_label=x_label, y_label=y_label)


def legend(items: list[tuple[str, str]]) -> str:
    """The colours of a chart's series and their names."""
    return '<ul class="legend">' + "".join(f'<li style="--c:{color}">{html.escape(name)}</li>' for color, name in items) + "</ul>"


def to_html(result: dict[str, Any], lang: str = "en") -> str:
    """The page: the printed sentences, then the charts of ``result``'s table."""
    from dealer_assist.report import HTML_STYLE
    from dealer_assist.sim.tables import of_result
    from dealer_assist.sim.words import lines

    esc = html.escape

    def say(key: str, **params) -> str:
        return text(key, lang, **params)

    kind = result["simulation"]
    said = lines(result, lang)
    charts = of_result(result).charts(result, lang)
    title = say(f"sim.html.title_{kind.replace('-', '_')}")
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{HTML_STYLE}{STYLE}</style></head><body><main>"
        f"<h1>{esc(title)}</h1>"
        f'<p class="result">{esc(said[1])}</p>'
        + "".join(f"<p>{esc(line)}</p>" for i, line in enumerate(said) if i != 1)
        + "".join(charts)
        + "</main></body></html>\n"
    )
