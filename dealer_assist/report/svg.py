"""A report's chart as an inline SVG (``Chart``): without a legend, one line over the games with
its reference line labelled and the top of the axis said; with one, a line per series in its
colour, the reference line dashed and named in the legend."""

from __future__ import annotations

import html

from dealer_assist.report.document import SERIES_COLOURS, Chart

# the page's style of a chart with a legend: a colour per series
SERIES_STYLE = ("".join(f"svg .s{i},svg .dot.open.s{i}{{stroke:{c}}}svg .f{i}{{fill:{c}}}"
                        for i, c in enumerate(SERIES_COLOURS))
                + "svg .line{fill:none;stroke-width:3}svg .dot.open{fill:#fff;stroke-width:2}"
                "svg .start{stroke:#8a90a0;stroke-dasharray:6 5;stroke-width:1.5}svg .legend{font-size:13px}"
                "svg .start-key{fill:#8a90a0;font-weight:700}")  # fmt: skip


def svg_chart(chart: Chart, *, width: int = 760) -> str:
    esc = html.escape
    height, pad = chart.height, 48
    last = max(len(chart.points) - 1, 1)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / last

    def y(value: int) -> float:
        return height - pad - (height - 2 * pad) * (value - chart.low) / (chart.high - chart.low)

    head = (f'<svg id="{esc(chart.id)}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{esc(chart.label, quote=True)}">'
            f'<rect width="{width}" height="{height}" class="bg"/>'
            f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" class="axis"/>'
            f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" class="axis"/>')  # fmt: skip
    line = chart.reference
    if not chart.legend:
        (series,) = chart.series
        points = [(x(i), y(v)) for i, v in enumerate(series.values)]
        path = " ".join(f"{a:.1f},{b:.1f}" for a, b in points)
        radius = 3 if len(points) > 60 else 5
        dots = "".join(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="{radius}" class="dot{" open" if open_ else ""}">'
                       f"<title>{esc(tip)}</title></circle>"
                       for (a, b), open_, tip in zip(points, chart.unfinished, series.tips))  # fmt: skip
        step = max(1, len(points) // 20)  # at most about 20 names under the axis
        ticks = "".join(f'<text x="{a:.1f}" y="{height - pad + 18}" class="tick">{esc(name)}</text>'
                        for i, ((a, _), name) in enumerate(zip(points, chart.points))
                        if i % step == 0 or i == len(points) - 1)  # fmt: skip
        reference = "" if line is None else (
            f'<line x1="{pad}" y1="{y(line):.1f}" x2="{width - pad}" y2="{y(line):.1f}" class="recovery"/>'
            f'<text x="{width - pad}" y="{y(line) - 6:.1f}" class="recovery-label">{esc(chart.reference_label)}</text>')
        return (head + reference + f'<text x="{pad}" y="{pad - 14}" class="top">{esc(chart.top_label)}</text>'
                f'<polyline points="{path}" class="hp"/>{dots}{ticks}</svg>')  # fmt: skip
    lines, legend = [], []
    for k, series in enumerate(chart.series):
        colour = k % len(SERIES_COLOURS)
        points = [(x(i), y(v)) for i, v in enumerate(series.values)]
        path = " ".join(f"{a:.1f},{b:.1f}" for a, b in points)
        dots = "".join(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="4" class="dot f{colour}'
                       f'{" open s" + str(colour) if open_ else ""}"><title>{esc(tip)}</title></circle>'
                       for (a, b), open_, tip in zip(points, chart.unfinished, series.tips))  # fmt: skip
        lines.append(f'<polyline points="{path}" class="line s{colour}"/>{dots}')
        legend.append(f'<text x="{pad + 120 * (k % 5)}" y="{pad - 28 + 16 * (k // 5)}" '
                      f'class="legend f{colour}">{esc(series.name)}</text>')  # fmt: skip
    if line is not None:
        legend.append(f'<text x="{width - pad}" y="{pad - 28}" class="legend" style="text-anchor:end">'
                      f'<tspan class="start-key">- - </tspan>{esc(chart.reference_label)}</text>')  # fmt: skip
    ticks = "".join(f'<text x="{x(i):.1f}" y="{height - pad + 18}" class="tick">{esc(name)}</text>'
                    for i, name in enumerate(chart.points))  # fmt: skip
    ticks += "".join(f'<text x="{pad - 6}" y="{y(v) + 4:.1f}" style="text-anchor:end">{v}</text>' for v in chart.y_ticks)
    reference = "" if line is None else (
        f'<line x1="{pad}" y1="{y(line):.1f}" x2="{width - pad}" y2="{y(line):.1f}" class="start"/>')
    return head + reference + "".join(lines) + "".join(legend) + ticks + "</svg>"
