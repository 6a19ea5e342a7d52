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

/// `program` is missing: what it is and how to get it.
pub fn missing(program: &str) -> String {
    let (what, flag) = match program {
        "highs" => ("HiGHS, from the PyPI package highsbox", ""),
        "cbc" => ("CBC, from the PyPI package cbcbox", ""),
        "glpsol" => ("GLPK, from Debian's glpk-utils", ""),
        "cadical" | "picosat" | "clasp" | "minisat+" => ("from its Debian package", " --families"),
        "cryptominisat5" => ("from Debian's cryptominisat", " --families"),
        "minizinc" | "fzn-gecode" => ("from Debian's minizinc", " --families"),
        "sat4j-pb" | "sat4j-core" => ("a wrapper over Debian's sat4j jars", " --families"),
        "kissat" => ("a wrapper over the PyPI package python-sat", " --families"),
        "scip" => ("a wrapper over the PyPI package pyscipopt", " --families"),
        "pumpkin-solver" => ("from the crate pumpkin-solver", " --families"),
        "rate" => ("the DRAT checker, from the crate rate", " --certify"),
        _ => ("a solver", ""),
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
