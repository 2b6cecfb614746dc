//! Writes the conformance vectors in the flat line format of
//! `hintgate_conformance::flat` to the file named by the first argument (or
//! stdout), for the C suite.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let flat = match hintgate_conformance::flat::flatten_all() {
        Ok(flat) => flat,
        Err(why) => {
            eprintln!("hintgate-flat-vectors: {why}");
            return ExitCode::FAILURE;
        }
    };
    let written = match std::env::args_os().nth(1) {
        Some(path) => std::fs::write(&path, flat),
        None => std::io::stdout().write_all(flat.as_bytes()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("hintgate-flat-vectors: {why}");
            ExitCode::FAILURE
        }
    }
}
