//! What the browser tests share (explain_browser.rs, web_browser.rs):
//! Debian's chromium, node and playwright-core, which `scripts/install-browser`
//! installs; without them a test fails when `CI` is set and is skipped loudly
//! otherwise.

use std::path::{Path, PathBuf};

pub fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from)
}

pub fn browser_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// Is `program` a file in a directory of `PATH`?
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

/// Chromium, node and playwright-core are there. When one is not: a failure
/// if `CI` is set, else a loud skip message and `false`.
pub fn require_browser() -> bool {
    let missing = if !chromium().is_file() {
        format!("{} (Debian's chromium)", chromium().display())
    } else if !on_path("node") {
        "`node` (Node.js 20 or later)".to_string()
    } else if !browser_dir().join("node_modules/playwright-core").is_dir() {
        "playwright-core in tests/browser/node_modules".to_string()
    } else {
        return true;
    };
    let message = format!(
        "{missing} is missing: run the tests with scripts/test, which installs it, or run \
         scripts/install-browser"
    );
    assert!(
        std::env::var_os("CI").is_none(),
        "{message}. CI is set: the browser test must run"
    );
    eprintln!("!!!!!! SKIPPED: {message}; the browser test did not run !!!!!!");
    false
}
