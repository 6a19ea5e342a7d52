//! The page of `cagec explain --html` in a real browser: Debian's chromium,
//! headless, driven by `tests/browser/explain.mjs` (playwright-core). It
//! clicks and tabs to cages and checks the rows shown against the LP file
//! `cagec compile --to lp` writes, points at names and checks the cells that
//! light up, and filters the listing by family. `scripts/install-browser`
//! installs chromium and playwright-core; without them this test fails when
//! `CI` is set and is skipped loudly otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::browser::{browser_dir, chromium, require_browser};

/// Writes the page and the LP file of `args` into `dir`; returns their paths.
fn page_and_lp(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, PathBuf) {
    let page = dir.join(format!("{name}.html"));
    let lp = dir.join(format!("{name}.lp"));
    // --solve draws digits on the page; the model is the same without it.
    let model_args: Vec<&str> = args.iter().copied().filter(|a| *a != "--solve").collect();
    for (command, out) in [
        (
            [
                &["explain", "--html"][..],
                args,
                &["-o", page.to_str().unwrap()],
            ]
            .concat(),
            &page,
        ),
        (
            [
                &["compile", "--to", "lp"][..],
                &model_args,
                &["-o", lp.to_str().unwrap()],
            ]
            .concat(),
            &lp,
        ),
    ] {
        let done = Command::new(env!("CARGO_BIN_EXE_cagec"))
            .args(&command)
            .output()
            .expect("run cagec");
        assert!(
            done.status.success(),
            "cagec {command:?}: {}",
            String::from_utf8_lossy(&done.stderr)
        );
        assert!(out.is_file());
    }
    (page, lp)
}

/// Runs the browser script; panics with its output when it fails.
fn run_script(page: &Path, lp: &Path, extra: &[&str]) -> String {
    let out = Command::new("node")
        .arg(browser_dir().join("explain.mjs"))
        .arg(page)
        .arg(lp)
        .args(extra)
        .env("CHROMIUM", chromium())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "explain.mjs failed on {}:\n{stdout}\n{}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("checks passed"), "{stdout}");
    stdout
}

#[test]
fn pages_behave_in_chromium_as_the_lp_file_says() {
    if !require_browser() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let keen = std::fs::read_to_string("fixtures/keen/generated.keen").unwrap();
    let keen9 = dir.path().join("keen9.keen");
    std::fs::write(&keen9, keen.lines().find(|l| l.starts_with("9:")).unwrap()).unwrap();
    let keen9 = keen9.to_str().unwrap();
    for (name, args) in [
        ("kk2", &["fixtures/puzzles/kk2.cage"][..]),
        (
            "kk0-tuples",
            &["fixtures/puzzles/kk0.cage", "--formulation", "tuples"],
        ),
        (
            "keen9",
            &[keen9, "--presolve", "--product", "auto", "--solve"],
        ),
        ("killer9", &["fixtures/puzzles/killer9.cage"]),
    ] {
        let (page, lp) = page_and_lp(dir.path(), name, args);
        eprint!("{}", run_script(&page, &lp, &[]));
    }
}

#[test]
fn the_screenshot_mode_writes_a_png() {
    if !require_browser() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (page, lp) = page_and_lp(dir.path(), "kk2", &["fixtures/puzzles/kk2.cage", "--solve"]);
    let png = dir.path().join("shot.png");
    run_script(
        &page,
        &lp,
        &["--screenshot", png.to_str().unwrap(), "--cage", "6"],
    );
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    assert!(
        bytes.len() > 20_000,
        "a real picture: {} bytes",
        bytes.len()
    );
}
