"""A snapshot's fingerprint is its own table's rules (``Ruleset.sources``): resuming a One
Million session reads and loads no other table, and another table's rules changing does not
throw away One Million's snapshots (issue 20)."""

from __future__ import annotations

import sys

import pexpect

from dealer_assist import rulesets
from dealer_assist.core import snapshot

from test_play_start_light import ENV, MAIN, _modules, stored  # noqa: F401 - the fixture

CASINO = "dealer_assist.tables.casino"


def test_a_fingerprint_reads_only_its_tables_sources():
    mine = rulesets.get("onemillion").sources
    assert not any("casino" in source for source in mine)
    assert snapshot.fingerprint("onemillion") != snapshot.fingerprint("casino")
    assert snapshot.fingerprint("onemillion") == snapshot.fingerprint("onemillion")


def test_a_snapshot_of_one_table_is_not_read_as_another_tables(tmp_path):
    from dealer_assist.core.history import History
    from dealer_assist.core.snapshot import SnapshotError

    state = rulesets.new_state("casino")
    body = snapshot.dump(state)
    assert snapshot.load(body, lambda count: History.deferred(count, lambda: []), "casino") == state
    try:
        snapshot.load(body, lambda count: History.deferred(count, lambda: []), "onemillion")
    except (SnapshotError, KeyError):
        pass
    else:  # pragma: no cover
        raise AssertionError("a casino state was read with One Million's classes")


# the command line in a fresh interpreter, noting which thread first imports another table's package
WATCH = """
import sys, threading
class Watch:
    def find_spec(self, name, path, target=None):
        if name == "dealer_assist.tables.casino":
            print("\\nCASINO " + threading.current_thread().name)
        return None
sys.meta_path.insert(0, Watch())
""" + MAIN


def test_resuming_a_one_million_session_loads_no_other_table_before_its_first_prompt(stored):  # noqa: F811
    """Only the thread that builds completion's words while the dealer reads the first prompt
    (``warm``) may load the other tables: resuming, the snapshot and the first panel do not."""
    child = pexpect.spawn(sys.executable, ["-c", WATCH, "play", "--session", "s", "--db", str(stored)],
                          env=ENV, encoding="utf-8", timeout=60, dimensions=(40, 200))  # fmt: skip
    child.delaybeforesend = 0
    try:
        child.expect("s>")
        shown = child.before  # what was written before the first prompt
        child.sendline("quit")
        child.expect(pexpect.EOF)
        out = (shown + child.before).replace("\r", "")
    finally:
        child.close(force=True)
    assert "dealer_assist.tables.onemillion.ruleset" in _modules(out)  # not vacuous: resumed at its table
    threads = [line.split()[1] for line in out.splitlines() if line.startswith("CASINO ")]
    assert set(threads) <= {"warm"}, threads
