//! The `cagec` binary as a user runs it: outputs, exit codes, atomicity,
//! determinism, stdin/stdout.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn cagec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run cagec")
}

fn cagec_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const KK0: &str = "fixtures/puzzles/kk0.cage";

#[test]
fn same_input_same_bytes_in_every_format() {
    for to in ["lp", "mps", "fixed-mps", "ampl"] {
        let a = cagec(&["compile", KK0, "--to", to]);
        let b = cagec(&["compile", KK0, "--to", to]);
        assert!(a.status.success(), "{to}: {}", text(&a.stderr));
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{to} is deterministic");
    }
}

#[test]
fn stdin_and_stdout_with_dash() {
    let src = std::fs::read_to_string(KK0).unwrap();
    let piped = cagec_stdin(&["compile", "-", "--to", "lp", "-o", "-"], &src);
    assert!(piped.status.success(), "{}", text(&piped.stderr));
    let direct = cagec(&["compile", KK0, "--to", "lp"]);
    // Only the model name (from the file name) may differ.
    assert_eq!(
        text(&piped.stdout).lines().count(),
        text(&direct.stdout).lines().count()
    );
    assert!(text(&piped.stdout).contains("cell_4_4:"));
}

#[test]
fn a_changed_target_changes_only_that_cages_lines() {
    let dir = tempfile::tempdir().unwrap();
    let src = std::fs::read_to_string(KK0).unwrap();
    let edited = src.replace("7+,12 13", "6+,12 13");
    assert_ne!(src, edited);
    let p = dir.path().join("kk0.cage");
    std::fs::write(&p, edited).unwrap();
    let before = text(&cagec(&["compile", KK0, "--to", "lp"]).stdout);
    let after = text(&cagec(&["compile", p.to_str().unwrap(), "--to", "lp"]).stdout);
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    assert_eq!(a.len(), b.len());
    let changed: Vec<(&str, &str)> = a
        .iter()
        .zip(&b)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| (*x, *y))
        .collect();
    assert!(!changed.is_empty());
    for (old, new) in &changed {
        assert!(
            old.contains("cage 6") || old.starts_with("cage_6"),
            "unexpected change: {old} -> {new}"
        );
    }
}

#[test]
fn invalid_input_exits_2_with_a_location_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.cage");
    std::fs::write(&bad, "1,0\n11+,1 2 5 q\n4+,3 7\n").unwrap();
    let out = dir.path().join("out.lp");
    let r = cagec(&[
        "compile",
        bad.to_str().unwrap(),
        "--to",
        "lp",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(2));
    let err = text(&r.stderr);
    assert!(err.contains("bad.cage:2:"), "{err}");
    assert!(!out.exists(), "no output file on error");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temp file left"
    );
}

#[test]
fn unwritable_output_exits_4_and_leaves_nothing() {
    let r = cagec(&["compile", KK0, "--to", "lp", "-o", "/nonexistent-dir/x.lp"]);
    assert_eq!(r.status.code(), Some(4), "{}", text(&r.stderr));
    assert!(!Path::new("/nonexistent-dir/x.lp").exists());
}

