//! Ctrl-C, `kill` and a closed terminal: one handler for the whole process
//! sets a flag that every long operation polls (file writes, solver runs,
//! batches), so a stopped command cleans up (temporary files and directories,
//! the solver's process group) and exits with 128 + the signal's number:
//! 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
//!
//! On Unix, signal-hook registers two async-signal-safe actions per signal:
//! store its exit code, then raise the flag. (ctrlc's `termination` feature
//! would catch SIGTERM and SIGHUP too, but not say which one arrived.)
//! Elsewhere ctrlc catches Ctrl-C alone.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use super::exit;

/// Shared, so the native solver can hold it as any other owner would.
static REQUESTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));
/// The exit code of the last signal that arrived (0 until one does).
static CODE: AtomicUsize = AtomicUsize::new(0);

/// Installs the handlers (once; later calls, e.g. in-process tests, are no-ops).
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            for (signal, code) in [
                (SIGINT, exit::INTERRUPTED),
                (SIGTERM, exit::TERMINATED),
                (SIGHUP, exit::HANGUP),
            ] {
                // The code first: whoever sees the flag also sees the code.
                let _ = signal_hook::flag::register_usize(signal, &CODE, code.into());
                let _ = signal_hook::flag::register(signal, Arc::clone(&REQUESTED));
            }
        }
        #[cfg(not(unix))]
        let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
    });
}

/// The flag the handlers set.
pub fn flag() -> &'static AtomicBool {
    &REQUESTED
}

/// The same flag, shared: what a search that holds its stop flag takes.
pub fn shared_flag() -> Arc<AtomicBool> {
    Arc::clone(&REQUESTED)
}

/// Whether a signal asked cagec to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// The exit code of a stopped command: 130, 143 or 129.
pub fn exit_code() -> u8 {
    match CODE.load(Ordering::SeqCst) {
        0 => exit::INTERRUPTED,
        code => u8::try_from(code).unwrap_or(exit::INTERRUPTED),
    }
}
