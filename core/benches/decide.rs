//! (a) `decide` on facts already read: nanoseconds per call.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hintgate::{Context, Policy, Tool, decide, read_document};

const CORPUS: &[u8] = include_bytes!("../../tests/corpus/github-mcp-server.tools-list.json");

fn bench_decide(c: &mut Criterion) {
    let document = read_document(CORPUS).expect("valid corpus");
    let tools: Vec<Tool<'_>> = document.tools().collect();
    let scopes = ["repo"];
    let checked = Context::TRUSTED.with_offline(false).with_scopes(&scopes);

    let mut group = c.benchmark_group("decide");
    group.throughput(Throughput::Elements(1));
    group.bench_function("one tool, trusted", |b| {
        b.iter(|| {
            decide(
                black_box(&tools[3]),
                black_box(Policy::DEFAULT),
                black_box(&Context::TRUSTED),
            )
        })
    });
    group.throughput(Throughput::Elements(tools.len() as u64));
    group.bench_function("117 corpus tools, trusted, scopes checked", |b| {
        b.iter(|| {
            tools
                .iter()
                .map(|t| decide(t, black_box(Policy::DEFAULT), black_box(&checked)).action as u32)
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_decide);
criterion_main!(benches);
