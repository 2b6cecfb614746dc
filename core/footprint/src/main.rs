//! The smallest programs that use hintgate, to measure its code size.
//!
//! - no feature: the baseline (an entry point that touches nothing).
//! - `decide`: `decide` on facts the program cannot predict.
//! - `read`: `read_tool` on a buffer, then `decide`.

#![no_std]
#![no_main]

use core::hint::black_box;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

#[cfg(feature = "decide")]
fn work() -> u32 {
    use hintgate::{Context, DeclaredTier, Hints, JsonStr, Policy, Tier, Tool, ToolFacts};
    let mut facts = ToolFacts::new(JsonStr::plain(black_box("tool")));
    facts.hints = Hints::from_bits(black_box(0x090F)).unwrap_or(Hints::NONE);
    facts.tier = Tier::from_u8(black_box(2)).map_or(DeclaredTier::Absent, DeclaredTier::Known);
    let policy = Policy::from_bits(black_box(5456)).unwrap_or(Policy::STRICT);
    let ctx = Context::UNTRUSTED
        .with_trusted(black_box(true))
        .with_offline(black_box(false));
    let d = hintgate::decide(&Tool::Valid(facts), policy, &ctx);
    d.action as u32 | (d.risk as u32) << 8 | (d.reason as u32) << 16
}

#[cfg(feature = "read")]
fn work() -> u32 {
    use hintgate::{Context, Policy};
    let input: &[u8] = black_box(br#"{"name":"t","annotations":{"readOnlyHint":true}}"#);
    let policy = Policy::from_bits(black_box(5456)).unwrap_or(Policy::STRICT);
    let ctx = Context::UNTRUSTED.with_trusted(black_box(true));
    match hintgate::read_tool(input) {
        Ok(tool) => {
            let d = hintgate::decide(&tool, policy, &ctx);
            d.action as u32 | (d.risk as u32) << 8 | (d.reason as u32) << 16
        }
        Err(e) => e.offset as u32,
    }
}

#[cfg(not(any(feature = "decide", feature = "read")))]
fn work() -> u32 {
    black_box(0)
}

/// The entry point on bare metal; an export on WASM.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> u32 {
    black_box(work())
}
