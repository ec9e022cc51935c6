"""The stream overlay in headless Chromium (driven by playwright with Debian's ``chromium``).

The real ``overlay`` command runs in a process of its own against a temporary database while
a live session (``LiveSession``, as ``play`` writes it) is typed into line by line: every
command is on the page within 300 ms of being stored; the background is transparent; a
reload and a dropped connection give back the same picture; ``?layout=`` and ``?lang=`` choose
the layout and the words. The secrecy test draws, after every command of every sample
session, the page for the real state and for a state where everything only the dealer knows
(the hole card's face, the dealer's joker count) is changed: the page text and the picture
must not differ.

``DEALER_ASSIST_SCREENSHOTS=1 python -m pytest tests/test_overlay_browser.py -k screenshots``
redraws the screenshots of docs/images (overlay_{full,compact}_{ja,en}.png).
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install '.[test]')")
CHROMIUM = os.environ.get("DEALER_ASSIST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("headless Chromium is not installed (.ci/run installs it)", allow_module_level=True)

from dealer_assist import i18n  # noqa: E402
from dealer_assist import notation as n  # noqa: E402
from dealer_assist.tables.onemillion import Session, State  # noqa: E402
from dealer_assist import rulesets  # noqa: E402
from dealer_assist.errors import DealerAssistError  # noqa: E402
from dealer_assist.live import LiveSession  # noqa: E402
from dealer_assist.overlay import Feed, page as overlay_page  # noqa: E402
from dealer_assist.store import Store  # noqa: E402
from helpers import dealers_secrets_changed  # noqa: E402

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "sample_sessions").glob("*.txt"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
LATENCY = 0.3  # seconds from the store's commit to the page
TS = "2025-01-01T12:00:00+00:00"


def commands(script: Path) -> list[str]:
    """The lines of a script that hold a command (comments and blank lines carry none)."""
    return [line for line in script.read_text(encoding="utf-8").splitlines() if n.parse_line(line)]


# --------------------------------------------------------------------------- the browser and the server


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make():
        context = browser.new_context(viewport={"width": 1920, "height": 1080})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Overlay:
    """``dealer-assist overlay`` in a process of its own, as the dealer starts it."""

    def __init__(self, db: Path, name: str) -> None:
        self.db, self.name, self.port = db, name, free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        command = [sys.executable, "-m", "dealer_assist", "overlay", "--session", self.name, "--db", str(self.db),
                   "--port", str(self.port)]  # fmt: skip
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the overlay stopped: {self.process.stderr.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "state", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the overlay did not answer within 20 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None


@contextmanager
def live_session(tmp_path: Path, name: str, lang: str = "ja", lines: list[str] = ()):
    """A session held as ``play`` holds it (its language remembered), its overlay running."""
    db = tmp_path / "sessions.db"
    store = Store(db)
    live = LiveSession.open(store, name, create=True, lock=True)
    live.row = store.set_lang(live.row, lang)
    for line in lines:
        live.enter(line)
    overlay = Overlay(db, name)
    try:
        overlay.start()
        yield live, overlay
    finally:
        overlay.stop()
        live.close()
        store.close()


def rendered(page, after: int = -1, timeout: float = 5000) -> dict:
    """Wait for a picture newer than ``after`` (a render time in ms); its version and time."""
    page.wait_for_function("t => Number(document.body.dataset.rendered || -1) > t", arg=after, timeout=timeout)
    return page.evaluate("() => ({version: Number(document.body.dataset.version), at: Number(document.body.dataset.rendered)})")


def rendered_seq(page, seq: int, timeout: float = 5000) -> dict:
    """Wait for the first picture of the state after event ``seq`` (a picture that only brings
    the previous state's odds does not count); its version and time."""
    page.wait_for_function("s => Number(document.body.dataset.seq || -1) >= s", arg=seq, timeout=timeout)
    return page.evaluate("() => ({version: Number(document.body.dataset.version), at: Number(document.body.dataset.rendered)})")


def visible_text(page) -> str:
    """What a viewer reads (the running clock's seconds left out: they tick)."""
    return page.evaluate("""() => {
        const clock = document.querySelector('#clock .time');
        const text = document.body.innerText;
        return clock && clock.textContent ? text.replace(clock.textContent, '') : text;
    }""")


def open_overlay(new_page, url: str):
    page = new_page()
    page.goto(url)
    rendered(page)
    return page


# --------------------------------------------------------------------------- live: typed, stored, shown


@pytest.mark.parametrize("sample", ["notation_example", "table_rules"])
def test_each_command_is_on_the_page_within_300_ms_of_being_stored(tmp_path, new_page, sample):
    lines = commands(ROOT / "sample_sessions" / f"{sample}.txt")
    feed = Feed(tmp_path / "unused.db", sample)  # what the page must show, folded here from the same lines
    with live_session(tmp_path, sample) as (live, overlay):
        page = open_overlay(new_page, overlay.url)
        slow = []
        for line in lines:
            before = rendered(page)
            start = time.time()
            live.enter(line)  # stored (committed) when it returns
            shown = rendered_seq(page, live.last[0], timeout=3000)  # the picture of this line (odds pictures aside)
            latency = shown["at"] / 1000 - start
            assert shown["version"] > before["version"]
            if latency >= LATENCY:
                slow.append((line, round(latency, 3)))
            feed.apply(live.last[0], line, TS)
            want = feed.picture("ja")
            got = page.evaluate("""() => ({
                game: document.querySelector('#game .number').textContent,
                hp: document.querySelector('#hp .main').textContent,
                last: document.querySelector('#last').hidden ? '' : document.querySelector('#last').textContent,
                boxes: document.querySelectorAll('#boxes .box').length})""")
            assert got["game"] == want["game_text"] and got["hp"] == want["hp"]["text"], line
            assert got["last"] == "".join(r["clause"] + r["text"] for r in want["last"]), line
            assert got["boxes"] == len(want["boxes"]), line
        assert slow == [], f"lines shown later than {LATENCY * 1000:.0f} ms after they were stored"


# --------------------------------------------------------------------------- the page itself


@pytest.fixture
def played(tmp_path):
    """The NOTATION.md example played to the end of its game, its overlay running."""
    with live_session(tmp_path, "ov", lines=commands(ROOT / "sample_sessions" / "notation_example.txt")) as served:
        yield served


def test_the_background_is_transparent(played, new_page):
    from io import BytesIO

    from PIL import Image

    _, overlay = played
    page = open_overlay(new_page, overlay.url)
    page.wait_for_timeout(100)
    colors = page.evaluate("() => [getComputedStyle(document.documentElement).backgroundColor, "
                           "getComputedStyle(document.body).backgroundColor]")  # fmt: skip
    assert colors == ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]
    image = Image.open(BytesIO(page.screenshot(omit_background=True))).convert("RGBA")
    assert image.size == (1920, 1080)
    boxes = {name: page.locator(selector).bounding_box() for name, selector in
             [("hp", "#hp"), ("dealer", "#dealer"), ("last", "#last"), ("boxes", "#boxes")]}  # fmt: skip
    empty = (960, int((boxes["dealer"]["y"] + boxes["dealer"]["height"] + boxes["last"]["y"]) / 2))
    for x, y in [(4, 4), (1915, 1075), (4, 1075), empty]:  # the margins, and the middle left free for the camera
        assert image.getpixel((x, y))[3] == 0, (x, y)
    hp = boxes["hp"]
    assert image.getpixel((int(hp["x"] + hp["width"] / 2), int(hp["y"] + hp["height"] / 2)))[3] > 200  # the panels show


