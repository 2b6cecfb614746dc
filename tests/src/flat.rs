//! The vectors in a flat line format, for runners without a JSON parser (the C
//! suite). It transcribes; it does not check: the Rust runner is strict about
//! the files, so every field written here is known to be there and well typed.
//!
//! One record per line, tokens separated by one space. Texts are `x` + hex of
//! their UTF-8 (`x` alone is empty), `-` is null, lists are `:` + comma-joined
//! items (`:` alone is empty), booleans `0`/`1`.
//!
//! ```text
//! vectors FILES CASES
//! case KIND ID
//!   decisions: doc xHEX
//!              error KIND OFFSET (xMESSAGE|-)
//!            | tools COUNT
//!              tool (xNAME|-) (xDISPLAY|-) BITS :FINDINGS (KIND|-)
//!              decision POLICY TRUSTED OFFLINE (-|:xSCOPE,...) RISK ACTION REASON RETRY AUDIT SECRET PROGRESS :EFFECTIVE
//!   hints:     hints BITS VALID [:HINT=0|1,... :EFFECTIVE]
//!   tiers:     tier xWORD KNOWN [RISK STAMP_BITS :xMEMBER,... :xMEMBER,...]
//!   policies:  policy POLICY ok BITS CONFIRM_COSTLY :RISK=ACTION,...
//!            | policy POLICY error KIND
//!   parallel:  parallel xDOC TRUSTED PARALLEL
//! end
//! ```
//! POLICY is `p:NAME` (a preset name), `j:xJSON` (an object, serialised) or
//! `t:xTEXT` (exact text). A tier's annotations and meta are given as their
//! members, each the compact JSON text `"key":value`.

use std::fmt::Write as _;

use serde_json::{Map, Value};

/// The flat form of every vector file, or what stopped the transcription.
pub fn flatten_all() -> Result<String, String> {
    let mut paths: Vec<_> = std::fs::read_dir(crate::vectors_dir())
        .map_err(|e| e.to_string())?
        .map(|entry| entry.map(|e| e.path()).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    paths.retain(|p| p.extension().is_some_and(|e| e == "json"));
    paths.sort();
    let (mut body, mut cases) = (String::new(), 0);
    for path in &paths {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let file: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let kind = file["kind"].as_str().ok_or("file without kind")?;
        for case in file["cases"].as_array().ok_or("file without cases")? {
            let case = case.as_object().ok_or("case is not an object")?;
            let id = case["id"].as_str().ok_or("case without id")?;
            writeln!(body, "case {kind} {id}").unwrap();
            match kind {
                "decisions" => decisions(&mut body, case)?,
                "hints" => hints(&mut body, case)?,
                "tiers" => tiers(&mut body, case)?,
                "policies" => policies(&mut body, case)?,
                "parallel" => parallel(&mut body, case)?,
                other => return Err(format!("unknown kind {other}")),
            }
            body.push_str("end\n");
            cases += 1;
        }
    }
    Ok(format!("vectors {} {cases}\n{body}", paths.len()))
}

fn hex(bytes: &[u8]) -> String {
    let mut out = String::from("x");
    for b in bytes {
        write!(out, "{b:02x}").unwrap();
    }
    out
}

fn text(value: &Value) -> Result<String, String> {
    match value {
        Value::Null => Ok("-".into()),
        Value::String(s) => Ok(hex(s.as_bytes())),
        other => Err(format!("expected a string or null, found {other}")),
    }
}

fn flag(value: Option<&Value>) -> Result<&'static str, String> {
    match value {
        Some(Value::Bool(true)) => Ok("1"),
        Some(Value::Bool(false)) | None => Ok("0"),
        Some(other) => Err(format!("expected a boolean, found {other}")),
    }
}

fn words(value: &Value) -> Result<String, String> {
    let items = value.as_array().ok_or("expected a list")?;
    let words: Option<Vec<&str>> = items.iter().map(Value::as_str).collect();
    Ok(format!(":{}", words.ok_or("expected words")?.join(",")))
}

fn word(value: &Value) -> Result<&str, String> {
    value
        .as_str()
        .ok_or_else(|| format!("expected a word, found {value}"))
}

fn document(case: &Map<String, Value>) -> Result<Vec<u8>, String> {
    match (case.get("input"), case.get("input_hex")) {
        (Some(Value::String(text)), None) => Ok(text.as_bytes().to_vec()),
        (Some(value), None) => Ok(serde_json::to_vec(value).map_err(|e| e.to_string())?),
        (None, Some(Value::String(digits))) => {
            let digits: Vec<u8> = digits
                .bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .collect();
            digits
                .chunks(2)
                .map(|pair| {
                    std::str::from_utf8(pair)
                        .ok()
                        .and_then(|p| u8::from_str_radix(p, 16).ok())
                })
                .collect::<Option<Vec<u8>>>()
                .ok_or_else(|| "bad input_hex".into())
        }
        _ => Err("needs `input` or `input_hex`".into()),
    }
}

fn policy(value: &Value) -> Result<String, String> {
    match value {
        Value::String(name) => Ok(format!("p:{name}")),
        object @ Value::Object(_) => Ok(format!("j:{}", hex(&serde_json::to_vec(object).unwrap()))),
        other => Err(format!("bad policy {other}")),
    }
}

