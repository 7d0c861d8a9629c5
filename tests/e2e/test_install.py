"""A fresh install, as ``make`` does it (a new venv, ``pip install -e .``), prints no warning from
the build backend. Slow (it builds in a new venv and fetches setuptools): ``make test-slow``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What setuptools' warnings look like in pip's verbose output: "SetuptoolsDeprecationWarning",
# "BuildBackendWarning", "InformationOnly" (each framed by "!!" lines). pip's own
# "WARNING: ..." lines (e.g. about this machine's index configuration) are not the backend's.
BACKEND_WARNING = re.compile(r"\w*Warning\b|InformationOnly|^\s*!!\s*$", re.MULTILINE)


def backend_warnings(output: str) -> list[str]:
    return [line for line in output.splitlines()
            if BACKEND_WARNING.search(line) and not line.lstrip().startswith("WARNING:")]


def test_backend_warning_pattern() -> None:
    sample = ("  /x/setuptools/config/_apply_pyprojecttoml.py:82: SetuptoolsDeprecationWarning: "
              "`project.license` as a TOML table is deprecated\n  !!\n"
              "WARNING: Location 'file:///opt/x/' is ignored\nSuccessfully installed uno-lan\n")
    assert len(backend_warnings(sample)) == 2


@pytest.mark.slow
def test_fresh_editable_install_prints_no_backend_warnings(tmp_path: Path) -> None:
    project = tmp_path / "project"  # a copy without .venv, caches or build leftovers
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns(
        ".venv", ".git", "*.egg-info", "build", "__pycache__", ".*_cache", ".hypothesis", ".fuzz"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    # -v shows what the build backend prints (pip hides it otherwise, and newer pips do not).
    done = subprocess.run([*pip, "install", "-v", "--no-deps", "-e", str(project)], cwd=project,
                          env=env, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert not backend_warnings(output), "\n".join(backend_warnings(output))
    check = subprocess.run([str(venv / "bin" / "python"), "-c", "import engine; print('ok')"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert check.stdout.strip() == "ok", check.stderr
