//! `cagec solve --unique --certify DIR` and `cagec certify check DIR`
//! against the real `cadical` and the real checker `rate`: certificates of
//! uniqueness (native solver, and the CNF route through the SAT solvers)
//! and of no solution, the same bytes twice, and every way a certificate
//! can be wrong: a byte of the proof, a proof or CNF of another puzzle, an
//! edited puzzle or grid, a missing checker, a folder that is not empty, a
//! prover that fails half-way. Each says which file and which step, exits
//! non-zero, and leaves no folder behind. A missing `cadical` or `rate`
//! fails when `CI` is set and is a loud skip otherwise.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::support::solve::*;

/// The tools every test here needs.
fn tools() -> bool {
    require("cadical") && require("rate")
}

fn certify(puzzle: &Path, dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["solve", "--unique", "--json", "--certify"];
    args.push(dir.to_str().unwrap());
    args.extend_from_slice(extra);
    args.push(puzzle.to_str().unwrap());
    run(cagec(&args))
}

fn check(dir: &Path) -> Output {
    run(cagec(&["certify", "check", dir.to_str().unwrap()]))
}

fn manifest(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest.json");
    serde_json::from_str(&text).expect("manifest JSON")
}

/// Writes `manifest.json` again with the current hashes of the files, as a
/// forger would after changing one.
fn rehash(dir: &Path) {
    let mut m = manifest(dir);
    for file in m["files"].as_array_mut().unwrap() {
        let name = file["name"].as_str().unwrap().to_string();
        let (sha, bytes) = cagec::certify::manifest::hash_file(&dir.join(&name)).unwrap();
        file["sha256"] = Value::from(sha);
        file["bytes"] = Value::from(bytes);
    }
    std::fs::write(
        dir.join("manifest.json"),
        serde_json::to_string_pretty(&m).unwrap(),
    )
    .unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
    }
}

/// The folder's entries, sorted (so a test sees a temporary folder left behind).
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `certify check` failed on `file` in `step` (the words of `Step::describe`).
fn assert_rejected(out: &Output, file: &str, step: &str) {
    let (err, text) = (stderr(out), stdout(out));
    assert_eq!(code(out), 1, "stdout: {text}\nstderr: {err}");
    // The file's path, then the step: `DIR/proof.drat: checking the proof`.
    assert!(
        err.contains(&format!("/{file}: {step}")),
        "expected {file}: {step}:\n{err}"
    );
    assert!(
        text.contains("not certified") && !text.contains(": certified"),
        "{text}"
    );
}

