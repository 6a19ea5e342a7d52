//! The only code that spawns solvers.
//!
//! No shell: the program and its arguments go straight to `exec`. Standard
//! input is `/dev/null` (a solver waiting for input would otherwise hang);
//! standard output and error go to files in the run directory. The child gets
//! its own process group so a wall-clock kill or Ctrl-C takes down anything it
//! started, and so a terminal's Ctrl-C reaches cagec, which does the killing.
//!
//! A SIGKILLed cagec cannot kill anything. On Linux the solver therefore gets
//! a parent-death signal (SIGKILL): the kernel sends it when the thread that
//! spawned the solver ends, so [`run`] never returns, nor unwinds, before the
//! child is reaped. It reaches the solver only, not processes the solver
//! started. Other platforms have no such signal: there a SIGKILLed cagec
//! leaves the solver to finish (or reach its `--time-limit`).

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// How often the cancel flag is looked at while a solver runs.
const POLL: Duration = Duration::from_millis(50);

/// One solver command, with file names relative to the run directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// Extra environment (e.g. `LD_LIBRARY_PATH` for a bare highsbox binary).
    pub env: Vec<(String, String)>,
    /// File receiving standard output.
    pub stdout: String,
    /// File receiving standard error.
    pub stderr: String,
    /// Send SIGINT to the solver after this long: its time limit, for a
    /// solver that has none of its own but answers when interrupted.
    pub interrupt_after: Option<Duration>,
}

/// How the process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    /// Terminated by this signal (a crash, or killed by someone else).
    Signal(i32),
    /// Still running at the wall-clock limit; cagec killed it.
    Killed,
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Code(c) => write!(f, "exit status {c}"),
            Exit::Signal(s) => write!(f, "killed by signal {s}"),
            Exit::Killed => f.write_str("killed by cagec at the wall-clock limit"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub exit: Exit,
    pub elapsed: Duration,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("cannot run {program}: {source}")]
    Spawn { program: PathBuf, source: io::Error },
    #[error("{what}: {source}")]
    Io { what: String, source: io::Error },
    #[error("interrupted")]
    Interrupted,
}

/// Runs `inv` in `dir`, killing it after `wall` or when `cancel` becomes true.
pub fn run(
    inv: &Invocation,
    dir: &Path,
    wall: Option<Duration>,
    cancel: &AtomicBool,
) -> Result<Finished, RunError> {
    let out = create(dir, &inv.stdout)?;
    let err = create(dir, &inv.stderr)?;
    let mut cmd = Command::new(&inv.program);
    cmd.args(&inv.args)
        .envs(inv.env.iter().map(|(k, v)| (k, v)))
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err);
    #[cfg(unix)]
    {
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        default_sigint(&mut cmd);
    }
    #[cfg(target_os = "linux")]
    die_with_parent(&mut cmd);
    let child = cmd.spawn().map_err(|source| RunError::Spawn {
        program: inv.program.clone(),
        source,
    })?;
    // From here on every return and every panic kills and reaps the child.
    let mut child = Running(Some(child));
    let start = Instant::now();
    let mut interrupt = inv.interrupt_after;
    loop {
        if cancel.load(Ordering::SeqCst) {
            child.kill();
            return Err(RunError::Interrupted);
        }
        if interrupt.is_some_and(|after| start.elapsed() >= after) {
            interrupt = None;
            child.interrupt();
        }
        if wall.is_some_and(|w| start.elapsed() >= w) {
            child.kill();
            return Ok(Finished {
                exit: Exit::Killed,
                elapsed: start.elapsed(),
            });
        }
        let status = child.wait(POLL).map_err(|source| RunError::Io {
            what: format!("waiting for {}", inv.program.display()),
            source,
        })?;
        if let Some(status) = status {
            return Ok(Finished {
                exit: exit_of(status),
                elapsed: start.elapsed(),
            });
        }
    }
}

/// Gives the child SIGINT's default action. cagec stops some solvers with
/// SIGINT at their time limit; a cagec started with SIGINT ignored (a
/// background job of a shell without job control) would pass that on, and
/// the solver would never hear it.
#[cfg(unix)]
fn default_sigint(cmd: &mut Command) {
    use nix::sys::signal::{SigHandler, Signal, signal};
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec, where only
    // async-signal-safe calls are allowed: one sigaction, no allocation.
    unsafe {
        cmd.pre_exec(|| {
            signal(Signal::SIGINT, SigHandler::SigDfl)?;
            Ok(())
        });
    }
}

