//! (b) Reading and deciding every tool of the GitHub MCP server's `tools/list`
//! (144 KB), in bytes per second, against the anchor a Rust client uses today:
//! the official Rust SDK's types (`rmcp`'s `ListToolsResult` through
//! `serde_json`) with the same policy applied to its `ToolAnnotations`.
//! Two ways of reading: one pass into caller-owned slots, and the O(1)-memory
//! iterator that validates first and reads in a second pass. `scripts/bench`
//! prints the ratios from one run.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hintgate::{Context, Policy, read_document};
use rmcp::model::{JsonRpcResponse, ListToolsResult, Tool as RmcpTool};

const CORPUS: &[u8] = include_bytes!("../../tests/corpus/github-mcp-server.tools-list.json");

fn hintgate_read_and_decide(json: &[u8]) -> u32 {
    let document = read_document(json).expect("valid corpus");
    document
        .tools()
        .map(|tool| hintgate::decide(&tool, Policy::DEFAULT, &Context::TRUSTED).action as u32)
        .sum()
}

/// One pass into caller-owned slots (one allocation for the slots, which a
/// client would reuse).
fn hintgate_one_pass(json: &[u8]) -> u32 {
    let mut slots = vec![None; 128];
    let count = hintgate::read_tools_into(json, &mut slots).expect("valid corpus");
    slots[..count]
        .iter()
        .flatten()
        .map(|tool| hintgate::decide(tool, Policy::DEFAULT, &Context::TRUSTED).action as u32)
        .sum()
}

fn rmcp_read_and_decide(json: &[u8]) -> u32 {
    let response: JsonRpcResponse<ListToolsResult> =
        serde_json::from_slice(json).expect("valid corpus");
    response.result.tools.iter().map(anchor_action).sum()
}

/// SPEC §1–§5 for a trusted server under the `default` policy, written the way
/// a client written against rmcp's types would: the anchor, not a binding.
fn anchor_action(tool: &RmcpTool) -> u32 {
    const READ: u8 = 0;
    const COMPUTE: u8 = 1;
    const EXTERNAL: u8 = 2;
    const SHARE: u8 = 3;
    const SPEND: u8 = 4;
    const DESTRUCTIVE: u8 = 5;
    let a = tool.annotations.as_ref();
    let read_only_decl = a.and_then(|a| a.read_only_hint);
    let destructive_decl = a.and_then(|a| a.destructive_hint);
    let idempotent_decl = a.and_then(|a| a.idempotent_hint);
    let open_world_decl = a.and_then(|a| a.open_world_hint);
    let tier = tool
        .meta
        .as_ref()
        .and_then(|m| m.0.get("x-side-effect"))
        .and_then(|v| v.as_str());
    let stamp = match tier {
        None => None,
        Some("read") => Some((READ, [true, false, false, true])),
        Some("compute") => Some((COMPUTE, [false, false, false, false])),
        Some("external_spend") => Some((SPEND, [false, false, true, true])),
        Some("share_export") => Some((SHARE, [false, false, false, true])),
        Some("destructive") => Some((DESTRUCTIVE, [false, true, false, false])),
        Some(_) => return 1, // unknown tier: destructive → confirm
    };
    let declared = [
        read_only_decl,
        destructive_decl,
        idempotent_decl,
        open_world_decl,
    ];
    let agrees = stamp.is_some_and(|(_, s)| {
        declared
            .iter()
            .zip(s)
            .all(|(d, v)| d.is_none_or(|d| d == v))
    });
    let value = |slot: usize, default: bool| match (declared[slot], stamp) {
        (Some(v), _) => v,
        (None, Some((_, s))) if agrees => s[slot],
        _ => default,
    };
    let conflict = read_only_decl == Some(true) && destructive_decl == Some(true);
    let read_only = !conflict && value(0, false);
    let destructive = !read_only && (conflict || value(1, true));
    let open_world = value(3, true);
    let from_hints = if read_only {
        READ
    } else if destructive {
        DESTRUCTIVE
    } else if open_world {
        EXTERNAL
    } else {
        COMPUTE
    };
    let risk = match stamp {
        Some((tier_risk, _)) if agrees => tier_risk,
        Some((tier_risk, _)) => tier_risk.max(from_hints),
        None => from_hints,
    };
    // default: allow read and compute, confirm the rest.
    u32::from(risk > COMPUTE)
}

fn bench_corpus(c: &mut Criterion) {
    let anchor = rmcp_read_and_decide(CORPUS);
    assert_eq!(hintgate_read_and_decide(CORPUS), anchor);
    assert_eq!(hintgate_one_pass(CORPUS), anchor);
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(CORPUS.len() as u64));
    group.bench_function("hintgate read_tools_into (one pass)", |b| {
        b.iter(|| hintgate_one_pass(black_box(CORPUS)))
    });
    group.bench_function(
        "hintgate read_document + tools() (two passes, O(1) memory)",
        |b| b.iter(|| hintgate_read_and_decide(black_box(CORPUS))),
    );
    group.bench_function("rmcp+serde_json (anchor)", |b| {
        b.iter(|| rmcp_read_and_decide(black_box(CORPUS)))
    });
    // Where hintgate's time goes: its validating first pass alone, against
    // serde_json merely skipping the same bytes.
    group.bench_function("hintgate validation pass", |b| {
        b.iter(|| read_document(black_box(CORPUS)).is_ok())
    });
    group.bench_function("serde_json IgnoredAny", |b| {
        b.iter(|| serde_json::from_slice::<serde::de::IgnoredAny>(black_box(CORPUS)).is_ok())
    });
    group.finish();
}

criterion_group!(benches, bench_corpus);
criterion_main!(benches);
