//! What a test or bench says when it cannot find a solver binary: which one,
//! and how to install it. With `CI` set, a missing solver is a failure.
//! Shared by the tests (also through `support/solvers.rs` and
//! `support/solve/`) and the benches (`#[path]`).
#![allow(dead_code)]

/// Is `program` a file in a directory of `PATH`?
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

/// `program` is missing: what it is and how to get it. A solver's hint is
/// the core's own (`SolverSpec::install_hint`); only the conformance
/// tier's readers that are no solver of cagec's are described here.
pub fn missing(program: &str) -> String {
    use cagec::solve::{Family, Solver};
    let solver = Solver::ALL
        .iter()
        .map(|s| s.spec())
        .find(|spec| spec.routes.iter().any(|r| r.program == program));
    let (what, flag) = match solver {
        Some(spec) => (
            format!("{}: {}", spec.title, spec.install_hint),
            if spec.family == Family::Mip {
                ""
            } else {
                " --families"
            },
        ),
        None => {
            let (what, flag) = match program {
                "picosat" => ("from Debian's picosat", " --families"),
                "cryptominisat5" => ("from Debian's cryptominisat", " --families"),
                "sat4j-pb" | "sat4j-core" => ("a wrapper over Debian's sat4j jars", " --families"),
                "pumpkin-solver" => ("from the crate pumpkin-solver", " --families"),
                "rate" => ("the DRAT checker, from the crate rate", " --certify"),
                _ => ("a reader of the conformance tier", " --families"),
            };
            (what.to_string(), flag)
        }
    };
    format!(
        "`{program}` ({what}) is not on PATH: run the tests with scripts/test, which \
         installs it, or run scripts/install-solvers{flag} and put target/solvers/bin first \
         on PATH"
    )
}

/// Is `program` on `PATH`? When it is not: a failure if `CI` is set, else a
/// loud skip message and `false`.
pub fn require(program: &str) -> bool {
    if on_path(program) {
        return true;
    }
    let missing = missing(program);
    assert!(
        std::env::var_os("CI").is_none(),
        "{missing}. CI is set: the solver tests must run"
    );
    eprintln!("!!!!!! SKIPPED: {missing}; this test did not run !!!!!!");
    false
}
