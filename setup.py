"""The one build step pyproject.toml cannot declare: compile the message catalogs.

``build_py`` compiles every ``dealer_assist/locales/*.po`` (and a table's own,
``dealer_assist/tables/NAME/locales/*.po``) to the ``.mo`` file the tool reads at
run time with the standard library's gettext (``dealer_assist/i18n.py``, whose ``compile_mo``
does the work with Babel, a build requirement). The MO files go

- into the wheel (``build_lib``), for ``pip install .``;
- beside their PO in the source tree (git-ignored), for ``pip install -e .``, where the package
  is the source folder itself; a non-editable build refreshes them there too when it can, so
  that tests run from the checkout read the same catalogs as the installed tool.

Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PACKAGE = "dealer_assist"
I18N = Path(PACKAGE, "i18n.py")  # imports only the standard library at its top: loaded by path


def _i18n():
    """``dealer_assist.i18n`` without importing the package (the build has only its own
    requirements installed)."""
    name = "_dealer_assist_build_i18n"
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / I18N)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(data)
    os.replace(partial, path)


class BuildPyWithCatalogs(build_py):
    """``build_py`` that also compiles the catalogs (see the module's docstring)."""

    def run(self) -> None:
        super().run()
        editable = getattr(self, "editable_mode", False)
        compile_mo = _i18n().compile_mo
        for po, mo in self._catalogs():
            data = compile_mo(po.read_bytes())
            if not editable:
                _write(Path(self.build_lib, mo), data)
            try:
                _write(po.with_suffix(".mo"), data)
            except OSError:
                if editable:  # the editable package is this folder: it must have its catalogs
                    raise

    def _catalogs(self) -> list[tuple[Path, Path]]:
        """(the PO in the source tree, the MO's path inside the package tree)."""
        root = Path(self.get_package_dir(PACKAGE))
        found = sorted(root.glob("locales/*.po")) + sorted(root.glob("tables/*/locales/*.po"))  # a table's own too
        return [(po, Path(PACKAGE, po.relative_to(root).with_suffix(".mo"))) for po in found]

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        return outputs + [str(Path(self.build_lib, mo)) for _, mo in self._catalogs()]


setup(cmdclass={"build_py": BuildPyWithCatalogs})
