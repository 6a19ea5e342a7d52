//! A stopped cagec never leaves its solver running: SIGTERM and SIGHUP are
//! handled like Ctrl-C (the solver's process group killed, the temporary
//! directory removed, exit 143 / 129), and after a SIGKILL, which cagec
//! cannot catch, the kernel's parent-death signal kills the solver.
//!
//! The solver is the real glpsol on the paper's model of kk3, which keeps it
//! busy for more than 40 s; the tests look for it in /proc, so they are
//! Linux-only.

use std::path::PathBuf;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::Pid;
use wait_timeout::ChildExt;

use crate::support::solve::*;

/// How long cagec may take to stop once signalled. It takes a fraction of a
/// second (`scripts/bench-interrupts` measures it), while the work it stops
/// runs for minutes: the bound tells the two apart on a machine loaded on
/// every core.
const STOPS_WITHIN: Duration = Duration::from_secs(20);

/// How long cagec may take to reach the state a test signals it in (the
/// puzzle read, the model written, the solver started): only a hung test
/// waits it out.
const STARTS_WITHIN: Duration = Duration::from_secs(300);

/// One line of `/proc/PID/stat`.
struct Proc {
    pid: i32,
    /// `R`, `S`, … and `Z` for a zombie (ended, not yet reaped).
    state: char,
    ppid: i32,
    pgrp: i32,
    comm: String,
}

/// Every process, from `/proc/*/stat`.
fn processes() -> Vec<Proc> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return out;
    };
    for e in entries.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parens.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let f: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        let (Some(state), Some(ppid), Some(pgrp)) = (
            f.first().and_then(|s| s.chars().next()),
            f.get(1).and_then(|s| s.parse().ok()),
            f.get(2).and_then(|s| s.parse().ok()),
        ) else {
            continue;
        };
        out.push(Proc {
            pid,
            state,
            ppid,
            pgrp,
            comm: stat[open + 1..close].to_string(),
        });
    }
    out
}

/// Whether `pid` has installed a handler for `signal`: its bit in `SigCgt`
/// of `/proc/PID/status` (signal N is bit N - 1).
fn catches(pid: i32, signal: Signal) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        .unwrap_or(0);
    mask & (1 << (signal as i32 - 1)) != 0
}

/// The CPU time `pid` has used, all its threads, user and system: the
/// `utime` and `stime` of `/proc/PID/stat`, in clock ticks.
fn cpu_time(pid: i32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_comm = stat.rfind(')').map_or("", |close| &stat[close + 1..]);
    let fields: Vec<u64> = after_comm
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    // SAFETY: sysconf reads a constant of the system; it has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    Duration::from_secs_f64(fields.iter().sum::<u64>() as f64 / ticks)
}

/// Processes of the group `pgrp` that still run (a zombie has stopped).
fn live_in_group(pgrp: i32) -> Vec<i32> {
    processes()
        .into_iter()
        .filter(|p| p.pgrp == pgrp && p.state != 'Z')
        .map(|p| p.pid)
        .collect()
}

/// A `cagec solve --solver glpk --unique --formulation melkonian kk3` with its own TMPDIR, killed
/// with the solver's group when the test ends, whatever happened.
struct Solve {
    child: Option<Child>,
    tmp: PathBuf,
    /// The glpsol process (its own group's leader), once seen.
    solver: Option<i32>,
    _dir: tempfile::TempDir,
}

impl Solve {
    fn start() -> Solve {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let puzzle = root().join("fixtures/puzzles/kk3.cage");
        // The paper's model keeps glpsol busy for minutes (issue 11).
        let mut cmd = cagec(&[
            "solve",
            "--solver",
            "glpk",
            "--unique",
            "--formulation",
            "melkonian",
        ]);
        cmd.arg(puzzle)
            .env("TMPDIR", &tmp)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        Solve {
            child: Some(cmd.spawn().expect("cagec starts")),
            tmp,
            solver: None,
            _dir: dir,
        }
    }

    fn pid(&self) -> i32 {
        self.child.as_ref().map_or(0, |c| c.id() as i32)
    }

