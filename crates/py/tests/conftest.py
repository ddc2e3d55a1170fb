"""Paths shared by the tests: the repository root and the command line built by cargo."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture
def cli() -> str:
    """The debug binary (cargo build, in $CARGO_TARGET_DIR when set), or $WGRND_BIN."""
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    path = os.environ.get("WGRND_BIN", str(target / "debug" / "wgrnd"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path}: build it first (cargo build -p wgrnd-cli) or set WGRND_BIN")
    return path
