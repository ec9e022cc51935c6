"""Catalogs without a cache folder (issue 19): the PO files are compiled to MO at build time and
read with the standard library's gettext; what every key says in both languages is what the
PO file says (as Babel reads it), a stale MO is never spoken in a source checkout, nothing is
written to a cache folder, and a non-editable install (the wheel) carries the MO files."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from dealer_assist import i18n

ROOT = Path(__file__).parent.parent
LOCALES = ROOT / "dealer_assist" / "locales"


def po_says(lang: str) -> dict[str, str]:
    return i18n.parse_po((LOCALES / f"{lang}.po").read_bytes())


# ---------------------------------------------------------------- the MO says what the PO says


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_compiled_mo_says_what_the_po_says_for_every_key(lang):
    expected = po_says(lang)
    read = i18n.read_mo(io.BytesIO(i18n.compile_mo((LOCALES / f"{lang}.po").read_bytes())))
    assert len(expected) > 400
    assert read == expected
    assert list(read) == list(expected)  # the same keys in the same order


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_checkouts_mo_is_not_stale(lang):
    """The MO beside the PO (made by ``pip install -e .`` / ``pip install .`` /
    ``python -m dealer_assist.i18n``) says exactly what the PO says: fails when it is stale."""
    mo = LOCALES / f"{lang}.mo"
    if not mo.exists():
        pytest.skip(f"no {mo.name} in the checkout (the PO is read instead): pip install -e . makes it")
    with mo.open("rb") as handle:
        assert i18n.read_mo(handle) == po_says(lang), f"{mo.name} is stale: python -m dealer_assist.i18n"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_catalog_in_use_and_every_sentence_are_the_pos(lang):
    """The tool's catalog, then the catalogs of the tables that ship their own (Saikoro's), each
    key the first catalog's that has it."""
    i18n.catalog.cache_clear()
    expected = po_says(lang)
    for folder in i18n._EXTRA:  # the tables loaded so far that ship their own sentences
        more = i18n.parse_po((Path(folder) / f"{lang}.po").read_bytes())
        expected.update({k: v for k, v in more.items() if k not in expected})
    assert i18n.catalog(lang) == expected
    for key, template in expected.items():
        if "{" not in template and "}" not in template:
            assert i18n.text(key, lang) == template


def test_english_gives_the_msgid_and_the_mo_holds_no_english_translation():
    en = (LOCALES / "en.po").read_bytes()
    compiled = i18n.compile_mo(en)
    catalog = i18n.read_mo(io.BytesIO(compiled))
    assert catalog["lang.unknown"].startswith("unknown language")
    import gettext

    raw = gettext.GNUTranslations(io.BytesIO(compiled))
    assert raw.pgettext("lang.unknown", "no such msgid") == "no such msgid"  # nothing but the index


# ---------------------------------------------------------------- stale, missing, broken MO

PO = """msgid ""
msgstr ""
"Language: ja\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgctxt "greet.hello"
msgid "hello"
msgstr "{word}"

msgctxt "greet.untranslated"
msgid "only English"
msgstr ""
"""


def write_po(folder: Path, word: str, mtime: int) -> Path:
    po = folder / "ja.po"
    po.write_text(PO.replace("{word}", word), encoding="utf-8")
    os.utime(po, ns=(mtime, mtime))
    return po


def compile_at(folder: Path, mtime: int) -> None:
    mo = folder / "ja.mo"
    mo.write_bytes(i18n.compile_mo((folder / "ja.po").read_bytes()))
    os.utime(mo, ns=(mtime, mtime))


def test_a_stale_mo_is_not_spoken_in_a_checkout_but_trusted_when_installed(tmp_path):
    write_po(tmp_path, "こんにちは", 1_000_000_000_000_000_000)
    compile_at(tmp_path, 1_000_000_001_000_000_000)
    fresh = i18n.load(tmp_path, "ja", checkout=True)
    assert fresh == {"greet.hello": "こんにちは", "greet.untranslated": "only English"}

    write_po(tmp_path, "やあ", 1_000_000_002_000_000_000)  # the PO edited after the build
    assert i18n.load(tmp_path, "ja", checkout=True)["greet.hello"] == "やあ"
    # an installed package (pip writes its files in any order) trusts its MO
    assert i18n.load(tmp_path, "ja", checkout=False)["greet.hello"] == "こんにちは"


