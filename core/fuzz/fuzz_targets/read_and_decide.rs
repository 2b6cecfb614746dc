//! Any bytes through the reader, the decision, the lint and the explanation:
//! no panic, no `allow` for an invalid tool, the one-pass and two-pass readers
//! agreeing, and exactly serde_json's idea of
//! which texts are JSON (I-JSON strings; serde_json stops one level earlier and rejects
//! numbers beyond f64).

#![no_main]

use hintgate::{
    Action, Context, DocumentErrorKind as Kind, Preset, decide, lint, read_document, read_tools_into,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let ours = read_document(data);
    let syntax_error = matches!(
        &ours,
        Err(e) if matches!(
            e.kind,
            Kind::InvalidUtf8 | Kind::UnexpectedEnd | Kind::UnexpectedByte | Kind::InvalidNumber
                | Kind::InvalidEscape | Kind::ControlCharacter | Kind::TooDeep | Kind::TrailingBytes
        )
    );
    match serde_json::from_slice::<serde_json::Value>(data) {
        Ok(_) => assert!(!syntax_error, "serde_json accepts what we reject: {ours:?}"),
        // serde_json's own limits, not JSON's: 128 levels, and numbers an f64 holds.
        Err(e) if e.to_string().contains("recursion limit") => {}
        Err(e) if e.to_string().contains("number out of range") => {}
        Err(e) => assert!(syntax_error, "we accept what serde_json rejects: {e}"),
    }
    // One pass into slots reads exactly what the validating iterator reads.
    let mut slots = [None; 16];
    let one_pass = read_tools_into(data, &mut slots);
    match &ours {
        Err(e) => assert_eq!(one_pass.as_ref().err(), Some(e)),
        Ok(document) => {
            assert_eq!(one_pass, Ok(document.tools().count()));
            for (slot, tool) in slots.iter().zip(document.tools()) {
                assert_eq!(slot.as_ref(), Some(&tool));
            }
        }
    }
    let Ok(document) = ours else { return };
    let scopes = ["repo"];
    let contexts = [
        Context::UNTRUSTED,
        Context::TRUSTED,
        Context::TRUSTED.with_offline(true).with_scopes(&scopes),
    ];
    let mut buf = [0u8; 256];
    for tool in document.tools() {
        let _ = lint(&tool);
        if let Some(name) = tool.display_name() {
            let _ = name.decode_into(&mut buf);
            assert_eq!(name.chars().map(char::len_utf8).sum::<usize>(), name.decoded_len());
        }
        for preset in Preset::ALL {
            for ctx in &contexts {
                let d = decide(&tool, preset.policy(), ctx);
                assert!(d.write_explanation(&mut buf).is_ok());
                if tool.invalid().is_some() {
                    assert_ne!(d.action, Action::Allow);
                }
            }
        }
    }
});
