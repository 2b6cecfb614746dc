//! `hintgate`: check an MCP server's tools and show every decision.

mod report;

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use hintgate::{Context, Policy, Tier};

use report::{Row, Totals};

#[derive(Parser)]
#[command(
    name = "hintgate",
    version,
    about = "MCP tool-annotation policy, exactly"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read a tool, a tools/list result, a JSON-RPC response or an array of tools,
    /// and show the decision for every tool.
    Check(CheckArgs),
    /// Print the annotations and _meta entry a server stamps on a tool of TIER.
    Stamp {
        /// read, compute, external_spend, share_export or destructive.
        tier: String,
    },
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The document; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// A preset (default, cautious, strict, plan, permissive) or a policy JSON file.
    #[arg(long, default_value = "default", value_name = "NAME|FILE.json")]
    policy: String,
    /// Believe the server's annotations (MCP: only for servers you trust).
    #[arg(long)]
    trusted: bool,
    /// The client is offline or sandboxed: open-world tools are denied.
    #[arg(long)]
    offline: bool,
    /// A granted scope; repeat for more. With any, tools whose x-required-scope
    /// is not granted are denied.
    #[arg(long = "scope", value_name = "S")]
    scopes: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Exit 1 when any tool has a lint finding or an invalid definition.
    #[arg(long)]
    deny_findings: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Table,
    Json,
}

/// Exit status for an unreadable document, policy or file.
const UNREADABLE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Check(args) => check(&args),
        Command::Stamp { tier } => stamp(&tier),
    };
    match outcome {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(io::stderr(), "hintgate: {message}");
            ExitCode::from(UNREADABLE)
        }
    }
}

fn check(args: &CheckArgs) -> Result<ExitCode, String> {
    let policy = read_policy(&args.policy)?;
    let (source, input) = read_input(args.file.as_deref())?;
    let document = hintgate::read_document(&input).map_err(|e| format!("{source}: {e}"))?;
    let scopes: Vec<&str> = args.scopes.iter().map(String::as_str).collect();
    let mut ctx = Context::UNTRUSTED
        .with_trusted(args.trusted)
        .with_offline(args.offline);
    if !scopes.is_empty() {
        ctx = ctx.with_scopes(&scopes);
    }
    let rows: Vec<Row> = document
        .tools()
        .enumerate()
        .map(|(index, tool)| Row::new(index, &tool, policy, &ctx))
        .collect();
    let totals = Totals::of(&rows);
    let mut out = anstream::stdout().lock();
    let written = match args.format {
        Format::Json => report::write_json(&mut out, &rows),
        Format::Table => {
            let heading = report::Heading {
                source: &source,
                form: document.form(),
                policy: &args.policy,
                ctx: &ctx,
            };
            report::write_table(&mut out, &heading, &rows, &totals)
        }
    };
    match written {
        // The reader went away (`hintgate check … | head`): nothing left to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
        Err(e) => return Err(format!("cannot write output: {e}")),
        Ok(()) => {}
    }
    let fail = args.deny_findings && (totals.with_findings > 0 || totals.invalid > 0);
    Ok(if fail {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn read_policy(spec: &str) -> Result<Policy, String> {
    if let Some(preset) = Policy::preset(spec) {
        return Ok(preset);
    }
    let json = std::fs::read(spec).map_err(|e| {
        format!("--policy {spec}: not a preset (default, cautious, strict, plan, permissive) and not a readable file: {e}")
    })?;
    Policy::from_json(&json).map_err(|e| format!("--policy {spec}: {e}"))
}

fn read_input(file: Option<&std::path::Path>) -> Result<(String, Vec<u8>), String> {
    match file {
        None => read_stdin(),
        Some(path) if path.as_os_str() == "-" => read_stdin(),
        Some(path) => {
            let name = path.display().to_string();
            let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, bytes))
        }
    }
}

fn read_stdin() -> Result<(String, Vec<u8>), String> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("standard input: {e}"))?;
    Ok(("<stdin>".to_owned(), bytes))
}

fn stamp(word: &str) -> Result<ExitCode, String> {
    let tier = Tier::parse(word).ok_or_else(|| {
        format!("{word:?} is not a tier (read, compute, external_spend, share_export, destructive)")
    })?;
    let mut buf = [0u8; 256];
    let len = tier
        .write_stamp_json(&mut buf)
        .map_err(|e| format!("stamp: {e}"))?;
    let mut out = io::stdout().lock();
    out.write_all(&buf[..len])
        .and_then(|()| out.write_all(b"\n"))
        .map_err(|e| format!("cannot write output: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
