"""An agent that gates its MCP tool calls with hintgate.

The agent reads the server's ``tools/list`` once, hides the tools the policy
denies, asks a person before the ones it must confirm, retries only what is
safe to retry, and keeps secret results out of its log.

    python examples/gate.py [TOOLS_LIST.json]
"""

import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import hintgate
from hintgate import Action, Decision, Retry


class ToolRefused(Exception):
    """The gate did not let a call through."""


class Gate:
    """Decides once per tool, then answers for every call."""

    def __init__(
        self,
        tools_list: hintgate.ToolsInput,
        *,
        trusted: bool,
        policy: hintgate.PolicyInput = "default",
        ask: Callable[[Decision], bool],
        log: Callable[[str], None] = print,
    ) -> None:
        decisions = hintgate.decide_all(tools_list, policy, trusted=trusted)
        self.decisions: Dict[str, Decision] = {d.name: d for d in decisions if d.name is not None}
        self.ask = ask
        self.log = log

    def offered(self) -> List[str]:
        """The tools to show the model: every tool the policy does not deny."""
        return [name for name, d in self.decisions.items() if d.action != Action.DENY]

    def call(self, name: str, run: Callable[[], Any]) -> Any:
        """Runs one tool call through the gate."""
        decision = self.decisions.get(name)
        if decision is None or decision.action == "deny":
            raise ToolRefused(f"{name}: not offered")
        if decision.action == "confirm" and not self.ask(decision):
            raise ToolRefused(f"{name}: the person said no")
        attempts = 2 if decision.retry == Retry.SAFE else 1
        for attempt in range(1, attempts + 1):
            try:
                result = run()
                break
            except TimeoutError:
                if attempt == attempts:
                    raise
                self.log(f"{name}: timed out, retrying (idempotent)")
        if decision.audit:
            shown = "<secret>" if decision.secret else repr(result)
            self.log(f"audit: {name} -> {shown}")
        return result


def main(argv: List[str]) -> int:
    default = Path(__file__).resolve().parents[2] / "examples" / "tools-list.json"
    path = Path(argv[1]) if len(argv) > 1 else default
    asked: List[str] = []

    def ask(decision: Decision) -> bool:
        asked.append(decision.display_name or "?")
        print(f"ask: {decision.display_name}? {decision.explain()}")
        return decision.risk != "destructive"  # this person never approves deletions

    gate = Gate(path.read_bytes(), trusted=True, policy="plan", ask=ask)
    print(f"offered under plan: {', '.join(gate.offered())}")
    gate = Gate(path.read_bytes(), trusted=True, ask=ask)
    print(f"offered under default: {len(gate.offered())} of {len(gate.decisions)} tools")
    for name in gate.decisions:
        outcome: Optional[str]
        try:
            outcome = str(gate.call(name, lambda: {"ok": True}))
        except ToolRefused as refused:
            outcome = f"refused ({refused})"
        print(f"{name}: {outcome}")
    print(f"asked about {len(asked)} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
