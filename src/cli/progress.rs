//! Progress on stderr, only when it is a terminal: bars for batch work, a
//! spinner for one long task.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar over `len` items, hidden when stderr is not a terminal or `len` < 2.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    if len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(len);
    let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let template = if colour {
        "{msg} [{bar:30.cyan/blue}] {pos}/{len} {elapsed_precise}"
    } else {
        "{msg} [{bar:30}] {pos}/{len} {elapsed_precise}"
    };
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// A spinner with `what` and the time elapsed, for one task of unknown
/// length; hidden when stderr is not a terminal.
pub fn spinner(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("valid template"),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    bar
}
