//! Snapshots of every back-end on every fixture (`snapshots/<format>@<fixture>.snap`),
//! and of the formulation options on two fixtures. A changed snapshot is
//! reviewed line by line, never accepted blindly. The other solver families'
//! formats are snapshotted as `compile --to opb|cnf|mzn|fzn` writes them by
//! default: from the tuples model.

use std::path::Path;

use cagec::back::{self, OutputFormat};
use cagec::compile::Compiled;
use cagec::formulate::{self, Formulation, KillerForm, Options, ProductMethod};
use cagec::input;
use cagec::ir::Puzzle;
use cagec::model::Model;

fn emit(path: &Path, opts: &Options, fill: impl FnOnce(&Puzzle, &Model, &mut Vec<u8>)) -> String {
    let loaded = input::load(path, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut model = formulate::formulate_with(&loaded.puzzle, opts).unwrap();
    model.name = loaded.stem.clone();
    let mut out = Vec::new();
    fill(&loaded.puzzle, &model, &mut out);
    String::from_utf8(out).expect("emitted text is UTF-8")
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

/// What `cagec compile --to ampl` writes besides the shared model: the
/// paper's data file, or the flat model when the paper's AMPL cannot express it.
fn ampl(p: &Puzzle, m: &Model, opts: &Options, w: &mut Vec<u8>) {
    if formulate::paper_ampl_applies(p, opts) {
        back::ampl::write_data(p, &[], w).unwrap();
    } else {
        back::write_mathprog(m, w).unwrap();
    }
}

#[test]
fn every_backend_on_every_fixture() {
    let opts = Options::default();
    settings().bind(|| {
        insta::glob!("../../fixtures/puzzles", "*.*", |path| {
            let lp = emit(path, &opts, |_, m, w| back::write_lp(m, w).unwrap());
            insta::assert_snapshot!("lp", lp);
            let mps = emit(path, &opts, |_, m, w| back::write_mps(m, w).unwrap());
            insta::assert_snapshot!("mps", mps);
            let fixed = emit(path, &opts, |_, m, w| {
                let names = back::fixed_names(m);
                back::write_fixed_mps(m, &names, w).unwrap();
                w.extend_from_slice(b"\n=== rename map ===\n");
                back::write_rename_map(m, &names, w).unwrap();
            });
            insta::assert_snapshot!("fixed-mps", fixed);
            let dat = emit(path, &opts, |p, m, w| ampl(p, m, &opts, w));
            insta::assert_snapshot!("ampl-dat", dat);
        });
        let mut model = Vec::new();
        back::ampl::write_model(&mut model).unwrap();
        insta::assert_snapshot!("ampl-mod", String::from_utf8(model).unwrap());
    });
}

#[test]
fn every_family_format_on_every_fixture() {
    let opts = Options {
        formulation: Formulation::Tuples,
        ..Options::default()
    };
    settings().bind(|| {
        insta::glob!("../../fixtures/puzzles", "*.*", |path| {
            let loaded = input::load(path, None).unwrap();
            for format in [OutputFormat::Opb, OutputFormat::Cnf, OutputFormat::Fzn] {
                let c = Compiled::new(&loaded.puzzle, &opts, format, &loaded.stem).unwrap();
                let text = String::from_utf8(c.to_bytes()).unwrap();
                insta::assert_snapshot!(format.name(), text);
            }
            let data = back::mzn::mzn_data(&loaded.puzzle, &opts, &loaded.stem).unwrap();
            let mut dzn = Vec::new();
            back::mzn::write_mzn_data(&data, &[], &mut dzn).unwrap();
            insta::assert_snapshot!("dzn", String::from_utf8(dzn).unwrap());
        });
        let mut model = Vec::new();
        back::mzn::write_mzn_model(&mut model).unwrap();
        insta::assert_snapshot!("mzn-model", String::from_utf8(model).unwrap());
    });
}

#[test]
fn every_formulation_option_on_two_fixtures() {
    let base = Options::default();
    let options = [
        (
            "presolve",
            Options {
                presolve: true,
                ..base.clone()
            },
        ),
        (
            "product-sets",
            Options {
                product: ProductMethod::Sets,
                ..base.clone()
            },
        ),
        (
            "product-auto",
            Options {
                product: ProductMethod::Auto,
                ..base.clone()
            },
        ),
        (
            "tuples",
            Options {
                formulation: Formulation::Tuples,
                ..base.clone()
            },
        ),
        (
            "tuples-presolve",
            Options {
                formulation: Formulation::Tuples,
                presolve: true,
                ..base.clone()
            },
        ),
        (
            "cover",
            Options {
                formulation: Formulation::Cover,
                ..base.clone()
            },
        ),
        (
            "cover-presolve",
            Options {
                formulation: Formulation::Cover,
                presolve: true,
                ..base.clone()
            },
        ),
        // Cages past the limit keep x, y and the paper's rows beside the z.
        (
            "cover-limit3",
            Options {
                formulation: Formulation::Cover,
                tuple_limit: 3,
                ..base.clone()
            },
        ),
    ];
    settings().bind(|| {
        for fixture in ["kk0.cage", "melkonian5.dat"] {
            let path = Path::new("fixtures/puzzles").join(fixture);
            for (label, opts) in &options {
                let lp = emit(&path, opts, |_, m, w| back::write_lp(m, w).unwrap());
                insta::assert_snapshot!(format!("lp-{label}@{fixture}"), lp);
            }
            let flat = emit(&path, &options[3].1, |_, m, w| {
                back::write_mathprog(m, w).unwrap()
            });
            insta::assert_snapshot!(format!("mathprog-tuples@{fixture}"), flat);
        }
        let combined = Options {
            killer_form: KillerForm::Combined,
            ..base.clone()
        };
        let path = Path::new("fixtures/puzzles/killer9.cage");
        let lp = emit(path, &combined, |_, m, w| back::write_lp(m, w).unwrap());
        insta::assert_snapshot!("lp-killer-combined@killer9.cage", lp);
        let cover = Options {
            formulation: Formulation::Cover,
            ..base.clone()
        };
        let lp = emit(path, &cover, |_, m, w| back::write_lp(m, w).unwrap());
        insta::assert_snapshot!("lp-cover@killer9.cage", lp);
    });
}
