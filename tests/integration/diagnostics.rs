//! Every file in `fixtures/invalid/` must be rejected, and what cagec says
//! about it is pinned in `snapshots/diag@<file>.snap` (the rendered text a
//! user sees: `file:line:col: error: …`, the source line and a caret).

use std::path::Path;

use cagec::io::input::{self, LoadError};

#[test]
fn invalid_fixtures_are_rejected_with_these_messages() {
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::glob!("../../fixtures/invalid", "*", |path| {
            // The walk also offers the directory itself (`*` matches "").
            if path.is_dir() {
                return;
            }
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            let shown = Path::new("fixtures/invalid").join(name);
            let text = rejected(path, &shown);
            // Named `diag`; the glob adds `@<file>`: snapshots/diag@<file>.snap.
            insta::assert_snapshot!("diag", text);
        });
    });
}

/// The rendered rejection of `path`, with its file name shown as `shown` so
/// the snapshots do not depend on where the repository lives.
fn rejected(path: &Path, shown: &Path) -> String {
    let bytes = std::fs::read(path).expect("fixture is readable");
    let Ok(src) = String::from_utf8(bytes) else {
        // Not UTF-8: `input::load` refuses it before any parser runs.
        return match input::load(path, None) {
            Err(e @ LoadError::NotText(..)) => e
                .to_string()
                .replace(&path.display().to_string(), &shown.display().to_string()),
            other => panic!(
                "{} should be refused as binary, got {other:?}",
                shown.display()
            ),
        };
    };
    let format = cagec::front::InputFormat::from_path(path)
        .unwrap_or_else(|| panic!("{}: unknown extension", shown.display()));
    let stem = input::stem_of(path);
    match input::load_str(&src, format, shown.display().to_string(), stem) {
        Err(LoadError::Invalid {
            rendered, count, ..
        }) => {
            assert!(count > 0, "{}: rejected without an error", shown.display());
            assert!(
                rendered.contains("error:"),
                "{}: {rendered}",
                shown.display()
            );
            rendered
        }
        Err(other) => panic!("{}: unexpected failure {other}", shown.display()),
        Ok(_) => panic!("{} was accepted but is invalid", shown.display()),
    }
}

#[test]
fn load_itself_rejects_every_invalid_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/invalid");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures/invalid exists") {
        let path = entry.expect("dir entry").path();
        assert!(
            input::load(&path, None).is_err(),
            "{} was accepted",
            path.display()
        );
        seen += 1;
    }
    assert!(seen >= 40, "only {seen} invalid fixtures");
}

/// Through the command line: every invalid fixture exits 2, locates its error
/// as file:line:column when the error is on a line, and writes nothing.
#[test]
fn the_cli_refuses_every_invalid_fixture_with_exit_2_and_no_output() {
    // Errors about the file as a whole: no line to point at.
    let whole_file = [
        "comments-only.cage",
        "dat-empty.dat",
        "dat-missing-n.dat",
        "empty.cage",
        "not-square.cage",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/invalid");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 40, "only {} invalid fixtures", names.len());
    for name in names {
        let out_dir = tempfile::tempdir().unwrap();
        let out = out_dir.path().join("model.lp");
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_cagec"))
            .arg("compile")
            .arg(dir.join(&name))
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        let located = err.lines().any(|l| {
            let rest = l.split_once(&name).map_or("", |(_, r)| r);
            let mut parts = rest.splitn(4, ':');
            parts.next() == Some("")
                && parts.next().is_some_and(|n| n.parse::<usize>().is_ok())
                && parts.next().is_some_and(|n| n.parse::<usize>().is_ok())
        });
        assert_eq!(
            located,
            !whole_file.contains(&name.as_str()),
            "{name}: {err}"
        );
        let left = std::fs::read_dir(out_dir.path()).unwrap().count();
        assert_eq!(left, 0, "{name}: a file was left in the output directory");
    }
}
