"""What ``simulate`` prints of a result, whatever the table: the table's own sentences
(``Simulation.lines``), then the speed of the run; and the percentages they are written with."""

from __future__ import annotations

import math
from typing import Any


def percent(value: float, digits: int = 3) -> str:
    return "-" if value is None or math.isnan(value) else f"{value * 100:.{digits}f}%"


def lines(result: dict[str, Any], lang: str = "en") -> list[str]:
    """The sentences ``simulate`` prints for ``result``, in ``lang``."""
    from dealer_assist.i18n import text
    from dealer_assist.sim.tables import of_result

    out = list(of_result(result).lines(result, lang))
    rate = int(round(result["hands_per_second"]))
    out.append(text("sim.speed" if result["workers"] > 1 else "sim.speed_one", lang, hands=result["hands"],
                    seconds=f"{result['seconds']:.1f}", rate=rate, workers=result["workers"]))  # fmt: skip
    return out
