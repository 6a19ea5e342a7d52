//! Ctrl-C: one handler for the whole process sets a flag that every long
//! operation polls (file writes, solver runs, batches), so an interrupted
//! command cleans up (temporary files and directories) and exits with 130.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once; later calls, e.g. in-process tests, are no-ops).
pub fn install() {
    let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
}

/// The flag the handler sets.
pub fn flag() -> &'static AtomicBool {
    &REQUESTED
}

/// Whether Ctrl-C was pressed.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
