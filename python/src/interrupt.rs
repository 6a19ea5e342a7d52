//! Long work (solving, generating) off the interpreter, with Ctrl-C.
//!
//! Python runs its SIGINT handler only when control is back in the
//! interpreter, so the work runs on a worker thread with the GIL released
//! while the calling thread wakes every 50 ms to let Python check for
//! signals. A KeyboardInterrupt raises the stop flag the native solver and
//! the solver drivers already watch, waits for the worker to stop (a few
//! milliseconds) and is raised to the caller.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// Set when the worker ends, however it ends.
struct Done<'a>(&'a (Mutex<bool>, Condvar));

impl Drop for Done<'_> {
    fn drop(&mut self) {
        let (lock, ready) = self.0;
        *lock.lock().unwrap_or_else(|p| p.into_inner()) = true;
        ready.notify_all();
    }
}

/// Runs `work` with the GIL released and Ctrl-C honoured within 50 ms.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    watched(py, work, |_| Ok(()))
}

/// [`interruptible`], calling `tick` on the calling thread (with the GIL)
/// every 50 ms while `work` runs; an error from `tick` stops the work as
/// Ctrl-C does and is returned.
pub fn watched<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T> {
    // The call's own flag: the worker holds a share, this thread raises it.
    let stop = Arc::new(AtomicBool::new(false));
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let worker_stop = Arc::clone(&stop);
        let handle = scope.spawn(|| {
            let _done = Done(&done);
            work(worker_stop)
        });
        loop {
            let finished = py.detach(|| {
                let (lock, ready) = &done;
                let guard = lock.lock().unwrap_or_else(|p| p.into_inner());
                let (guard, _) = ready
                    .wait_timeout_while(guard, Duration::from_millis(50), |d| !*d)
                    .unwrap_or_else(|p| p.into_inner());
                *guard
            });
            if finished {
                return handle
                    .join()
                    .map_err(|_| PyRuntimeError::new_err("cagec: internal error (a panic)"));
            }
            if let Err(e) = py.check_signals().and_then(|()| tick(py)) {
                stop.store(true, Ordering::SeqCst);
                let _ = py.detach(|| handle.join());
                return Err(e);
            }
        }
    })
}
