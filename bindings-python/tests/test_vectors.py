"""Every case of every file in `tests/vectors/` through the Python binding."""

import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from conftest import VECTOR_REPORT, vectors_dir
from vector_runner import KINDS, Mismatches


def load() -> Tuple[List[Tuple[str, str, Dict[str, Any]]], List[str]]:
    cases: List[Tuple[str, str, Dict[str, Any]]] = []
    problems: List[str] = []
    ids: set = set()
    files = sorted(vectors_dir().glob("*.json"))
    for path in files:
        header = json.loads(path.read_text(encoding="utf-8"))
        for key in ("_comment", "kind", "covers", "cases"):
            if key not in header:
                problems.append(f"{path.name}: header lacks `{key}`")
        if header.get("kind") not in KINDS:
            problems.append(f"{path.name}: unknown kind {header.get('kind')!r}")
        for case in header.get("cases", []):
            case_id = case.get("id") if isinstance(case, dict) else None
            if not case_id or case_id in ids:
                problems.append(f"{path.name}: missing or duplicate id {case_id!r}")
            ids.add(case_id)
            if not isinstance(case.get("description"), str):
                problems.append(f"{path.name}/{case_id}: no description")
            cases.append((path.name, header.get("kind", ""), case))
    VECTOR_REPORT["files"] = len(files)
    return cases, problems


CASES, PROBLEMS = load()


def test_vector_files_are_well_formed() -> None:
    assert CASES, "no vector cases found"
    assert not PROBLEMS, "\n".join(PROBLEMS)


@pytest.mark.parametrize(
    "file,kind,case", CASES, ids=[f"{file}:{case.get('id')}" for file, _, case in CASES]
)
def test_vector(file: str, kind: str, case: Dict[str, Any]) -> None:
    m = Mismatches(f"{file}/{case.get('id')}")
    run = KINDS.get(kind)
    assert run is not None, f"unknown kind {kind!r}"
    run(case, m)
    VECTOR_REPORT["cases"] += 1
    m.raise_if_any()