def test_a_reload_and_a_dropped_connection_give_back_the_same_picture(played, new_page):
    live, overlay = played
    page = open_overlay(new_page, overlay.url)
    before = visible_text(page)
    assert "第1ゲーム" in before and "ANN-1" in before
    page.reload()
    rendered(page)
    assert visible_text(page) == before  # an OBS refresh
    # the server goes away (the connection drops), a line is stored meanwhile, the server comes back
    last = rendered(page)
    overlay.stop()
    live.enter("game")
    overlay.start()
    rendered(page, last["at"], timeout=15000)  # the page reconnects by itself and gets the full picture
    again = visible_text(page)
    assert again != before and "第2ゲーム" in again
    fresh = open_overlay(new_page, overlay.url)
    assert visible_text(fresh) == again


def test_the_page_loads_nothing_from_elsewhere_and_writes_no_markup_from_data(played, new_page):
    template = overlay_page("full", "ja")
    for needle in ("https:", "http:", "url(", "@import", "src=", "innerHTML", "outerHTML", "insertAdjacentHTML",
                   "document.write", "eval("):  # fmt: skip
        assert needle not in template.replace('location.protocol.startsWith("http")', ""), needle
    _, overlay = played
    page = new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(overlay.url + "?layout=compact")
    rendered(page)
    assert asked and all(url.startswith(overlay.url) for url in asked), asked