def test_a_missing_or_broken_mo_reads_the_po(tmp_path):
    write_po(tmp_path, "こんにちは", 1_000_000_000_000_000_000)
    assert i18n.load(tmp_path, "ja", checkout=True)["greet.hello"] == "こんにちは"
    (tmp_path / "ja.mo").write_bytes(b"not an MO file")
    os.utime(tmp_path / "ja.mo", ns=(2_000_000_000_000_000_000,) * 2)
    assert i18n.load(tmp_path, "ja", checkout=False)["greet.hello"] == "こんにちは"
    (tmp_path / "ja.po").unlink()
    with pytest.raises(OSError):
        i18n.load(tmp_path, "ja", checkout=False)


def test_reading_an_mo_needs_no_babel(tmp_path, monkeypatch):
    write_po(tmp_path, "こんにちは", 1_000_000_000_000_000_000)
    compile_at(tmp_path, 1_000_000_001_000_000_000)
    for name in [n for n in sys.modules if n == "babel" or n.startswith("babel.")] + ["babel"]:
        monkeypatch.setitem(sys.modules, name, None)  # any import of Babel now fails
    with pytest.raises(ImportError):
        i18n.parse_po(b"")
    assert i18n.load(tmp_path, "ja", checkout=True)["greet.hello"] == "こんにちは"


# ---------------------------------------------------------------- no cache folder


def test_no_cache_folder_is_written_and_nothing_hashed(tmp_path):
    home, cache = tmp_path / "home", tmp_path / "cache"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DEALER_ASSIST_CACHE"}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(cache), USERPROFILE=str(home), LOCALAPPDATA=str(cache))
    probe = (
        "import sys\n"
        "from dealer_assist import i18n\n"
        "i18n.text('lang.unknown', 'ja', given='x', available='en'); i18n.catalog('en')\n"
        "print(sorted(m for m in ('platformdirs', 'hashlib') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    sample = ROOT / "sample_sessions" / "notation_example.txt"
    for args in (["--help"], ["--lang", "ja", "--help"], ["--lang", "ja", "replay", str(sample)]):
        done = subprocess.run([sys.executable, "-m", "dealer_assist", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stderr
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", done.stdout)  # spoken in Japanese
    assert not cache.exists()
    assert not (home / ".cache").exists()
    assert [p for p in tmp_path.rglob("catalog-*")] == []


# ---------------------------------------------------------------- the build puts the MO files in


def source_copy(target: Path) -> Path:
    """The project's build inputs, without any MO, build/ or egg-info left in the checkout."""
    target.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, target / name)
    shutil.copytree(ROOT / "dealer_assist", target / "dealer_assist",
                    ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.tmp"))  # fmt: skip
    return target


def pip(python: Path | str, *args: str, cwd: Path) -> None:
    done = subprocess.run([str(python), "-m", "pip", "--disable-pip-version-check", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_a_non_editable_install_carries_the_compiled_catalogs(tmp_path):
    source = source_copy(tmp_path / "src")
    pip(sys.executable, "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path / "wheel"), cwd=tmp_path)
    (wheel,) = (tmp_path / "wheel").glob("dealer_assist-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for lang in i18n.LANGS:
            assert f"dealer_assist/locales/{lang}.mo" in names
            assert i18n.read_mo(io.BytesIO(archive.read(f"dealer_assist/locales/{lang}.mo"))) == po_says(lang)
    assert not [n for n in names if n.endswith(".tmp")]


def test_an_editable_install_compiles_the_catalogs_beside_their_po(tmp_path):
    source = source_copy(tmp_path / "src")
    venv.create(tmp_path / "venv", with_pip=True)
    python = tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    pip(python, "install", "--no-deps", "-q", "-e", str(source), cwd=tmp_path)
    for lang in i18n.LANGS:
        mo = source / "dealer_assist" / "locales" / f"{lang}.mo"
        with mo.open("rb") as handle:
            assert i18n.read_mo(handle) == po_says(lang)
