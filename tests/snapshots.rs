//! Snapshots of every back-end on every fixture (`snapshots/<format>@<fixture>.snap`).
//! A changed snapshot is reviewed line by line, never accepted blindly.

use std::path::Path;

use cagec::back;
use cagec::formulate::formulate;
use cagec::input;

fn emit(
    path: &Path,
    fill: impl FnOnce(&cagec::ir::Puzzle, &cagec::model::Model, &mut Vec<u8>),
) -> String {
    let loaded = input::load(path, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut model = formulate(&loaded.puzzle).unwrap();
    model.name = loaded.stem.clone();
    let mut out = Vec::new();
    fill(&loaded.puzzle, &model, &mut out);
    String::from_utf8(out).expect("emitted text is UTF-8")
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn every_backend_on_every_fixture() {
    settings().bind(|| {
        insta::glob!("../fixtures/puzzles", "*.*", |path| {
            let lp = emit(path, |_, m, w| back::write_lp(m, w).unwrap());
            insta::assert_snapshot!("lp", lp);
            let mps = emit(path, |_, m, w| back::write_mps(m, w).unwrap());
            insta::assert_snapshot!("mps", mps);
            let fixed = emit(path, |_, m, w| {
                let names = back::fixed_names(m);
                back::write_fixed_mps(m, &names, w).unwrap();
                w.extend_from_slice(b"\n=== rename map ===\n");
                back::write_rename_map(&names, w).unwrap();
            });
            insta::assert_snapshot!("fixed-mps", fixed);
            let dat = emit(path, |p, _, w| back::ampl::write_data(p, &[], w).unwrap());
            insta::assert_snapshot!("ampl-dat", dat);
        });
        let mut model = Vec::new();
        back::ampl::write_model(&mut model).unwrap();
        insta::assert_snapshot!("ampl-mod", String::from_utf8(model).unwrap());
    });
}