def test_the_layout_and_the_language_by_url(played, new_page):
    _, overlay = played
    page = open_overlay(new_page, overlay.url)  # the session's language (ja), the full layout
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#boxes .box").count() == 2 and page.locator("#boxes").is_visible()
    text = visible_text(page)
    assert i18n.text("overlay.word.points", "ja") in text and "第1ゲーム" in text
    compact = open_overlay(new_page, overlay.url + "?layout=compact")
    assert compact.evaluate("document.body.className") == "compact"
    assert not compact.locator("#boxes").is_visible() and compact.locator("#hp").is_visible()
    assert compact.locator("#dealer").is_visible() and compact.locator("#last").is_visible()
    box = compact.locator("main").bounding_box()
    assert box["x"] < 100 and box["y"] < 100 and box["width"] <= 700  # one corner of the screen
    assert "aki" not in visible_text(compact)  # no box
    english = open_overlay(new_page, overlay.url + "?lang=en")
    assert english.evaluate("document.documentElement.lang") == "en"
    words = english.evaluate("() => document.querySelector('#boxes .box .points').firstChild.textContent")
    assert words == i18n.text("overlay.word.points", "en")
    text = visible_text(english)
    assert "Game 1" in text and "1,000,000 P or less" in text
    assert not any("\u3040" <= ch <= "\u9fff" for ch in text), text
    both = open_overlay(new_page, overlay.url + "?layout=compact&lang=en")
    assert not both.locator("#boxes").is_visible() and "Game 1" in visible_text(both)


# --------------------------------------------------------------------------- secrecy, every sample, every command

def hidden(state) -> bool:
    game = getattr(state, "game", None) or getattr(state, "round", None)  # One Million's or the casino's
    return game is not None and game.hole is not None


def as_seen(feed: Feed, state: State, rulings, lang: str) -> dict:
    other = copy.copy(feed)
    other.session, other.rulings = Session(state), tuple(rulings)
    return other.picture(lang)


def same_clock(picture: dict, like: dict) -> dict:
    if picture["clock"] is not None and like["clock"] is not None:
        picture["clock"]["now"] = like["clock"]["now"]
    return picture


def serving(html: str):
    """The page without a server: no event stream (204 tells it not to reconnect)."""

    def answer(route, request) -> None:
        if "/events" in request.url:
            route.fulfill(status=204)
        else:
            route.fulfill(body=html, content_type="text/html; charset=utf-8")

    return answer


