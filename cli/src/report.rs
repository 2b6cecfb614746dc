//! One row per tool, printed as a table grouped by risk or as JSON.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use hintgate::{
    Action, Context, DocumentForm, Finding, InvalidKind, Policy, Reason, Retry, Risk, Tool,
};
use serde::Serialize;

/// Everything `check` says about one tool. The JSON keys are the issue's.
#[derive(Serialize)]
pub struct Row {
    name: Option<String>,
    /// The display name (SPEC §5: title, annotations.title, name).
    title: Option<String>,
    risk: Risk,
    action: Action,
    reason: Reason,
    retry: Retry,
    audit: bool,
    secret: bool,
    progress: bool,
    bits: u16,
    findings: Vec<Finding>,
    error: Option<RowError>,
    #[serde(skip)]
    index: usize,
}

#[derive(Serialize)]
struct RowError {
    kind: InvalidKind,
    offset: usize,
}

impl Row {
    pub fn new(index: usize, tool: &Tool<'_>, policy: Policy, ctx: &Context<'_>) -> Row {
        let decision = hintgate::decide(tool, policy, ctx);
        Row {
            name: tool.name().map(|n| n.to_string()),
            title: tool.display_name().map(|n| n.to_string()),
            risk: decision.risk,
            action: decision.action,
            reason: decision.reason,
            retry: decision.retry(),
            audit: decision.audit(),
            secret: decision.secret(),
            progress: decision.progress(),
            bits: tool.hints().bits(),
            findings: hintgate::lint(tool).iter().collect(),
            error: tool.invalid().map(|invalid| RowError {
                kind: invalid.kind,
                offset: invalid.offset,
            }),
            index,
        }
    }

    fn label(&self) -> String {
        self.title
            .clone()
            .unwrap_or_else(|| format!("(tool #{})", self.index + 1))
    }
}

/// Counts for the summary line and the exit status.
#[derive(Default)]
pub struct Totals {
    pub tools: usize,
    pub by_action: [usize; 3],
    pub with_findings: usize,
    pub invalid: usize,
}

impl Totals {
    pub fn of(rows: &[Row]) -> Totals {
        let mut totals = Totals {
            tools: rows.len(),
            ..Totals::default()
        };
        for row in rows {
            totals.by_action[row.action as usize] += 1;
            totals.with_findings += usize::from(!row.findings.is_empty());
            totals.invalid += usize::from(row.error.is_some());
        }
        totals
    }
}

pub fn write_json(out: &mut impl Write, rows: &[Row]) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, rows)?;
    writeln!(out)
}

/// What the table's first line says about the run.
pub struct Heading<'a> {
    pub source: &'a str,
    pub form: DocumentForm,
    pub policy: &'a str,
    pub ctx: &'a Context<'a>,
}

const NAME_WIDTH: usize = 44;

pub fn write_table(
    out: &mut impl Write,
    heading: &Heading<'_>,
    rows: &[Row],
    totals: &Totals,
) -> io::Result<()> {
    let bold = Style::new().bold();
    let dim = Style::new().dimmed();
    let ctx = heading.ctx;
    write!(
        out,
        "{bold}{}{bold:#}: {} tools ({}) · policy {} · {}",
        heading.source,
        rows.len(),
        heading.form,
        heading.policy,
        if ctx.trusted { "trusted" } else { "untrusted" },
    )?;
    if ctx.offline {
        write!(out, " · offline")?;
    }
    if ctx.scopes.is_some() {
        write!(out, " · scopes checked")?;
    }
    writeln!(out)?;
    if !ctx.trusted {
        writeln!(
            out,
            "{dim}annotations of an untrusted server are ignored; pass --trusted for a server you trust{dim:#}"
        )?;
    }
    for &risk in Risk::ALL.iter().rev() {
        let group: Vec<&Row> = rows.iter().filter(|r| r.risk == risk).collect();
        if group.is_empty() {
            continue;
        }
        let style = risk_style(risk);
        writeln!(
            out,
            "\n{style}{risk}{style:#} {dim}· {}{dim:#}",
            group.len()
        )?;
        writeln!(
            out,
            "  {dim}{:<NAME_WIDTH$}  {:<7}  {:<18}  {:<8}  FINDINGS{dim:#}",
            "TOOL", "ACTION", "REASON", "RETRY"
        )?;
        for row in group {
            let action = action_style(row.action);
            writeln!(
                out,
                "  {:<NAME_WIDTH$}  {action}{:<7}{action:#}  {:<18}  {:<8}  {}",
                clip(&row.label(), NAME_WIDTH),
                row.action.as_str(),
                row.reason.as_str(),
                row.retry.as_str(),
                findings_cell(row),
            )?;
        }
    }
    let [allow, confirm, deny] = totals.by_action;
    writeln!(
        out,
        "\n{bold}{} tools{bold:#}: {allow} allow, {confirm} confirm, {deny} deny · {} with findings · {} invalid",
        totals.tools, totals.with_findings, totals.invalid
    )
}

fn findings_cell(row: &Row) -> String {
    if let Some(error) = &row.error {
        return format!("invalid: {} at byte {}", error.kind, error.offset);
    }
    if row.findings.is_empty() {
        return "-".to_owned();
    }
    let words: Vec<&str> = row.findings.iter().map(|f| f.as_str()).collect();
    words.join(", ")
}

/// `text` cut to `width` characters, with an ellipsis when cut.
fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_owned();
    }
    let mut clipped: String = text.chars().take(width - 1).collect();
    clipped.push('…');
    clipped
}

fn risk_style(risk: Risk) -> Style {
    let color = match risk {
        Risk::Read => AnsiColor::Green,
        Risk::Compute => AnsiColor::Cyan,
        Risk::External => AnsiColor::Blue,
        Risk::Share => AnsiColor::Magenta,
        Risk::Spend => AnsiColor::Yellow,
        Risk::Destructive => AnsiColor::Red,
    };
    Style::new().bold().fg_color(Some(color.into()))
}

fn action_style(action: Action) -> Style {
    let color = match action {
        Action::Allow => AnsiColor::Green,
        Action::Confirm => AnsiColor::Yellow,
        Action::Deny => AnsiColor::Red,
    };
    Style::new().fg_color(Some(color.into()))
}
