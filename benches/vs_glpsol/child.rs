//! Wall time and peak RSS of one child process, measured from a small
//! helper process (this bench binary re-run with `FLAG`).
//!
//! Why a helper: at exec, Linux folds the RSS high-water mark of the
//! address space being replaced into the child's `ru_maxrss`. Spawned
//! straight from the bench (posix_spawn shares the parent's address space
//! until exec), every child would report at least the bench's own peak,
//! which grows when it parses 100 MB LP files. The helper is a fresh,
//! small process, and it forks (not vforks) the measured command, so that
//! command starts from a copy of the helper's few anonymous pages.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// First argument that turns the bench binary into the helper.
pub const FLAG: &str = "--vs-glpsol-child";

/// One run: wall time, exit code (None if killed by a signal), peak RSS in KiB.
pub struct Measured {
    pub time: Duration,
    pub code: Option<i32>,
    pub rss_kb: u64,
}

/// Runs `program args` in `dir` through the helper, its stdout and stderr
/// to `log`.
pub fn measure(program: &str, args: &[&str], dir: &Path, log: &Path) -> Result<Measured, String> {
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let out = Command::new(exe)
        .arg(FLAG)
        .arg(log)
        .arg(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("helper: {e}"))?;
    let report = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<i64> = report
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    match (out.status.success(), &fields[..]) {
        (true, &[nanos, code, rss_kb]) => Ok(Measured {
            time: Duration::from_nanos(nanos.max(0) as u64),
            code: (code >= 0).then_some(code as i32),
            rss_kb: rss_kb.max(0) as u64,
        }),
        _ => Err(format!(
            "helper for `{program} {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// The helper: `FLAG LOG PROGRAM ARGS...`; prints `NANOS CODE RSS_KB`
/// (CODE -1 if the command was killed by a signal).
pub fn helper(args: &[OsString]) -> ExitCode {
    let [log, program, rest @ ..] = args else {
        eprintln!("usage: {FLAG} LOG PROGRAM ARGS...");
        return ExitCode::FAILURE;
    };
    match run(Path::new(log), program, rest) {
        Ok(m) => {
            let code = m.code.unwrap_or(-1);
            println!("{} {code} {}", m.time.as_nanos(), m.rss_kb);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{program:?}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(log: &Path, program: &OsString, args: &[OsString]) -> io::Result<Measured> {
    let out = File::create(log)?;
    let err = out.try_clone()?;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::null()).stdout(out).stderr(err);
    force_fork(&mut cmd);
    let start = Instant::now();
    let child = cmd.spawn()?;
    let (code, rss_kb) = wait4(child.id())?;
    Ok(Measured {
        time: start.elapsed(),
        code,
        rss_kb,
    })
}

/// A pre_exec hook, even an empty one, makes std fork instead of
/// posix_spawn, whose vfork would hand the child the helper's high-water
/// mark (text pages included) rather than a copy of its anonymous pages.
#[cfg(unix)]
fn force_fork(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the hook does nothing, so it is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| Ok(()));
    }
}

/// Reaps exactly this child: its exit code and peak RSS (KiB).
/// `getrusage(RUSAGE_CHILDREN)` would give the max over all children so far.
#[cfg(unix)]
fn wait4(pid: u32) -> io::Result<(Option<i32>, u64)> {
    let pid = pid as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain integers, for which all-zero is valid.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: both pointers are to live locals; the Child is never
        // waited on again (dropping a Child does not wait).
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Ok((code, usage.ru_maxrss.max(0) as u64))
}

#[cfg(not(unix))]
fn force_fork(_: &mut Command) {}

#[cfg(not(unix))]
fn wait4(_: u32) -> io::Result<(Option<i32>, u64)> {
    Err(io::Error::other("vs_glpsol needs wait4 (unix)"))
}