@pytest.fixture(scope="module")
def drawing(browser):
    """A page that only draws the pictures it is given (``window.render``), for full and compact."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    pages = {}
    for layout in ("full", "compact"):
        for lang in ("ja", "en"):
            html = overlay_page(layout, lang)
            page = context.new_page()
            page.route("http://overlay.invalid/**", serving(html))
            page.goto("http://overlay.invalid/")
            page.wait_for_function("typeof window.render === 'function'")
            pages[layout, lang] = page
    yield pages
    context.close()


# draw the pictures after each command in turn (the real one first, then its variants); what
# the page then says, and how many cards it shows face down
DRAW = """(groups) => groups.map((pictures) => pictures.map((picture) => {
    render(picture);
    const backs = document.querySelectorAll('#dealer .card.back').length;
    return {text: document.body.innerText, content: document.body.textContent, backs};
}))"""


@pytest.mark.parametrize("script", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_page_never_shows_what_only_the_dealer_knows(drawing, script):
    feed = Feed(Path(os.devnull), script.stem)
    lang = "ja" if SAMPLES.index(script) % 2 == 0 else "en"  # both languages over the samples
    lines, groups, holes = commands(script), [], []
    for seq, line in enumerate(lines, start=1):
        before, before_rulings = feed.session.state, feed.rulings
        feed.apply(seq, line, TS)
        real = feed.picture(lang)
        variants = [same_clock(as_seen(feed, dealers_secrets_changed(feed.session.state), feed.rulings, lang), real)]
        # the same command on a table whose secrets differ: the rulings the viewers get are the same
        state, rulings = dealers_secrets_changed(before, keep_check=True), before_rulings
        try:
            for cmd in n.parse_line(line):
                state, said = rulesets.step(state, cmd)
                rulings = tuple(rulesets.screens(state).public_rulings(said, state)) or rulings
        except DealerAssistError:
            state = None
        if state is not None and hidden(state) and hidden(feed.session.state):
            variants.append(same_clock(as_seen(feed, state, rulings, lang), real))
        assert same_clock(feed.picture(lang), real) == real, line  # the variants left the real table alone
        for variant in variants:  # what the event stream carries
            assert json.dumps(variant, ensure_ascii=False) == json.dumps(real, ensure_ascii=False), line
        groups.append([real, *variants])
        holes.append(hidden(feed.session.state))
    for layout in ("full", "compact"):
        drawn = drawing[layout, lang].evaluate(DRAW, groups)
        assert len(drawn) == len(lines)
        for line, hole, (first, *others) in zip(lines, holes, drawn, strict=True):
            for other in others:  # what the viewers read
                assert other["text"] == first["text"] and other["content"] == first["content"], (layout, line)
            assert first["backs"] == (1 if hole else 0), (layout, line)  # the hole card is drawn face down
    if script.stem in ("notation_example", "jokers", "table_rules"):
        assert sum(holes) > 3  # the samples do reach a hole card face down


# --------------------------------------------------------------------------- the screenshots of docs/images

# a realistic moment of a quest: game 2 of an Extreme quest, box 6 to act after a future sight,
# two boxes locked, one bankrupt, one yellow card, a joker seen, the TIME-1 clock running
SCREENSHOT_SCRIPT = """\
quest extreme
dice 3 4 5
hp 640k
skill mp 2
seat 1 あかり 200k
seat 2 ちか 150k
seat 3 ベンジャミン・クロフォード 120k
seat 4 だいすけ 100k
seat 5 えりか 10k
seat 6 みなもとのよりとも 80k
seat 7 gin 60k
game
bet 1 20k
bet 2 10k
bet 3 30k
bet 4 10k
bet 5 10k
bet 6 20k
bet 7 10k
deal T 9 8 7 9 T 6 9
deal 7 9 [Q] 8 7 T 5 [?]
lock 2 5
1 st
3 st
4 st
6 st
7 ht 8
yellow 7
7 st
reveal 8
next 9
game
bet 1 30k
bet 2 20k
bet 3 40k
bet 4 10k
bet 6 20k
bet 7 10k
deal 9 T [K] 5 4 A 8 6
deal 7 6 [9] 6 3 [JK] 9 [?]
lock 1 4
2 ht [5]
3 st
6 foresight [T] 4
"""
# a dark checkerboard behind the transparent page, as an image editor shows transparency
CHECKERBOARD = "html { background: repeating-conic-gradient(#1d2129 0 25%, #2a2f39 0 50%) 0 0 / 48px 48px !important; }"


@pytest.mark.skipif(not os.environ.get("DEALER_ASSIST_SCREENSHOTS"), reason="set DEALER_ASSIST_SCREENSHOTS=1 to redraw")
def test_screenshots(drawing):
    from io import BytesIO

    from PIL import Image

    feed = Feed(Path(os.devnull), "screenshot")
    for seq, line in enumerate(SCREENSHOT_SCRIPT.splitlines(), start=1):
        feed.apply(seq, line, TS)
    out = ROOT / "docs" / "images"
    for (layout, lang), page in drawing.items():
        picture = feed.picture(lang)
        picture["clock"]["now"] = picture["clock"]["started"] + 23  # 23 s into the actions window
        page.reload()  # a fresh page: no bar still moving from an earlier picture
        page.wait_for_function("typeof window.render === 'function'")
        page.add_style_tag(content=CHECKERBOARD)
        page.evaluate("() => { const now = Date.now(); Date.now = () => now; }")  # the clock stands still
        page.evaluate("render", picture)
        page.wait_for_timeout(200)
        clip = None
        if layout == "compact":
            box = page.locator("main").bounding_box()
            clip = {"x": 0, "y": 0, "width": box["x"] + box["width"] + 24, "height": box["y"] + box["height"] + 24}
        image = Image.open(BytesIO(page.screenshot(clip=clip))).convert("RGB")
        path = out / f"overlay_{layout}_{lang}.png"
        image.save(path, optimize=True)
        if path.stat().st_size >= 600_000:  # fewer colours, when the full ones do not fit
            image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)
        assert path.stat().st_size < 600_000


def _table_screenshot(drawing, feed: Feed, name: str) -> None:
    """A table's picture drawn in the full Japanese layout over a checkerboard, kept as a PNG of
    docs/images (under 600 kB)."""
    from io import BytesIO

    from PIL import Image

    page = drawing["full", "ja"]
    page.reload()
    page.wait_for_function("typeof window.render === 'function'")
    page.add_style_tag(content=CHECKERBOARD)
    page.evaluate("render", feed.picture("ja"))
    page.wait_for_timeout(200)
    path = ROOT / "docs" / "images" / name
    Image.open(BytesIO(page.screenshot())).convert("RGB").save(path, optimize=True)
    assert path.stat().st_size < 600_000


# --------------------------------------------------------------------------- the casino table

CASINO_SCRIPT = """\
ruleset casino
seat 1 あかり
seat 2 ben
seat 3 ちか
game
deal 9 A 8 5
deal 7 K 8 [6]
1 st
3 sp
"""


def casino_feed() -> Feed:
    feed = Feed(Path(os.devnull), "casino")
    for seq, line in enumerate(CASINO_SCRIPT.splitlines(), start=1):
        feed.apply(seq, line, TS)
    return feed


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_table_1_the_casino_table_on_the_overlay_shows_chips_and_no_hp(drawing, lang):
    picture = casino_feed().picture(lang)
    page = drawing["full", lang]
    page.evaluate("render", picture)
    shown = visible_text(page)
    assert not page.locator("#hp").is_visible()  # no dealer's HP, no recovery, no jokers, no MP
    assert ("第1ハンド" if lang == "ja" else "Round 1 of 5") in shown
    assert ("チップ" if lang == "ja" else "chips") in shown and "あかり" in shown
    assert page.locator("#dealer .card.back").count() == 1  # the hole card face down
    assert "6" not in page.locator("#dealer").inner_text()


@pytest.mark.skipif(not os.environ.get("DEALER_ASSIST_SCREENSHOTS"), reason="set DEALER_ASSIST_SCREENSHOTS=1 to redraw")
def test_casino_screenshot(drawing):
    _table_screenshot(drawing, casino_feed(), "overlay_casino_ja.png")


# --------------------------------------------------------------------------- the Saikoro table

SAIKORO_SCRIPT = """\
ruleset saikoro
seat 1 あかり
seat 2 ben
seat 3 ちか
game
riichi 2
ron 2 3 2h40 ura 1
roll 5 6
game
riichi 3
tsumo 3 mangan
roll 1 1
"""


def saikoro_feed() -> Feed:
    feed = Feed(Path(os.devnull), "運王")
    for seq, line in enumerate(SAIKORO_SCRIPT.splitlines(), start=1):
        feed.apply(seq, line, TS)
    return feed


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_saikoro_the_scoreboard_shows_points_chips_the_hand_and_the_last_roll_as_dice(drawing, lang):
    picture = saikoro_feed().picture(lang)
    page = drawing["full", lang]
    page.evaluate("render", picture)
    shown = visible_text(page)
    assert not page.locator("#hp").is_visible() and not page.locator("#dealer").is_visible()
    # ben: 50,000 - 1,000 + 8,600 + 1,000 = 58,600; then, the dealer of East 2, pays chika's tsumo
    # mangan at ピンゾロ: 4,000 × 5 = 20,000 and (0 + 5) × 5 chips: 38,600 and -18 + ... ; the deal passes
    assert ("3万8600" if lang == "ja" else "38,600") in shown and "あかり" in shown
    assert ("東3局 0本場" if lang == "ja" else "East 3, 0 honba") in shown
    assert ("祝儀" if lang == "ja" else "Chips") in shown
    assert "⚀ ⚀" in page.locator("#banner").inner_text() and ("ピンゾロ" if lang == "ja" else "pinzoro") in shown


@pytest.mark.skipif(not os.environ.get("DEALER_ASSIST_SCREENSHOTS"), reason="set DEALER_ASSIST_SCREENSHOTS=1 to redraw")
def test_saikoro_screenshot(drawing):
    _table_screenshot(drawing, saikoro_feed(), "overlay_saikoro_ja.png")


# --------------------------------------------------------------------------- the Blackjack Gear table

GEAR_SCRIPT = """\
ruleset gear
gear raise placed 2 5 bet:opp:+1
gear goal-24 placed 3 3 goal:=24
seat 1 あかり
seat 2 ben
deck 1 raise*10 goal-24*10
deck 2 raise*10 goal-24*10
first 1
pick 1 raise raise goal-24
pick 2 goal-24 raise raise
round
cards 1 [9] 5
cards 2 [T] 6
use 1 raise
hit 1 4
"""


def gear_feed() -> Feed:
    feed = Feed(Path(os.devnull), "duel")
    for seq, line in enumerate(GEAR_SCRIPT.splitlines(), start=1):
        feed.apply(seq, line, TS)
    return feed


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_gear_2_the_overlay_shows_hp_pp_bets_placed_gears_and_no_face_down_card(drawing, lang):
    picture = gear_feed().picture(lang)
    page = drawing["full", lang]
    page.evaluate("render", picture)
    shown = visible_text(page)
    assert "HP 5" in shown and "PP 1/3" in shown and "あかり" in shown and "raise" in shown  # aki's placed gear
    assert page.locator(".box .card.back").count() == 2  # both first cards face down
    assert "9" not in page.locator('.box[data-box="1"] .cards').inner_text()  # aki's face-down 9 is not drawn
    assert "goal-24" not in shown  # the gears in hand are never shown


@pytest.mark.skipif(not os.environ.get("DEALER_ASSIST_SCREENSHOTS"), reason="set DEALER_ASSIST_SCREENSHOTS=1 to redraw")
def test_gear_screenshot(drawing):
    _table_screenshot(drawing, gear_feed(), "overlay_gear_ja.png")
