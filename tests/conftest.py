import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# The snapshot seal key (dealer_assist/seal.py): the test session's own, in a temporary folder,
# never the user's data folder. Set before any test module is imported, so the processes the
# tests start (pty, subprocess) inherit it too; a test that names its own key sets
# DEALER_ASSIST_KEY itself (monkeypatch.setenv), which wins for that test.
SEAL_KEYS = Path(tempfile.mkdtemp(prefix="dealer-assist-test-key-"))
os.environ["DEALER_ASSIST_KEY"] = str(SEAL_KEYS / "snapshot.key")


def pytest_unconfigure(config):
    shutil.rmtree(SEAL_KEYS, ignore_errors=True)


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return reason.removeprefix("Skipped: ").strip()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line at the end of the run naming what was skipped and why (a fresh machine lacks
    Debian's chromium, so the browser tests skip: that must not go unnoticed)."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if getattr(r, "longrepr", None)]
    if not skipped:
        return
    reasons: dict[tuple[str, str], int] = {}
    for report in skipped:
        kind, reason = "test", _skip_reason(report)
        if "chromium" in reason.lower():
            kind, reason = "browser test", "Debian's chromium is not installed (.ci/run installs it: apt-get install chromium)"
        reasons[kind, reason] = reasons.get((kind, reason), 0) + 1
    parts = [f"{count} {kind}{'' if count == 1 else 's'} — {reason}" for (kind, reason), count in reasons.items()]
    terminalreporter.write_line("skipped: " + "; ".join(parts), yellow=True, bold=True)
