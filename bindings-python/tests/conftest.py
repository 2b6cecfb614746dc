"""Shared fixtures: where the repository's shared files are, and the vector
report printed after the run."""

import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
BINDING = HERE.parent
REPO = BINDING.parent

#: What the vector tests ran; printed in the terminal summary.
VECTOR_REPORT: "Counter[str]" = Counter()


def vectors_dir() -> Path:
    """`tests/vectors` of the repository (or `$HINTGATE_VECTORS`). Missing
    vectors are an error, never a skip."""
    path = Path(os.environ.get("HINTGATE_VECTORS", REPO / "tests" / "vectors"))
    if not path.is_dir():
        raise RuntimeError(f"conformance vectors not found at {path}")
    return path


def corpus_path() -> Path:
    path = REPO / "tests" / "corpus" / "github-mcp-server.tools-list.json"
    if not path.is_file():
        raise RuntimeError(f"corpus not found at {path}")
    return path


@pytest.fixture(scope="session")
def corpus_text() -> str:
    return corpus_path().read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def examples_text() -> str:
    return (REPO / "examples" / "tools-list.json").read_text(encoding="utf-8")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    r = VECTOR_REPORT
    if r["cases"]:
        terminalreporter.write_line(
            f"vectors: {r['files']} files, {r['cases']} cases, {r['decisions']} decisions "
            f"({r['decision_runs']} decision checks over every input form), {r['checks']} checks"
        )
