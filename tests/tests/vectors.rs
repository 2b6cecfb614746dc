//! Every case of `tests/vectors` against the core, plus a check that the
//! vectors exercise every word of the vocabulary.

use hintgate::{
    DocumentErrorKind, Finding, InvalidKind, PolicyErrorKind, Preset, Reason, Retry, Risk,
};
use hintgate_conformance::{run_all, summary};

#[test]
fn every_vector_passes() {
    let report = run_all();
    println!("{}", summary(&report));
    for failure in &report.failures {
        println!("FAIL {failure}");
    }
    assert!(report.files >= 5 && report.cases > 0, "no vectors found");
    assert!(
        report.failures.is_empty(),
        "{} vector failures",
        report.failures.len()
    );
}

#[test]
fn vectors_cover_the_whole_vocabulary() {
    let report = run_all();
    let mut missing = Vec::new();
    let mut need = |kind: &str, word: &str| {
        if !report.seen.contains(&format!("{kind}:{word}")) {
            missing.push(format!("{kind}:{word}"));
        }
    };
    Reason::ALL.iter().for_each(|w| need("reason", w.as_str()));
    Retry::ALL.iter().for_each(|w| need("retry", w.as_str()));
    Risk::ALL.iter().for_each(|w| need("risk", w.as_str()));
    Finding::ALL
        .iter()
        .for_each(|w| need("finding", w.as_str()));
    InvalidKind::ALL
        .iter()
        .for_each(|w| need("invalid_tool", w.as_str()));
    PolicyErrorKind::ALL
        .iter()
        .for_each(|w| need("policy_error", w.as_str()));
    for kind in DocumentErrorKind::ALL {
        // Neither can come from `read_document` on a test-sized input.
        if !matches!(
            kind,
            DocumentErrorKind::NotATool | DocumentErrorKind::TooLarge
        ) {
            need("document_error", kind.as_str());
        }
    }
    for preset in Preset::ALL {
        for risk in Risk::ALL {
            need("preset_risk", &format!("{preset}/{risk}"));
        }
    }
    assert!(missing.is_empty(), "no vector covers: {missing:?}");
}
