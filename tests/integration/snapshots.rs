//! Snapshots of every back-end on every fixture
//! (`snapshots/<format>@<fixture>.snap`), and of the formulation options on
//! two fixtures. Each holds what `cagec compile FIXTURE --to FORMAT -o
//! NAME.EXT [OPTIONS]` writes, made as the command makes it: the options it
//! builds from its flags ([`option_sets::compile_options`]), then
//! [`Compiled::files`]. A changed snapshot is reviewed line by line, never
//! accepted blindly. The other solver families' formats are snapshotted as
//! `compile --to opb|cnf|mzn|fzn` writes them by default: from the tuples
//! model.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cagec::back::OutputFormat;
use cagec::compile::Compiled;
use cagec::io::input;

use crate::support::option_sets;

/// What `cagec compile PATH --to FORMAT -o NAME.EXT FLAGS` writes (NAME the
/// puzzle's stem, EXT the format's).
struct Written {
    /// The files, with their text, in the order `compile` writes them.
    files: Vec<(PathBuf, String)>,
    /// Written from a model: false for the paper's AMPL pair and the
    /// MiniZinc pair, which formulate in their own languages.
    from_model: bool,
}

/// `path` compiled for `format` with `flags`, as `compile` does, in memory.
fn compile(path: &Path, format: OutputFormat, flags: &[&str]) -> Written {
    let what = format!("{} --to {} {flags:?}", path.display(), format.name());
    let loaded = input::load_with(path, None, flags.contains(&"--killer"))
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let opts = option_sets::compile_options(flags, format);
    let compiled = Compiled::new(&loaded.puzzle, &opts, format, &loaded.stem)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let out = Path::new(&loaded.stem).with_extension(format.extension());
    let files = compiled
        .files(&out, None)
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .into_iter()
        .map(|(file, bytes)| {
            let text = String::from_utf8(bytes)
                .unwrap_or_else(|e| panic!("{what}: {} is not UTF-8: {e}", file.display()));
            (file, text)
        })
        .collect();
    Written {
        files,
        from_model: compiled.model().is_some(),
    }
}

/// The one file `compile` writes for `format`.
fn single(path: &Path, format: OutputFormat, flags: &[&str]) -> String {
    let mut written = compile(path, format, flags).files;
    assert_eq!(
        written.len(),
        1,
        "{} --to {}",
        path.display(),
        format.name()
    );
    written.remove(0).1
}

/// The two files `compile` writes for `format`: the model at `-o`, then the
/// file beside it, whose extension is `beside`; and whether they were
/// written from a model.
fn pair(path: &Path, format: OutputFormat, flags: &[&str], beside: &str) -> (String, String, bool) {
    let written = compile(path, format, flags);
    let names: Vec<PathBuf> = written.files.iter().map(|(p, _)| p.clone()).collect();
    let extensions: Vec<_> = names.iter().filter_map(|p| p.extension()).collect();
    assert_eq!(
        extensions,
        [format.extension(), beside],
        "{} --to {}: {names:?}",
        path.display(),
        format.name()
    );
    let mut texts = written.files.into_iter().map(|(_, text)| text);
    let (first, second) = (texts.next().unwrap(), texts.next().unwrap());
    (first, second, written.from_model)
}

/// Snapshots `texts`, a file every fixture gets alike, once as `name`; all
/// must be the same bytes.
fn assert_shared(name: &str, texts: BTreeSet<String>) {
    assert_eq!(texts.len(), 1, "{name}: not the same for every fixture");
    insta::assert_snapshot!(name, texts.into_iter().next().unwrap());
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn every_backend_on_every_fixture() {
    let mut paper_models = BTreeSet::new();
    settings().bind(|| {
        insta::glob!("../../fixtures/puzzles", "*.*", |path| {
            insta::assert_snapshot!("lp", single(path, OutputFormat::Lp, &[]));
            insta::assert_snapshot!("mps", single(path, OutputFormat::Mps, &[]));
            let (fixed, map, _) = pair(path, OutputFormat::FixedMps, &[], "map");
            let fixed = format!("{fixed}\n=== rename map ===\n{map}");
            insta::assert_snapshot!("fixed-mps", fixed);
            // `ampl-dat` is the file of the pair that is this puzzle's: the
            // paper's data beside its model, which is the same for every
            // puzzle (`ampl-mod`); or, beyond the paper, the flat model,
            // beside a .dat that holds no data.
            let (model, data, from_model) = pair(path, OutputFormat::Ampl, &[], "dat");
            if from_model {
                insta::assert_snapshot!("ampl-dat", model);
            } else {
                paper_models.insert(model);
                insta::assert_snapshot!("ampl-dat", data);
            }
        });
        assert_shared("ampl-mod", paper_models);
    });
}

#[test]
fn every_family_format_on_every_fixture() {
    let mut mzn_models = BTreeSet::new();
    settings().bind(|| {
        insta::glob!("../../fixtures/puzzles", "*.*", |path| {
            for format in [OutputFormat::Opb, OutputFormat::Cnf, OutputFormat::Fzn] {
                insta::assert_snapshot!(format.name(), single(path, format, &[]));
            }
            // The generic MiniZinc model, the same for every puzzle
            // (`mzn-model`), and the puzzle's data beside it.
            let (model, data, _) = pair(path, OutputFormat::Mzn, &[], "dzn");
            mzn_models.insert(model);
            insta::assert_snapshot!("dzn", data);
        });
        assert_shared("mzn-model", mzn_models);
    });
}

#[test]
fn every_formulation_option_on_two_fixtures() {
    let options: [(&str, &[&str]); 8] = [
        ("presolve", &["--presolve"]),
        ("product-sets", &["--product", "sets"]),
        ("product-auto", &["--product", "auto"]),
        ("tuples", &["--formulation", "tuples"]),
        (
            "tuples-presolve",
            &["--formulation", "tuples", "--presolve"],
        ),
        ("cover", &["--formulation", "cover"]),
        ("cover-presolve", &["--formulation", "cover", "--presolve"]),
        // Cages past the limit keep x, y and the paper's rows beside the z.
        (
            "cover-limit3",
            &["--formulation", "cover", "--tuple-limit", "3"],
        ),
    ];
    settings().bind(|| {
        for fixture in ["kk0.cage", "melkonian5.dat"] {
            let path = Path::new("fixtures/puzzles").join(fixture);
            for (label, flags) in options {
                let lp = single(&path, OutputFormat::Lp, flags);
                insta::assert_snapshot!(format!("lp-{label}@{fixture}"), lp);
            }
            // The tuples model is beyond the paper's AMPL pair: a flat
            // MathProg model, beside a .dat that holds no data.
            let tuples = &["--formulation", "tuples"];
            let (flat, _, from_model) = pair(&path, OutputFormat::Ampl, tuples, "dat");
            assert!(from_model, "{fixture}: tuples written as the paper's pair");
            insta::assert_snapshot!(format!("mathprog-tuples@{fixture}"), flat);
        }
        let path = Path::new("fixtures/puzzles/killer9.cage");
        let lp = single(path, OutputFormat::Lp, &["--killer-form", "combined"]);
        insta::assert_snapshot!("lp-killer-combined@killer9.cage", lp);
        let lp = single(path, OutputFormat::Lp, &["--formulation", "cover"]);
        insta::assert_snapshot!("lp-cover@killer9.cage", lp);
    });
}
