"""The collector around a long fold (``core.collector.long_fold``): what exists is frozen out of
every walk, the youngest generation is collected less often during the fold, and the
thresholds come back afterwards, also when the fold fails. `replay` and `import` fold inside it."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer_assist.cli import cli
from dealer_assist.core import collector

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"


@pytest.fixture(autouse=True)
def _thresholds():
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)
    gc.unfreeze()


def test_long_fold_freezes_what_exists_and_raises_the_young_threshold_for_its_length():
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()
    held = [object() for _ in range(100)]
    with collector.long_fold():
        assert gc.get_freeze_count() >= len(held)
        assert gc.get_threshold() == (collector.YOUNG, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0  # collectable again: nothing the command holds is kept for good


def test_import_leaves_no_write_ahead_log(tmp_path):
    """A store opened before the fold is closed at the end of the command (issue 20's collector
    must not keep its connection alive: the -wal file would stay)."""
    import subprocess
    import sys

    db = tmp_path / "s.db"
    subprocess.run([sys.executable, "-m", "dealer_assist", "import", str(SAMPLES / "dealer_skills.txt"), "--session",
                    "q2", "--db", str(db)], check=True, capture_output=True, timeout=120)  # fmt: skip
    assert not (tmp_path / "s.db-wal").exists()


def test_long_fold_restores_the_thresholds_when_the_fold_fails():
    gc.set_threshold(700, 10, 10)
    with pytest.raises(ZeroDivisionError):
        with collector.long_fold():
            1 / 0
    assert gc.get_threshold() == (700, 10, 10)


def test_long_fold_never_lowers_a_higher_threshold():
    gc.set_threshold(collector.YOUNG * 2, 10, 10)
    with collector.long_fold():
        assert gc.get_threshold()[0] == collector.YOUNG * 2


def test_replay_folds_inside_long_fold(monkeypatch):
    entered = []

    @contextmanager
    def watched():
        entered.append(gc.get_threshold())
        yield

    monkeypatch.setattr(collector, "long_fold", watched)
    script = SAMPLES / "dealer_skills.txt"
    for args in (["replay", str(script)], ["replay", str(script), "--json"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
    assert len(entered) == 2
