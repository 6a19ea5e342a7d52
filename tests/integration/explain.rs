//! Snapshots of `explain` on the essay's kk0 and the paper's 5×5 puzzle
//! (`snapshots/explain@kk0.snap`, `snapshots/explain@melkonian5.snap`).
//! A changed snapshot is read line by line before it is accepted.

use cagec::formulate::Options;
use cagec::io::input;
use cagec::present::explain::explain;

fn explained(path: &str) -> String {
    let loaded = input::load(path.as_ref(), None).unwrap_or_else(|e| panic!("{path}: {e}"));
    explain(&loaded.puzzle, &Options::default(), None).unwrap()
}

#[test]
fn explain_kk0_and_melkonian5() {
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("explain@kk0", explained("fixtures/puzzles/kk0.cage"));
        insta::assert_snapshot!("explain@melkonian5", explained("fixtures/puzzles/melkonian5.dat"));
    });
}