/// Asks the kernel to SIGKILL the child when the spawning thread ends
/// (Linux's `PR_SET_PDEATHSIG`), so a SIGKILLed cagec leaves no solver behind.
#[cfg(target_os = "linux")]
fn die_with_parent(cmd: &mut Command) {
    use nix::sys::signal::Signal;
    use nix::unistd::{Pid, getpid, getppid};
    use std::os::unix::process::CommandExt;
    let parent: Pid = getpid();
    // SAFETY: the closure runs in the forked child before exec, where only
    // async-signal-safe calls are allowed: it makes two system calls (prctl,
    // getppid) and allocates nothing (an `Errno` converts to `io::Error`
    // without a heap allocation).
    unsafe {
        cmd.pre_exec(move || {
            nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
            // cagec died between the fork and the prctl: no signal will come.
            if getppid() != parent {
                return Err(nix::errno::Errno::ESRCH.into());
            }
            Ok(())
        });
    }
}

/// A spawned child, until it is reaped.
struct Running(Option<Child>);

impl Running {
    /// Waits up to `timeout`; a child that ended is reaped.
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<ExitStatus>> {
        let Some(child) = self.0.as_mut() else {
            return Ok(None);
        };
        let status = child.wait_timeout(timeout)?;
        if status.is_some() {
            self.0 = None;
        }
        Ok(status)
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.0.take() {
            kill(&mut child);
        }
    }

    /// SIGINT to the child's process group, as Ctrl-C in a terminal would.
    fn interrupt(&mut self) {
        #[cfg(unix)]
        if let Some(pid) = self.0.as_ref().and_then(|c| i32::try_from(c.id()).ok()) {
            use nix::sys::signal::{Signal, killpg};
            let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGINT);
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.kill();
    }
}

fn create(dir: &Path, name: &str) -> Result<File, RunError> {
    let path = dir.join(name);
    File::create(&path).map_err(|source| RunError::Io {
        what: format!("cannot create {}", path.display()),
        source,
    })
}

/// Kills the child's whole process group (before reaping it, so the group id
/// is still ours), then reaps it.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        use nix::sys::signal::{Signal, killpg};
        let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

fn exit_of(status: ExitStatus) -> Exit {
    #[cfg(unix)]
    if let Some(sig) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Exit::Signal(sig);
    }
    Exit::Code(status.code().unwrap_or(-1))
}

/// The invocation as one `sh` line a user can paste in the run directory.
pub fn shell_line(inv: &Invocation) -> String {
    let mut words: Vec<String> = inv
        .env
        .iter()
        .map(|(k, v)| format!("{k}={}", quote(v)))
        .collect();
    words.push(quote(&inv.program.to_string_lossy()));
    words.extend(inv.args.iter().map(|a| quote(a)));
    format!(
        "{} < /dev/null > {} 2> {}",
        words.join(" "),
        quote(&inv.stdout),
        quote(&inv.stderr)
    )
}

