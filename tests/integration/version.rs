//! One version for every face (docs/releasing.md): `cagec --version` says
//! the crate's version, and `scripts/check-version` finds the crates, the
//! Python package and CHANGELOG.md in agreement, refuses a tag that is not
//! `v` and that version, and `scripts/changelog-section` finds its notes.

use std::path::Path;
use std::process::{Command, Output};

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn script(name: &str, args: &[&str]) -> Output {
    Command::new(root().join("scripts").join(name))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("run scripts/{name}: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn cagec_version_says_the_crates_version() {
    let out = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .arg("--version")
        .output()
        .expect("run cagec");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("cagec {VERSION}\n"));
}

#[test]
fn check_version_passes() {
    let out = script("check-version", &[]);
    assert!(
        out.status.success(),
        "scripts/check-version failed:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains(VERSION), "{}", text(&out.stdout));
}

#[test]
fn check_version_refuses_another_tag() {
    let wrong = format!("v{VERSION}.1");
    let out = script("check-version", &["--tag", &wrong]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(&format!("the tag {wrong} is not v{VERSION}")),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_changelog_has_notes_for_this_version_or_unreleased() {
    let mine = script("changelog-section", &[&format!("v{VERSION}")]);
    let unreleased = script("changelog-section", &["Unreleased"]);
    assert!(
        mine.status.success() || unreleased.status.success(),
        "CHANGELOG.md has no notes for {VERSION} nor for Unreleased:\n{}{}",
        text(&mine.stderr),
        text(&unreleased.stderr)
    );
    let missing = script("changelog-section", &["0.0.0-no-such-release"]);
    assert_eq!(missing.status.code(), Some(1));
}
