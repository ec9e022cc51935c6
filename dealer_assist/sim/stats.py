"""Estimates with 95% confidence intervals, from integer sums (so that the result of a run
does not depend on the order in which its chunks came back)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution


def mean_interval(count: int, total: float, squares: float, scale: float = 1.0) -> tuple[float, float, float, float]:
    """The mean of ``count`` values given their sum and sum of squares, divided by ``scale``:
    ``(mean, standard deviation, low, high)`` with the normal 95% interval of the mean."""
    if count <= 0:
        return (math.nan, math.nan, math.nan, math.nan)
    mean = total / count
    variance = max(0.0, squares / count - mean * mean) * (count / (count - 1) if count > 1 else 0.0)
    sd = math.sqrt(variance)
    half = Z95 * sd / math.sqrt(count)
    return (mean / scale, sd / scale, (mean - half) / scale, (mean + half) / scale)


def proportion_interval(successes: int, count: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson score interval (sound near 0 and 1, and for few trials):
    ``(p, low, high)``."""
    if count <= 0:
        return (math.nan, math.nan, math.nan)
    p = successes / count
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * count)) / (1 + z2 / count)
    half = Z95 * math.sqrt(p * (1 - p) / count + z2 / (4 * count * count)) / (1 + z2 / count)
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-19
    high = 1.0 if successes == count else min(1.0, centre + half)
    return (p, low, high)


def percentile(sorted_values: list[int] | list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of sorted values, by linear interpolation."""
    if not sorted_values:
        return math.nan
    position = (len(sorted_values) - 1) * q
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)
