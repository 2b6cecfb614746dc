//! The README states facts that live in the code too; this keeps them equal.

use hintgate::{Preset, Risk};

const README: &str = include_str!("../../README.md");

#[test]
fn the_readme_preset_table_is_the_presets() {
    let mut rows = 0;
    for line in README.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let Some(preset) = Preset::parse(cells[0].trim_matches('`')) else {
            continue;
        };
        let policy = preset.policy();
        for (risk, cell) in Risk::ALL.iter().zip(&cells[1..7]) {
            assert_eq!(policy.action(*risk).as_str(), *cell, "{preset} {risk}");
        }
        let costly = if policy.confirm_costly() { "yes" } else { "no" };
        assert_eq!(cells[7], costly, "{preset} confirm_costly");
        rows += 1;
    }
    assert_eq!(rows, Preset::ALL.len(), "one README row per preset");
}

#[test]
fn the_readme_gives_the_commands_ci_runs() {
    let ci = include_str!("../../.ci/run");
    assert!(
        README.contains("\nscripts/test\n"),
        "README names scripts/test"
    );
    assert!(
        ci.lines().any(|l| l.trim() == "exec scripts/test"),
        ".ci/run runs scripts/test"
    );
}