fn decisions(out: &mut String, case: &Map<String, Value>) -> Result<(), String> {
    writeln!(out, "doc {}", hex(&document(case)?)).unwrap();
    if let Some(error) = case.get("error") {
        let message = error.get("message").unwrap_or(&Value::Null);
        writeln!(
            out,
            "error {} {} {}",
            word(&error["kind"])?,
            error["offset"].as_u64().ok_or("error without offset")?,
            text(message)?
        )
        .unwrap();
        return Ok(());
    }
    let tools = case["tools"].as_array().ok_or("case without tools")?;
    writeln!(out, "tools {}", tools.len()).unwrap();
    for tool in tools {
        writeln!(
            out,
            "tool {} {} {} {} {}",
            text(&tool["name"])?,
            text(&tool["display_name"])?,
            tool["bits"].as_u64().ok_or("tool without bits")?,
            words(&tool["findings"])?,
            match &tool["error"] {
                Value::Null => "-",
                kind => word(kind)?,
            }
        )
        .unwrap();
        for d in tool["decisions"]
            .as_array()
            .ok_or("tool without decisions")?
        {
            let scopes = match d.get("scopes") {
                None | Some(Value::Null) => "-".to_owned(),
                Some(Value::Array(items)) => {
                    let items: Result<Vec<String>, String> = items.iter().map(text).collect();
                    format!(":{}", items?.join(","))
                }
                Some(other) => return Err(format!("bad scopes {other}")),
            };
            writeln!(
                out,
                "decision {} {} {} {scopes} {} {} {} {} {} {} {} {}",
                policy(&d["policy"])?,
                flag(d.get("trusted"))?,
                flag(d.get("offline"))?,
                word(&d["risk"])?,
                word(&d["action"])?,
                word(&d["reason"])?,
                word(&d["retry"])?,
                flag(d.get("audit"))?,
                flag(d.get("secret"))?,
                flag(d.get("progress"))?,
                words(&d["effective"])?,
            )
            .unwrap();
        }
    }
    Ok(())
}

fn pairs(object: &Value) -> Result<String, String> {
    let object = object.as_object().ok_or("expected an object")?;
    let items: Result<Vec<String>, String> = object
        .iter()
        .map(|(key, value)| match value {
            Value::Bool(b) => Ok(format!("{key}={}", u8::from(*b))),
            Value::String(s) => Ok(format!("{key}={s}")),
            other => Err(format!("bad pair value {other}")),
        })
        .collect();
    Ok(format!(":{}", items?.join(",")))
}

fn members(object: &Value) -> Result<String, String> {
    let object = object.as_object().ok_or("expected an object")?;
    let items: Vec<String> = object
        .iter()
        .map(|(key, value)| {
            let member = format!("{}:{}", Value::from(key.as_str()), value);
            hex(member.as_bytes())
        })
        .collect();
    Ok(format!(":{}", items.join(",")))
}

fn hints(out: &mut String, case: &Map<String, Value>) -> Result<(), String> {
    let bits = case["bits"].as_u64().ok_or("hints without bits")?;
    write!(out, "hints {bits} {}", flag(case.get("valid"))?).unwrap();
    if let (Some(declared), Some(effective)) = (case.get("declared"), case.get("effective")) {
        write!(out, " {} {}", pairs(declared)?, words(effective)?).unwrap();
    }
    out.push('\n');
    Ok(())
}

fn tiers(out: &mut String, case: &Map<String, Value>) -> Result<(), String> {
    let tier = text(&case["tier"])?;
    write!(out, "tier {tier} {}", flag(case.get("known"))?).unwrap();
    if case.get("known") == Some(&Value::Bool(true)) {
        write!(
            out,
            " {} {} {} {}",
            word(&case["risk"])?,
            case["stamp_bits"]
                .as_u64()
                .ok_or("tier without stamp_bits")?,
            members(&case["annotations"])?,
            members(&case["meta"])?
        )
        .unwrap();
    }
    out.push('\n');
    Ok(())
}

fn policies(out: &mut String, case: &Map<String, Value>) -> Result<(), String> {
    let policy = match (case.get("policy"), case.get("policy_text")) {
        (Some(p), None) => policy(p)?,
        (None, Some(Value::String(text))) => format!("t:{}", hex(text.as_bytes())),
        _ => return Err("needs `policy` or `policy_text`".into()),
    };
    if let Some(error) = case.get("error") {
        writeln!(out, "policy {policy} error {}", word(error)?).unwrap();
    } else {
        writeln!(
            out,
            "policy {policy} ok {} {} {}",
            case["bits"].as_u64().ok_or("policy without bits")?,
            flag(case.get("confirm_costly"))?,
            pairs(&case["actions"])?
        )
        .unwrap();
    }
    Ok(())
}

fn parallel(out: &mut String, case: &Map<String, Value>) -> Result<(), String> {
    writeln!(
        out,
        "parallel {} {} {}",
        hex(&document(case)?),
        flag(case.get("trusted"))?,
        flag(case.get("parallel"))?
    )
    .unwrap();
    Ok(())
}
