"""hintgate against the pure-Python anchor (`anchor.py`), in one run.

1. `decide(dict)` per call, over the 117 tools of the GitHub MCP server's
   `tools/list` (real tools with descriptions and input schemas), against the
   anchor's `decide(dict)`. Goal: ratio hintgate / anchor <= 1.0.
2. `decide_all` on the whole document (144 KB of JSON text) against
   `json.loads` plus the anchor's loop. Goal: anchor / hintgate >= 3.

Before timing, the anchor and hintgate must agree on every tool of the corpus
and of `examples/tools-list.json` under every preset and context; a
disagreement exits 1. The ratios are printed, not enforced (timing is noisy).

    python bench/bench_decide.py [--quick]
"""

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import anchor

import hintgate

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "corpus" / "github-mcp-server.tools-list.json"
EXAMPLES = REPO / "examples" / "tools-list.json"


def as_tuple(d: hintgate.Decision) -> anchor.Decision:
    return (d.name, d.display_name, str(d.action), str(d.risk), str(d.reason), str(d.retry),
            d.audit, d.secret, d.progress, tuple(str(f) for f in d.findings))


def check_agreement(tools: List[Any]) -> int:
    """Both must say the same for every tool and context; returns the count checked."""
    checked = 0
    for policy in anchor.PRESETS:
        for trusted in (True, False):
            for offline in (False, True):
                for scopes in (None, frozenset({"repo"})):
                    for tool in tools:
                        ours = hintgate.decide(tool, policy, trusted=trusted, offline=offline, scopes=scopes)
                        theirs = anchor.decide(tool, policy, trusted, offline, scopes)
                        if as_tuple(ours) != theirs:
                            sys.exit(f"DISAGREE on {json.dumps(tool)[:200]} ({policy}, trusted={trusted}, "
                                     f"offline={offline}, scopes={scopes}):\n  hintgate {as_tuple(ours)}\n"
                                     f"  anchor   {theirs}")
                        checked += 1
    return checked


def best_of(repeats: int, body: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        body()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    quick = "--quick" in sys.argv
    text = CORPUS.read_text(encoding="utf-8")
    data = text.encode("utf-8")
    tools = anchor.tools_of(json.loads(text))
    examples = anchor.tools_of(json.loads(EXAMPLES.read_text(encoding="utf-8")))
    checked = check_agreement(tools + examples)
    whole = [as_tuple(d) for d in hintgate.decide_all(data, trusted=True)]
    if whole != [anchor.decide(t, "default", True) for t in anchor.tools_of(json.loads(text))]:
        sys.exit("DISAGREE on decide_all over the corpus")
    print(f"agreement: hintgate and the anchor agree on {checked} decisions "
          f"({len(tools)} corpus + {len(examples)} example tools x 40 contexts)")

    repeats, loops = (5, 20) if quick else (15, 100)

    def hg_decide() -> None:
        for _ in range(loops):
            for tool in tools:
                hintgate.decide(tool, "default", trusted=True)

    def py_decide() -> None:
        for _ in range(loops):
            for tool in tools:
                anchor.decide(tool, "default", True)

    def hg_all() -> None:
        for _ in range(loops // 10):
            hintgate.decide_all(data, "default", trusted=True)

    def py_all() -> None:
        for _ in range(loops // 10):
            [anchor.decide(t, "default", True) for t in anchor.tools_of(json.loads(data))]

    calls = loops * len(tools)
    rows: Dict[str, Tuple[float, float]] = {}
    # Interleaved, best of several runs each, so both sides see the same machine.
    rows["decide"] = (best_of(repeats, hg_decide) / calls, best_of(repeats, py_decide) / calls)
    documents = loops // 10
    rows["decide_all"] = (best_of(repeats, hg_all) / documents, best_of(repeats, py_all) / documents)

    hg, py = rows["decide"]
    ratio = hg / py
    print(f"decide(dict), per call over the {len(tools)} corpus tools:")
    print(f"  hintgate {hg * 1e6:8.3f} us   anchor (pure Python) {py * 1e6:8.3f} us   "
          f"ratio hintgate/anchor = {ratio:.2f} (goal <= 1.0: {'met' if ratio <= 1.0 else 'MISSED'})")
    hg, py = rows["decide_all"]
    speedup = py / hg
    mib = len(data) / (1 << 20)
    print(f"decide_all on {CORPUS.name} ({len(data)} bytes, {len(tools)} tools):")
    print(f"  hintgate {hg * 1e3:8.3f} ms ({mib / hg:6.0f} MiB/s)   json.loads + anchor {py * 1e3:8.3f} ms "
          f"({mib / py:6.0f} MiB/s)   speedup anchor/hintgate = {speedup:.1f}x "
          f"(goal >= 3: {'met' if speedup >= 3 else 'MISSED'})")
    other_inputs(repeats, loops, tools)
    return 0


def other_inputs(repeats: int, loops: int, tools: List[Any]) -> None:
    """The other forms a caller may hold, for the record (no goal)."""
    texts = [json.dumps(t) for t in tools]
    rounds = max(1, loops // 10)
    rows = [
        ("decide(JSON text of one tool), per tool",
         lambda: [hintgate.decide(t, trusted=True) for t in texts], len(texts), 1e6, "us"),
        ("decide_all(list of 117 dicts)",
         lambda: hintgate.decide_all(tools, trusted=True), 1, 1e3, "ms"),
    ]
    try:
        import mcp.types

        listing = mcp.types.ListToolsResult(tools=[mcp.types.Tool.model_validate(t) for t in tools])
        rows.append(("decide_all(mcp ListToolsResult of 117 tools)",
                     lambda: hintgate.decide_all(listing, trusted=True), 1, 1e3, "ms"))
    except ImportError:
        pass
    print("other inputs (for the record, no goal):")
    for label, body, per, scale, unit in rows:
        def run(body: Callable[[], Any] = body) -> None:
            for _ in range(rounds):
                body()
        seconds = best_of(repeats, run) / (rounds * per)
        print(f"  {label:48s} {seconds * scale:8.3f} {unit}")


if __name__ == "__main__":
    sys.exit(main())