/// Single-quotes a word unless it is plainly safe.
fn quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Invocation {
        Invocation {
            program: "/bin/sh".into(),
            args: vec!["-c".into(), script.into()],
            env: vec![("CAGEC_TEST".into(), "a b".into())],
            stdout: "out.log".into(),
            stderr: "err.log".into(),
            interrupt_after: None,
        }
    }

    #[test]
    fn output_goes_to_files_and_stdin_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        let never = AtomicBool::new(false);
        let f = run(
            &sh("cat; echo \"$CAGEC_TEST\"; echo oops >&2; exit 3"),
            dir.path(),
            None,
            &never,
        )
        .unwrap();
        assert_eq!(f.exit, Exit::Code(3));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("out.log")).unwrap(),
            "a b\n"
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("err.log")).unwrap(),
            "oops\n"
        );
    }

    #[test]
    fn a_hang_is_killed_with_its_children() {
        let never = AtomicBool::new(false);
        // The shell forks `sleep`; killing only the shell would leave it behind.
        let script = "sleep 600 & echo $! > sleep.pid; wait";
        // The pid must be written before the wall limit: where a loaded
        // machine starts the shell later than that, the limit doubles.
        let mut wall = Duration::from_millis(300);
        let (f, pid) = loop {
            let dir = tempfile::tempdir().unwrap();
            let f = run(&sh(script), dir.path(), Some(wall), &never).unwrap();
            assert_eq!(f.exit, Exit::Killed);
            match std::fs::read_to_string(dir.path().join("sleep.pid")) {
                Ok(pid) if pid.ends_with('\n') => break (f, pid),
                _ if wall < Duration::from_secs(30) => wall *= 2,
                _ => panic!("the shell did not start its sleep within {wall:?}"),
            }
        };
        // At the limit, not when the sleep ends.
        assert!(
            f.elapsed >= wall && f.elapsed < Duration::from_secs(300),
            "{f:?}"
        );
        // Gone, or a zombie waiting for a reaper: either way not sleeping.
        let stat =
            || std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
        let gone = |stat: &str| stat.is_empty() || stat.contains(") Z");
        let deadline = Instant::now() + Duration::from_secs(60);
        while !gone(&stat()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let stat = stat();
        assert!(gone(&stat), "sleep survived: {stat}");
    }

    /// Whether this process ignores SIGINT (`SigIgn` in /proc, bit 1).
    #[cfg(target_os = "linux")]
    fn ignores_sigint() -> bool {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let mask = status
            .lines()
            .find_map(|l| l.strip_prefix("SigIgn:"))
            .map(|m| u64::from_str_radix(m.trim(), 16).unwrap())
            .unwrap();
        mask & 1 << 1 != 0
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_solver_hears_the_interrupt_when_cagec_ignores_sigint() {
        // This test binary again, started with SIGINT ignored, runs the
        // interrupt test: its solver must still answer the interrupt.
        let me = std::env::current_exe().unwrap();
        let test = "solve::process::tests::a_solver_without_a_time_limit_is_interrupted_at_it";
        let out = std::process::Command::new("env")
            .args(["--ignore-signal=INT", "CAGEC_EXPECT_SIGINT_IGNORED=1"])
            .arg(&me)
            .args(["--exact", test, "--test-threads", "1"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("1 passed"), "{text}");
    }

    #[test]
    fn signals_and_cancellation() {
        let dir = tempfile::tempdir().unwrap();
        let never = AtomicBool::new(false);
        let f = run(&sh("kill -SEGV $$"), dir.path(), None, &never).unwrap();
        assert_eq!(f.exit, Exit::Signal(11));
        let cancelled = AtomicBool::new(true);
        let e = run(&sh("sleep 30"), dir.path(), None, &cancelled).unwrap_err();
        assert!(matches!(e, RunError::Interrupted));
    }

    #[test]
    fn a_solver_without_a_time_limit_is_interrupted_at_it() {
        #[cfg(target_os = "linux")]
        if std::env::var_os("CAGEC_EXPECT_SIGINT_IGNORED").is_some() {
            // Run by the test above: the case it is about.
            assert!(ignores_sigint(), "started to ignore SIGINT, but does not");
        }
        let never = AtomicBool::new(false);
        // A solver that answers when interrupted, and kills its own child.
        let script = "trap 'kill $!; echo interrupted; exit 0' INT; echo > ready; sleep 600 & wait";
        // The interrupt must come after the trap is set: where a loaded
        // machine starts the shell later than that (it went unanswered at
        // 200 ms in a busy test run), the delay doubles.
        let mut after = Duration::from_millis(200);
        loop {
            let dir = tempfile::tempdir().unwrap();
            let mut inv = sh(script);
            inv.interrupt_after = Some(after);
            let wall = after + Duration::from_secs(60);
            let f = run(&inv, dir.path(), Some(wall), &never).unwrap();
            let out = std::fs::read_to_string(dir.path().join("out.log")).unwrap();
            let trapped = dir.path().join("ready").exists() || !out.is_empty();
            if trapped {
                // It ended by itself at the interrupt, before the wall limit.
                assert_eq!(f.exit, Exit::Code(0));
                assert_eq!(out, "interrupted\n");
                return;
            }
            // Interrupted before its trap was set: the shell died of it.
            assert_eq!(f.exit, Exit::Signal(2));
            assert!(
                after < Duration::from_secs(30),
                "no trap set within {after:?}"
            );
            after *= 2;
        }
    }

    #[test]
    fn missing_program_is_a_spawn_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut inv = sh("");
        inv.program = "/nonexistent/highs".into();
        let e = run(&inv, dir.path(), None, &AtomicBool::new(false)).unwrap_err();
        assert!(matches!(e, RunError::Spawn { .. }), "{e}");
    }

    #[test]
    fn shell_lines_quote_what_needs_it() {
        assert_eq!(
            shell_line(&sh("echo 'x'")),
            "CAGEC_TEST='a b' /bin/sh -c 'echo '\\''x'\\''' < /dev/null > out.log 2> err.log"
        );
    }
}
