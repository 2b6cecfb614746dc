"""The stubs match the runtime, and typed code using them runs."""

import ast
import subprocess
import sys
from pathlib import Path

import hintgate
from conftest import BINDING

PACKAGE = Path(hintgate.__file__).resolve().parent


def test_typed_usage_runs() -> None:
    import typed_usage

    seen = typed_usage.run()
    assert "unexpected_end@1" in seen
    assert "unknown_preset" in seen
    assert "Confirm first: the policy asks a person before running spend tools." in seen
    assert seen.count("unannotated") == 1 and "name_suggests_read" in seen


def test_package_ships_stubs_and_marker() -> None:
    for name in ("py.typed", "_native.pyi", "_vocabulary.pyi"):
        assert (PACKAGE / name).is_file(), name


def test_vocabulary_stub_lists_exactly_the_runtime_members() -> None:
    tree = ast.parse((PACKAGE / "_vocabulary.pyi").read_text(encoding="utf-8"))
    stubbed = {
        node.name: {
            target.id: stmt.value.value
            for stmt in node.body
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
            for target in stmt.targets
            if isinstance(target, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    }
    runtime = {
        name: {m.name: m.value for m in getattr(hintgate, name)} for name in stubbed
    }
    assert len(stubbed) == 9
    assert stubbed == runtime


def test_native_stub_names_every_export() -> None:
    tree = ast.parse((PACKAGE / "_native.pyi").read_text(encoding="utf-8"))
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    runtime = {n for n in dir(hintgate._native) if not n.startswith("__")}
    assert stubbed == runtime


def test_mypy_strict_accepts_the_typed_examples() -> None:
    files = [str(BINDING / "examples" / "gate.py"), str(BINDING / "tests" / "typed_usage.py")]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *files],
        capture_output=True, text=True, cwd=BINDING,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found in 2 source files" in run.stdout


def test_mypy_rejects_misuse() -> None:
    """The stubs are tight enough to catch a wrong argument."""
    bad = "import hintgate\nd = hintgate.decide({'name': 'x'})\nn: int = d.action\nhintgate.decide(5)\n"
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-c", bad],
        capture_output=True, text=True, cwd=BINDING,
    )
    assert run.returncode == 1, run.stdout
    assert 'has type "Action", variable has type "int"' in run.stdout
    assert 'Argument 1 to "decide" has incompatible type "int"' in run.stdout
