"""The README's Python examples run, so they cannot rot."""

import re

import pytest

from conftest import BINDING

README = (BINDING / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_readme_has_examples() -> None:
    assert len(BLOCKS) == 3


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_example_runs(block: str) -> None:
    exec(compile(block, "README.md", "exec"), {})


def test_readme_example_prints_the_explanation(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[0], "README.md", "exec"), {})
    assert capsys.readouterr().out == (
        "Confirm first: the policy asks a person before running spend tools.\n"
    )