    /// Waits until cagec has started glpsol and returns its pid.
    fn wait_for_solver(&mut self) -> i32 {
        let deadline = Instant::now() + STARTS_WITHIN;
        while Instant::now() < deadline {
            let cagec = self.pid();
            if let Some(p) = processes()
                .into_iter()
                .find(|p| p.ppid == cagec && p.comm == "glpsol" && p.state != 'Z')
            {
                // The solver leads its own process group.
                assert_eq!(p.pgrp, p.pid, "glpsol is not in a process group of its own");
                self.solver = Some(p.pid);
                // Still busy a moment later: this run is the slow one.
                std::thread::sleep(Duration::from_millis(300));
                assert!(
                    !live_in_group(p.pid).is_empty(),
                    "glpsol finished kk3 already: the test needs a slower puzzle"
                );
                return p.pid;
            }
            let exited = self.child.as_mut().and_then(|c| c.try_wait().unwrap());
            assert!(
                exited.is_none(),
                "cagec ended before glpsol started: {exited:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("cagec did not start glpsol within {STARTS_WITHIN:?}");
    }

    fn signal(&self, signal: Signal) {
        kill(Pid::from_raw(self.pid()), signal).unwrap();
    }

    /// cagec's output once it has ended (within [`STOPS_WITHIN`]).
    fn finish(&mut self) -> Output {
        output_once_stopped(self.child.take().unwrap())
    }

    /// Asserts that nothing of the solver's group runs within [`STOPS_WITHIN`].
    fn assert_solver_gone(&self) {
        let group = self.solver.expect("solver seen");
        let deadline = Instant::now() + STOPS_WITHIN;
        let mut live = live_in_group(group);
        while !live.is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            live = live_in_group(group);
        }
        assert!(
            live.is_empty(),
            "still running {STOPS_WITHIN:?} later: {live:?} of glpsol's group {group}"
        );
    }

    fn tmp_entries(&self) -> Vec<PathBuf> {
        std::fs::read_dir(&self.tmp)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect()
    }
}

impl Drop for Solve {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(group) = self.solver
            && !live_in_group(group).is_empty()
        {
            let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
        }
    }
}

/// SIGTERM or SIGHUP while glpsol runs: handled like Ctrl-C.
fn stopped_by(signal: Signal, want: i32) {
    if !require("glpsol") {
        return;
    }
    let mut solve = Solve::start();
    solve.wait_for_solver();
    assert!(
        !solve.tmp_entries().is_empty(),
        "no cagec-solve-* directory while glpsol runs"
    );
    solve.signal(signal);
    let out = solve.finish();
    let err = stderr(&out);
    assert_eq!(code(&out), want, "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert_eq!(stdout(&out), "", "output after {signal}");
    solve.assert_solver_gone();
    let left = solve.tmp_entries();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

#[test]
fn sigterm_kills_the_solver_cleans_up_and_exits_143() {
    stopped_by(Signal::SIGTERM, 143);
}

#[test]
fn sighup_kills_the_solver_cleans_up_and_exits_129() {
    stopped_by(Signal::SIGHUP, 129);
}

/// SIGKILL cannot be handled: the solver's parent-death signal kills it.
#[test]
fn a_sigkilled_cagec_leaves_no_solver_running() {
    if !require("glpsol") {
        return;
    }
    let mut solve = Solve::start();
    solve.wait_for_solver();
    solve.signal(Signal::SIGKILL);
    let out = solve.finish();
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&out.status),
        Some(9)
    );
    solve.assert_solver_gone();
}

/// The output of `child`, just signalled, once it has ended; fails if it
/// runs [`STOPS_WITHIN`] more.
fn output_once_stopped(mut child: Child) -> Output {
    let status = child.wait_timeout(STOPS_WITHIN).unwrap();
    if status.is_none() {
        let _ = child.kill();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        status.is_some(),
        "cagec did not end within {STOPS_WITHIN:?} of the signal"
    );
    out
}

/// CPU time a long in-process run has used when it is signalled.
const BUSY: Duration = Duration::from_millis(500);

/// A long in-process search (no solver binary) also stops on SIGTERM: the
/// native solver and the generator poll the signal flag.
fn stops_in_process(args: &[&str], out_dir: Option<&std::path::Path>) {
    let mut child = cagec(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cagec starts");
    // Signalled once its handler is in place and it has worked for a while:
    // CPU time, which a loaded machine does not make up, far more than
    // reading the puzzle takes.
    let pid = child.id() as i32;
    let deadline = Instant::now() + STARTS_WITHIN;
    while !(catches(pid, Signal::SIGTERM) && cpu_time(pid) >= BUSY) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended before it was signalled: the test needs a longer run"
        );
        assert!(
            Instant::now() < deadline,
            "{args:?} did not work {BUSY:?} within {STARTS_WITHIN:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    kill(Pid::from_raw(pid), Signal::SIGTERM).unwrap();
    let out = output_once_stopped(child);
    assert_eq!(code(&out), 143, "{args:?}: {}", stderr(&out));
    assert_eq!(stdout(&out), "", "{args:?}: output after SIGTERM");
    if let Some(dir) = out_dir {
        let written: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        assert!(
            written.is_empty(),
            "files written after SIGTERM: {written:?}"
        );
    }
}

#[test]
fn sigterm_stops_the_native_solver() {
    let puzzle = root().join("fixtures/scale/ambiguous16.cage");
    // Enumerating a 16×16 with many solutions: minutes of search.
    stops_in_process(
        &[
            "solve",
            "--solver",
            "native",
            "--all",
            "--limit",
            "100000000",
            puzzle.to_str().unwrap(),
        ],
        None,
    );
}

#[test]
fn sigterm_stops_the_generator_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // A unique 40×40 takes the generator tens of seconds.
    stops_in_process(
        &[
            "generate",
            "--size",
            "40",
            "--unique",
            "--seed",
            "3",
            "-o",
            out.to_str().unwrap(),
        ],
        Some(&out),
    );
}
