//! The live page (web/, `scripts/build-web`) in a real browser: Debian's
//! chromium, headless, driven by `tests/browser/web.mjs` (playwright-core),
//! the site served by a static file server on 127.0.0.1. This test writes
//! what the command line says about the same inputs into a plan; the script
//! checks the page against it:
//! - the selects of named choices hold the core's choices
//!   (`compile::choices`), their defaults selected;
//! - text typed into the editor gives the model `cagec compile` prints, for
//!   six puzzles (every input format) under the option sets of
//!   `support/option_sets.rs` and every output format (with no formulation
//!   named, each format's own), and the page refuses what `compile` refuses;
//! - the example list, the file name, the downloads, the "same as" command
//!   and the cage selection follow the text when another puzzle is pasted
//!   over an example, loaded from a Keen ID, or chosen (issue 41);
//! - an error shows at the CLI's line and column with its message, and
//!   clears when the text is fixed;
//! - the native solver finishes every example (the Keen and J-wiki
//!   fixtures) with `cagec solve`'s grid and its word on uniqueness, and
//!   HiGHS on the model file shown gives the same grid;
//! - the LP relaxation shows fractional x where the root LP is fractional
//!   (kk2 in the paper's rows) and none where it is integral (kk2 in tuples);
//! - every download button gives the bytes of `cagec compile -o`;
//! - the footer shows `cagec VERSION`, this crate's version.
//!
//! The site is `target/web` (or `$CAGEC_WEB_SITE`), built by `scripts/test`
//! before the Rust tests; without it this test fails when `CI` is set and is
//! skipped loudly otherwise, as without the browser.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use cagec::back::OutputFormat;
use cagec::words::Named;

use crate::support::browser::{browser_dir, chromium, require_browser};
use crate::support::option_sets;

fn site() -> Option<PathBuf> {
    let site = std::env::var_os("CAGEC_WEB_SITE").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web"),
        PathBuf::from,
    );
    if site.join("index.html").is_file() {
        return Some(site);
    }
    let message = format!(
        "the live page's site is not built at {}: run scripts/build-web (scripts/test does)",
        site.display()
    );
    assert!(
        std::env::var_os("CI").is_none(),
        "{message}. CI is set: the browser test must run"
    );
    eprintln!("!!!!!! SKIPPED: {message}; the browser test did not run !!!!!!");
    None
}

/// Runs cagec in `dir`, where the puzzle files sit under the names the page
/// gives them, so messages and model names agree.
fn cagec(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run cagec")
}