/// A certified kk0, made once per test.
fn kk0_certificate(tmp: &Path) -> PathBuf {
    let puzzle_path = puzzle(tmp, "kk0.cage", KK0);
    let dir = tmp.join("cert");
    let out = certify(&puzzle_path, &dir, &[]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    dir
}

#[test]
fn the_native_answer_is_certified_and_anyone_can_check_it() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = puzzle(tmp.path(), "kk0.cage", KK0);
    let dir = tmp.path().join("cert");
    let out = certify(&puzzle_path, &dir, &[]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let r = record(&out);
    assert_eq!(r["certified"], true, "{r}");
    assert_eq!(r["uniqueness"], "unique");
    assert_eq!(
        entries(&dir),
        [
            "manifest.json",
            "nogood.cnf",
            "proof.drat",
            "puzzle.cage",
            "reference.cnf",
            "solution.grid"
        ]
    );
    let m = manifest(&dir);
    assert_eq!(m["claim"], "unique");
    assert_eq!(m["certificate"], "cagec certificate");
    assert_eq!(m["prover"]["program"], "cadical");
    assert_eq!(m["checker"]["program"], "rate");
    assert!(
        m["checker"]["version"].as_str().unwrap().contains("rate"),
        "{m}"
    );
    assert_eq!(m["solver"]["program"], "cagec native solver");
    assert_eq!(m["proofs"][0]["file"], "proof.drat");
    let grid = std::fs::read_to_string(dir.join("solution.grid")).unwrap();
    assert_eq!(grid, "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n");
    assert_eq!(
        std::fs::read_to_string(dir.join("puzzle.cage")).unwrap(),
        KK0
    );
    // The no-good names the grid's 16 cell variables, negated.
    let nogood = std::fs::read_to_string(dir.join("nogood.cnf")).unwrap();
    assert!(
        nogood.contains("p cnf ")
            && nogood
                .ends_with("-1 -6 -12 -15 -20 -23 -26 -29 -34 -37 -43 -48 -51 -56 -57 -62 0\n"),
        "{nogood}"
    );

    let again = check(&dir);
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert!(
        stdout(&again).contains("certified: the solution in solution.grid is unique"),
        "{}",
        stdout(&again)
    );

    // Without --json: the report says so after the uniqueness line.
    let dir2 = tmp.path().join("cert2");
    let out = run(cagec(&[
        "solve",
        "--unique",
        "--ascii",
        "--certify",
        dir2.to_str().unwrap(),
        puzzle_path.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let unique = text.find("unique: yes").expect("uniqueness line");
    let certified = text
        .find("certified: the solution")
        .expect("certified line");
    assert!(unique < certified, "{text}");
}

#[test]
fn the_cnf_route_through_the_sat_solvers_is_certified() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = root().join("fixtures/puzzles/ops5.cage");
    for (solver, program) in [
        ("cadical", "cadical"),
        ("kissat", "kissat"),
        ("clasp", "clasp"),
    ] {
        if !require(program) {
            continue;
        }
        let dir = tmp.path().join(solver);
        let out = certify(&puzzle_path, &dir, &["--solver", solver, "--via", "cnf"]);
        assert_eq!(code(&out), 0, "{solver}: {}", stderr(&out));
        assert_eq!(record(&out)["certified"], true, "{solver}");
        let m = manifest(&dir);
        assert_eq!(m["solver"]["program"], program, "{m}");
        assert!(
            m["solver"]["command"]
                .as_str()
                .unwrap()
                .contains("--via cnf"),
            "{m}"
        );
        assert_eq!(code(&check(&dir)), 0, "{solver}");
    }
}

#[test]
fn no_solution_is_certified_without_a_grid() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = puzzle(tmp.path(), "none3.cage", NONE3);
    let dir = tmp.path().join("cert");
    let out = certify(&puzzle_path, &dir, &[]);
    // No solution: exit 1 as ever, certified all the same.
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(record(&out)["certified"], true);
    assert_eq!(
        entries(&dir),
        [
            "manifest.json",
            "proof.drat",
            "puzzle.cage",
            "reference.cnf"
        ]
    );
    assert_eq!(manifest(&dir)["claim"], "no-solution");
    let again = check(&dir);
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert!(stdout(&again).contains("certified: the puzzle has no solution"));
}

#[test]
fn a_second_solution_is_not_certified_and_writes_nothing() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = puzzle(tmp.path(), "amb2.cage", AMB2);
    let dir = tmp.path().join("cert");
    let out = certify(&puzzle_path, &dir, &[]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let r = record(&out);
    assert_eq!(
        (r["certified"].clone(), r["uniqueness"].clone()),
        (Value::from(false), Value::from("not-unique"))
    );
    assert!(
        stderr(&out).contains("not certified: nothing to certify"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.exists());
    assert_eq!(entries(tmp.path()), ["amb2.cage"]);
}

#[test]
fn the_same_puzzle_gives_the_same_certificate() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let a = kk0_certificate(tmp.path());
    let b = tmp.path().join("again");
    let out = certify(&tmp.path().join("kk0.cage"), &b, &["--threads", "1"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    for name in [
        "puzzle.cage",
        "reference.cnf",
        "nogood.cnf",
        "solution.grid",
        "proof.drat",
    ] {
        assert!(
            std::fs::read(a.join(name)).unwrap() == std::fs::read(b.join(name)).unwrap(),
            "{name} differs"
        );
    }
    let (mut ma, mut mb) = (manifest(&a), manifest(&b));
    for m in [&mut ma, &mut mb] {
        m.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(ma, mb);
}

/// Every way a certificate can be changed is found, and the file named.
/// The certificate is kk1's, whose claim unit propagation alone does not
/// refute: its proof matters.
#[test]
fn a_changed_byte_anywhere_is_found_and_named() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let kk1 = std::fs::read_to_string(root().join("fixtures/puzzles/kk1.cage")).unwrap();
    let good = tmp.path().join("kk1");
    assert_eq!(
        code(&certify(&puzzle(tmp.path(), "kk1.cage", &kk1), &good, &[])),
        0
    );
    let other = kk0_certificate(tmp.path());
    let case = |name: &str, change: &dyn Fn(&Path), forged: bool| {
        let dir = tmp.path().join(name);
        copy_dir(&good, &dir);
        change(&dir);
        if forged {
            rehash(&dir);
        }
        check(&dir)
    };
    // One byte of the proof: the hash gives it away.
    let flip_proof = |dir: &Path| {
        let path = dir.join("proof.drat");
        let mut bytes = std::fs::read(&path).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x01;
        std::fs::write(&path, bytes).unwrap();
    };
    let hashes = "comparing the SHA-256 hashes";
    assert_rejected(&case("flip", &flip_proof, false), "proof.drat", hashes);
    // With the hash forged, the checker judges the proof itself: an empty
    // one, and another puzzle's.
    let empty = |dir: &Path| std::fs::write(dir.join("proof.drat"), "").unwrap();
    assert_rejected(
        &case("empty", &empty, true),
        "proof.drat",
        "checking the proof",
    );
    let swap = |name: &'static str| {
        let other = other.clone();
        move |dir: &Path| {
            std::fs::copy(other.join(name), dir.join(name)).unwrap();
        }
    };
    let proof = "checking the proof";
    assert_rejected(
        &case("proof", &swap("proof.drat"), true),
        "proof.drat",
        proof,
    );
    // Another puzzle's CNF.
    let reference = "comparing the reference CNF";
    assert_rejected(
        &case("cnf", &swap("reference.cnf"), true),
        "reference.cnf",
        reference,
    );
    // An edited puzzle: its reference CNF is no longer the one given.
    let edit_puzzle = |dir: &Path| {
        let text = std::fs::read_to_string(dir.join("puzzle.cage")).unwrap();
        std::fs::write(
            dir.join("puzzle.cage"),
            text.replace("\n5,14\n", "\n4,14\n"),
        )
        .unwrap();
    };
    assert_rejected(&case("puzzle", &edit_puzzle, false), "puzzle.cage", hashes);
    assert_rejected(
        &case("puzzle-forged", &edit_puzzle, true),
        "reference.cnf",
        reference,
    );
    // Another Latin square as the grid (the solution's rows rotated), and
    // a no-good for another grid.
    let edit_grid = |dir: &Path| {
        let text = std::fs::read_to_string(dir.join("solution.grid")).unwrap();
        let mut rows: Vec<&str> = text.lines().collect();
        rows.rotate_left(1);
        std::fs::write(dir.join("solution.grid"), rows.join("\n") + "\n").unwrap();
    };
    assert_rejected(
        &case("grid", &edit_grid, true),
        "solution.grid",
        "checking the grid",
    );
    let edit_nogood = |dir: &Path| {
        let text = std::fs::read_to_string(dir.join("nogood.cnf")).unwrap();
        std::fs::write(dir.join("nogood.cnf"), text.replace(" -212 0", " 0")).unwrap();
    };
    let nogood = "comparing the no-good";
    assert_rejected(&case("nogood", &edit_nogood, true), "nogood.cnf", nogood);
    // No manifest, a missing file, a manifest of another kind.
    let no_manifest = |dir: &Path| std::fs::remove_file(dir.join("manifest.json")).unwrap();
    let manifest_step = "reading the manifest";
    assert_rejected(
        &case("manifest", &no_manifest, false),
        "manifest.json",
        manifest_step,
    );
    let no_proof = |dir: &Path| std::fs::remove_file(dir.join("proof.drat")).unwrap();
    assert_rejected(&case("missing", &no_proof, false), "proof.drat", hashes);
    let cube = |dir: &Path| {
        let mut m = manifest(dir);
        m["proofs"][0]["cube"] = serde_json::json!([1]);
        std::fs::write(dir.join("manifest.json"), m.to_string()).unwrap();
    };
    assert_rejected(&case("cube", &cube, false), "manifest.json", manifest_step);
    // The untouched copy still checks.
    assert_eq!(code(&case("untouched", &|_| {}, false)), 0);
}

#[test]
fn a_missing_checker_is_an_error_and_writes_nothing() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = puzzle(tmp.path(), "kk0.cage", KK0);
    let dir = tmp.path().join("cert");
    let mut cmd = cagec(&[
        "solve",
        "--unique",
        "--certify",
        dir.to_str().unwrap(),
        puzzle_path.to_str().unwrap(),
    ]);
    cmd.env("CAGEC_RATE", "/nonexistent/rate");
    let out = run(cmd);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("CAGEC_RATE=/nonexistent/rate")
            && stderr(&out).contains("cargo install rate"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.exists());
    assert_eq!(entries(tmp.path()), ["kk0.cage"]);

    // `certify check` with rate neither named nor on PATH.
    let good = kk0_certificate(tmp.path());
    let bin = tmp.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let mut cmd = cagec(&["certify", "check", good.to_str().unwrap()]);
    cmd.env("PATH", &bin).env_remove("CAGEC_RATE");
    let out = run(cmd);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("`rate` is not on PATH and CAGEC_RATE is not set"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("not certified"));
}

#[test]
fn a_folder_that_is_not_empty_is_never_touched() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = puzzle(tmp.path(), "kk0.cage", KK0);
    let dir = tmp.path().join("cert");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let out = certify(&puzzle_path, &dir, &[]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("already exists and is not an empty folder"),
        "{}",
        stderr(&out)
    );
    assert_eq!(entries(&dir), ["notes.txt"]);
    assert_eq!(entries(tmp.path()), ["cert", "kk0.cage"]);
    // A file of that name too; an empty folder is fine.
    let file = tmp.path().join("file");
    std::fs::write(&file, "x").unwrap();
    assert_eq!(code(&certify(&puzzle_path, &file, &[])), 2);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = certify(&puzzle_path, &empty, &[]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(empty.join("proof.drat").is_file());
    // --certify takes one puzzle.
    let out = certify(
        &puzzle_path,
        &tmp.path().join("two"),
        &[puzzle_path.to_str().unwrap()],
    );
    assert_eq!(code(&out), 2, "{}", stderr(&out));
}

/// A prover that dies half-way through its proof (a full disk): an error
/// naming the proof, and neither the folder nor a temporary one is left.
#[test]
fn a_prover_that_fails_leaves_no_folder() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let puzzle_path = puzzle(tmp.path(), "kk0.cage", KK0);
    let fake = tmp.path().join("fake-cadical");
    std::fs::write(
        &fake,
        "#!/bin/sh\n# the last argument is the proof\nfor a; do proof=$a; done\n\
         printf 'd 1 2 0\\n' > \"$proof\"\necho 'cadical: error: writing proof: No space left on device' >&2\nexit 1\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out_dir = tmp.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let dir = out_dir.join("cert");
    let mut cmd = cagec(&[
        "solve",
        "--unique",
        "--json",
        "--certify",
        dir.to_str().unwrap(),
        puzzle_path.to_str().unwrap(),
    ]);
    cmd.env("CAGEC_CADICAL", &fake);
    let out = run(cmd);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("proof.drat") && err.contains("No space left on device"),
        "{err}"
    );
    assert_eq!(record(&out)["certified"], false);
    assert!(
        entries(&out_dir).is_empty(),
        "left behind: {:?}",
        entries(&out_dir)
    );
}

/// Every fixture with a published grid is unique: each gets a certificate
/// of that grid, which the checker accepts again from the folder alone.
#[test]
fn every_unique_fixture_is_certified_and_checked() {
    if !tools() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for (path, grid) in fixtures() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let dir = tmp.path().join(&name);
        let out = certify(&path, &dir, &[]);
        assert_eq!(code(&out), 0, "{name}: {}", stderr(&out));
        let r = record(&out);
        assert_eq!(r["certified"], true, "{name}: {r}");
        assert_eq!(r["grid"], serde_json::json!(grid), "{name}");
        let again = check(&dir);
        assert_eq!(code(&again), 0, "{name}: {}", stderr(&again));
    }
}