#[test]
fn ampl_pair_and_fixed_mps_map_are_written_beside_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("kk2.mod");
    let r = cagec(&[
        "compile",
        "fixtures/puzzles/kk2.cage",
        "-o",
        m.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert!(m.exists() && dir.path().join("kk2.dat").exists());
    // cagec reads its own data file back (its no-good cut parameters included).
    let dat = dir.path().join("kk2.dat");
    let a = cagec(&["compile", dat.to_str().unwrap(), "--to", "lp"]);
    let b = cagec(&["compile", "fixtures/puzzles/kk2.cage", "--to", "lp"]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let body = |o: &Output| {
        text(&o.stdout)
            .lines()
            .skip(8)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        body(&a),
        body(&b),
        "same model from the .dat as from the cage lines"
    );
    let mps = dir.path().join("kk2.mps");
    let r = cagec(&[
        "compile",
        "fixtures/puzzles/kk2.cage",
        "--to",
        "fixed-mps",
        "-o",
        mps.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    // kk2 has 24 cages: cage_10_r1 and the like need renaming.
    let map = std::fs::read_to_string(dir.path().join("kk2.map")).unwrap();
    assert!(map.lines().any(|l| l.ends_with("cage_13_r1")), "{map}");
    // n = 8: the x names fit in 8 characters and are kept.
    assert!(std::fs::read_to_string(&mps).unwrap().contains("x_8_8_8"));
    // A later compile to the same name that renames nothing leaves no stale
    // map beside it: the map is rewritten with no renamings.
    let r = cagec(&[
        "compile",
        "fixtures/puzzles/tiny1.cage",
        "--to",
        "fixed-mps",
        "-o",
        mps.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    let map = std::fs::read_to_string(dir.path().join("kk2.map")).unwrap();
    assert!(map.contains("Names not listed here are unchanged"), "{map}");
    assert!(
        map.lines().all(|l| l.starts_with('#')),
        "stale renamings in the map:\n{map}"
    );
}

#[test]
fn format_comes_from_the_extension_or_must_be_given() {
    let dir = tempfile::tempdir().unwrap();
    let lp = dir.path().join("a.lp");
    assert!(
        cagec(&["compile", KK0, "-o", lp.to_str().unwrap()])
            .status
            .success()
    );
    assert!(
        std::fs::read_to_string(&lp)
            .unwrap()
            .starts_with("\\ KenKen")
    );
    let r = cagec(&["compile", KK0]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("--to"));
}

#[test]
fn stats_counts_per_family() {
    let r = cagec(&["stats", "fixtures/puzzles/melkonian5.dat", "--json"]);
    assert!(r.status.success());
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["variables"], 155);
    assert_eq!(v["binaries"], 130);
    assert_eq!(v["rows"], 122);
    let fams = v["families"].as_array().unwrap();
    assert_eq!(fams[0]["eq"], "2.1");
    assert_eq!(fams[0]["rows"], 25);
    // The paper's typo is read with a warning that names the line.
    assert!(text(&r.stderr).contains("melkonian5.dat:5:"));
    let table = text(&cagec(&["stats", "fixtures/puzzles/melkonian5.dat"]).stdout);
    assert!(table.contains("product cages (prime exponents)"), "{table}");
}

#[test]
fn every_command_has_help() {
    for cmd in [
        &["--help"][..],
        &["compile", "--help"],
        &["stats", "--help"],
        &["help", "compile"],
    ] {
        let r = cagec(cmd);
        assert!(r.status.success(), "{cmd:?}");
        assert!(text(&r.stdout).contains("Usage"), "{cmd:?}");
    }
}

/// Ctrl-C in the middle of a large compile: exit 130, and the output
/// directory holds neither the output nor a temporary file.
#[cfg(unix)]
#[test]
fn interrupted_compile_leaves_no_file() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;

    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("big.cage");
    let generated = cagec(&["generate", "--size", "150", "--seed", "3"]);
    assert!(generated.status.success());
    std::fs::write(&puzzle, &generated.stdout).unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagec"))
        .args(["compile", "--to", "lp", "-o"])
        .arg(out.join("big.lp"))
        .arg(&puzzle)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A 150x150 model is 3.4 million columns: its file takes a while to
    // write, in any build. Interrupt it once the temporary file is there
    // (formulating comes first: seconds in a debug build, more on a loaded
    // machine; the deadline only ends a hung test).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    while std::fs::read_dir(&out).unwrap().next().is_none() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the compile ended before it wrote anything"
        );
        assert!(
            std::time::Instant::now() < deadline,
            "no temporary file appeared within 600 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let output = child.wait_with_output().unwrap();
    let err = text(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted; nothing was written"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// A model beyond --max-nonzeros is refused while it is built: exit 2, the
/// limit named with the way to raise it, and no file. Raised, it compiles.
#[test]
fn models_beyond_the_nonzero_limit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kk2.lp");
    let puzzle = "fixtures/puzzles/kk2.cage";
    let args = |limit: &'static str| {
        let out = out.to_str().unwrap().to_string();
        move || cagec(&["compile", puzzle, "--max-nonzeros", limit, "-o", &out])
    };
    let refused = args("1000")();
    let err = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{err}");
    assert!(err.contains("more than 1000 non-zeros"), "{err}");
    assert!(err.contains("--max-nonzeros"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

    let stats = text(&cagec(&["stats", puzzle]).stdout);
    let nonzeros: usize = stats
        .lines()
        .find_map(|l| l.strip_prefix("non-zeros"))
        .and_then(|n| n.trim().parse().ok())
        .expect("stats prints the non-zeros");
    let exact = nonzeros.to_string().leak();
    let at_limit = args(exact)();
    assert_eq!(
        at_limit.status.code(),
        Some(0),
        "{}",
        text(&at_limit.stderr)
    );
    assert!(out.exists());
}

/// A directory compiles as a batch over two threads: every model equals the
/// one compiled alone, a bad puzzle is reported (exit 2) without stopping the
/// others, and two puzzles that would share an output name are refused.
#[test]
fn batch_compile_matches_single_compiles() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    for name in [
        "kk0.cage",
        "kk2.cage",
        "melkonian5.dat",
        "killer9.cage",
        "map5.cmap",
    ] {
        std::fs::copy(Path::new("fixtures/puzzles").join(name), inputs.join(name)).unwrap();
    }
    std::fs::copy(
        "fixtures/invalid/overflow-target.cage",
        inputs.join("bad.cage"),
    )
    .unwrap();
    let out = dir.path().join("out");
    let r = cagec(&[
        "compile",
        inputs.to_str().unwrap(),
        "--to",
        "mps",
        "--out-dir",
        out.to_str().unwrap(),
        "--jobs",
        "2",
    ]);
    let err = text(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(
        err.contains("bad.cage:"),
        "the bad puzzle is located: {err}"
    );
    assert!(err.contains("compiled 5 of 6 puzzles"), "{err}");
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "killer9.mps",
            "kk0.mps",
            "kk2.mps",
            "map5.mps",
            "melkonian5.mps"
        ]
    );
    for name in [
        "kk0.cage",
        "kk2.cage",
        "melkonian5.dat",
        "killer9.cage",
        "map5.cmap",
    ] {
        let alone = cagec(&[
            "compile",
            inputs.join(name).to_str().unwrap(),
            "--to",
            "mps",
        ]);
        let stem = name.split('.').next().unwrap();
        let batch = std::fs::read(out.join(format!("{stem}.mps"))).unwrap();
        assert!(
            alone.stdout == batch,
            "{name}: batch output differs from a single compile"
        );
    }

    std::fs::copy("fixtures/puzzles/kk1.cage", inputs.join("kk0.dat")).unwrap();
    let clash = cagec(&[
        "compile",
        inputs.to_str().unwrap(),
        "--to",
        "lp",
        "--out-dir",
        dir.path().join("clash").to_str().unwrap(),
    ]);
    let err = text(&clash.stderr);
    assert_eq!(clash.status.code(), Some(2), "{err}");
    assert!(err.contains("would both be written to kk0.lp"), "{err}");
    assert!(
        !dir.path().join("clash").exists(),
        "nothing is written before the clash is found"
    );

    let needs_dir = cagec(&["compile", inputs.to_str().unwrap(), "--to", "lp"]);
    assert_eq!(needs_dir.status.code(), Some(2));
    assert!(text(&needs_dir.stderr).contains("--out-dir"));
}