fn stdout_of(dir: &Path, args: &[&str]) -> String {
    let out = cagec(dir, args);
    assert!(
        out.status.success(),
        "cagec {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("models are text")
}

/// The examples as the site lists them, each written into `dir`.
fn examples(site: &Path, dir: &Path) -> Vec<(String, String)> {
    let index = std::fs::read_to_string(site.join("examples/index.json")).unwrap();
    let list: Vec<Value> = serde_json::from_str(&index).unwrap();
    list.iter()
        .map(|ex| {
            let (file, text) = (ex["file"].as_str().unwrap(), ex["text"].as_str().unwrap());
            std::fs::write(dir.join(file), text).unwrap();
            (file.to_string(), text.to_string())
        })
        .collect()
}

/// Every output format, by the core's names.
fn formats() -> impl Iterator<Item = OutputFormat> {
    OutputFormat::ALL.iter().copied()
}

/// The model `compile` prints for each option set and output format, or
/// that it refuses them (exit 2: MiniZinc and other products, the cover
/// model for another family).
fn models(dir: &Path, file: &str) -> Value {
    let rules = cagec::io::input::load(&dir.join(file), None)
        .unwrap()
        .puzzle
        .rules;
    let mut cases = Vec::new();
    for set in option_sets::for_rules(rules) {
        for to in formats().map(OutputFormat::name) {
            let args = [&["compile", file][..], set, &["--to", to]].concat();
            let out = cagec(dir, &args);
            let case = match out.status.code() {
                Some(0) => json!({ "options": set, "to": to,
                                   "expected": String::from_utf8(out.stdout).unwrap() }),
                Some(2) => json!({ "options": set, "to": to, "refused": true }),
                _ => panic!("cagec {args:?}: {}", String::from_utf8_lossy(&out.stderr)),
            };
            cases.push(case);
        }
    }
    Value::Array(cases)
}

/// The files `compile -o NAME.EXT` writes, by name.
fn files(dir: &Path, file: &str, options: &[&str], to: &str) -> Value {
    let out = tempfile::tempdir().unwrap();
    let stem = cagec::io::input::stem_of(Path::new(file));
    let format: OutputFormat = serde_json::from_value(json!(to)).unwrap();
    let ext = format.extension();
    let path = out.path().join(format!("{stem}.{ext}"));
    let args = [
        &["compile", file][..],
        options,
        &["--to", to, "-o", path.to_str().unwrap()],
    ]
    .concat();
    stdout_of(dir, &args);
    let mut written = serde_json::Map::new();
    for entry in std::fs::read_dir(out.path()).unwrap() {
        let entry = entry.unwrap();
        let text = std::fs::read_to_string(entry.path()).unwrap();
        written.insert(
            entry.file_name().to_string_lossy().into_owned(),
            text.into(),
        );
    }
    json!({ "file": file, "options": options, "to": to, "files": written })
}

/// `cagec solve --solver native --unique`'s grid for each example, and
/// whether it proved it the only one.
fn grids(dir: &Path, examples: &[(String, String)]) -> (Value, Value) {
    let (mut grids, mut unique) = (serde_json::Map::new(), serde_json::Map::new());
    for (file, _) in examples {
        let args = ["solve", "--solver", "native", "--unique", "--json", file];
        let line = stdout_of(dir, &args);
        let report: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(report["status"], "found", "{file}: {line}");
        grids.insert(file.clone(), report["grid"].clone());
        unique.insert(file.clone(), (report["uniqueness"] == "unique").into());
    }
    (Value::Object(grids), Value::Object(unique))
}

/// kk2 with a cell number that is not one: the CLI's message and place.
fn error_case(examples: &[(String, String)]) -> Value {
    let good = &examples.iter().find(|(f, _)| f == "kk2.cage").unwrap().1;
    let bad = good.replacen("3-,3 4", "3-,3 x4", 1);
    assert_ne!(&bad, good);
    let bad_dir = tempfile::tempdir().unwrap();
    std::fs::write(bad_dir.path().join("kk2.cage"), &bad).unwrap();
    let out = cagec(bad_dir.path(), &["compile", "kk2.cage", "--to", "lp"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let first = stderr.lines().next().unwrap();
    let place: Vec<u32> = first
        .split(':')
        .skip(1)
        .take(2)
        .map(|n| n.parse().unwrap())
        .collect();
    json!({ "file": "kk2.cage", "good": good, "bad": bad, "stderr": stderr,
            "line": place[0], "col": place[1] })
}

/// Issue 41: a 25×25 pasted over the example kk2 (a model too large for the
/// explanation page), and the first cage of each, so the page's cage form
/// can be checked to follow.
fn follow() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pasted = root.join("fixtures/scale/peer/peer25-s1002.cage");
    let first = |path: &Path| cagec::io::input::load(path, None).unwrap().puzzle.cages[0].target;
    json!({
        "example": "kk2.cage",
        "other": "kk0.cage",
        "pasted": std::fs::read_to_string(&pasted).unwrap(),
        "pasted_first_target": first(&pasted),
    })
}

#[test]
fn the_live_page_in_chromium_agrees_with_the_command_line() {
    if !require_browser() {
        return;
    }
    let Some(site) = site() else { return };
    let dir = tempfile::tempdir().unwrap();
    let examples = examples(&site, dir.path());
    let typed = [
        "kk0.cage",
        "kk2.cage",
        "killer9.cage",
        "map5.cmap",
        "melkonian5.dat",
        "9dx-1.keen",
    ];
    let models: Vec<Value> = typed
        .iter()
        .map(|f| json!({ "file": f, "cases": models(dir.path(), f) }))
        .collect();
    let mut downloads = Vec::new();
    for to in formats() {
        downloads.push(files(dir.path(), "kk2.cage", &[], to.name()));
        // MiniZinc refuses other products; the families take no bundle here.
        if !to.is_family() {
            downloads.push(files(
                dir.path(),
                "big10.cage",
                &["--presolve", "--product", "auto"],
                to.name(),
            ));
        }
    }
    let (grids, unique) = grids(dir.path(), &examples);
    let plan = json!({
        "version": env!("CARGO_PKG_VERSION"),
        "models": models,
        "error": error_case(&examples),
        "grids": grids,
        "unique": unique,
        "highs": [
            { "file": "kk2.cage", "options": [], "to": "lp" },
            { "file": "9dx-1.keen", "options": ["--product", "sets"], "to": "mps" },
            { "file": "big10.cage", "options": [], "to": "fixed-mps" },
            { "file": "killer9.cage", "options": ["--formulation", "tuples"], "to": "ampl" },
            { "file": "kk2.cage", "options": [], "to": "cnf" },
        ],
        "relaxations": [
            { "file": "kk2.cage", "options": [], "fractional": true },
            { "file": "9dx-1.keen", "options": [], "fractional": true },
            { "file": "kk2.cage", "options": ["--formulation", "tuples"], "fractional": false },
        ],
        "downloads": downloads,
        "choices": cagec::compile::choices(),
        "follow": follow(),
    });
    let plan_path = dir.path().join("plan.json");
    std::fs::write(&plan_path, plan.to_string()).unwrap();
    let out = Command::new("node")
        .arg(browser_dir().join("web.mjs"))
        .arg(&site)
        .arg(&plan_path)
        .env("CHROMIUM", chromium())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprint!("{stdout}");
    assert!(
        out.status.success(),
        "web.mjs failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("checks passed"), "{stdout}");
}
