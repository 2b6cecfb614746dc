//! Reading a real `tools/list` and deciding every tool allocates nothing.
//! A counting global allocator sees every heap allocation of this test binary.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use hintgate::{Context, Policy, Preset, decide, lint, read_document};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const CORPUS: &[u8] = include_bytes!("../../tests/corpus/github-mcp-server.tools-list.json");

#[test]
fn reading_and_deciding_the_corpus_allocates_nothing() {
    let scopes = ["repo"];
    let contexts = [
        Context::UNTRUSTED,
        Context::TRUSTED,
        Context::TRUSTED.with_offline(true).with_scopes(&scopes),
    ];
    let mut explanation = [0u8; 256];
    let mut name = [0u8; 256];
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut tools = 0;
    let mut confirmations = 0;
    let document = read_document(CORPUS).expect("the corpus is a valid document");
    for tool in document.tools() {
        tools += 1;
        let _ = lint(&tool);
        let _ = tool
            .display_name()
            .map(|n| n.decode_into(&mut name).map(str::len));
        for preset in Preset::ALL {
            for ctx in &contexts {
                let d = decide(&tool, preset.policy(), ctx);
                confirmations += usize::from(d.needs_confirmation());
                d.write_explanation(&mut explanation).expect("fits");
            }
        }
    }
    let mut slots = [None; 128];
    let count = hintgate::read_tools_into(CORPUS, &mut slots).expect("valid");
    for tool in slots[..count].iter().flatten() {
        confirmations += usize::from(hintgate::needs_confirmation(
            tool,
            Policy::DEFAULT,
            &Context::TRUSTED,
        ));
    }
    let policy = Policy::from_json(br#"{"read":"allow","compute":"allow","external":"deny","share":"confirm","spend":"confirm","destructive":"deny","confirm_costly":true}"#);
    let allocations = ALLOCATIONS.load(Ordering::SeqCst) - before;
    println!(
        "{tools} tools × {} decisions: {allocations} heap allocations",
        Preset::ALL.len() * contexts.len()
    );
    assert_eq!((tools, count), (117, 117));
    assert!(confirmations > 0);
    assert!(policy.is_ok());
    assert_eq!(allocations, 0, "the core allocated");
}
