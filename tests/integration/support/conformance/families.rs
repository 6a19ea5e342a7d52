//! The readers of the family section of the conformance tier: for each, the
//! format it reads, how it is run, which part of its output is its report
//! of the read, the lines allowed there, and a probe file it must warn about
//! or refuse (so a capture that lost its messages cannot pass).

/// How a reader runs.
#[derive(Clone, Copy)]
pub enum Run {
    /// A binary on PATH: `program ARGS… FILE`.
    Binary {
        program: &'static str,
        args: &'static [&'static str],
    },
    /// A reader of `tests/conformance/read.py`, in the project's venv.
    Python(&'static str),
}

/// One reader of one format.
pub struct FamilyReader {
    pub name: &'static str,
    /// `opb`, `cnf`, `mzn` or `fzn`.
    pub format: &'static str,
    pub run: Run,
    /// The lines of its output that are its reading of the file: from one
    /// starting with the first text through one starting with the second (to
    /// the end when there is none). `None`: every line that is not the
    /// answer. Outside the section, a line that says "warn" or "error" is a
    /// warning too.
    pub section: Option<(&'static str, &'static str)>,
    /// Its report of a read, as `readers::shape`s with `*` for any text.
    pub report: &'static [&'static str],
    /// A file it must warn about or refuse: its name and text.
    pub probe: (&'static str, &'static str),
}

/// An OPB file with `<=` and more variables than it declares.
const PROBE_OPB: &str = "* #variable= 1 #constraint= 1\n+1 x1 +1 x2 <= 1 ;\n";
/// A CNF file whose clause is split over two lines, with a variable beyond
/// the declared count.
const PROBE_CNF: &str = "p cnf 1 1\n1\n2 0\n";

pub const FAMILY_READERS: &[FamilyReader] = &[
    FamilyReader {
        name: "sat4j",
        format: "opb",
        run: Run::Binary {
            program: "sat4j-pb",
            args: &[],
        },
        section: Some(("c reading problem", "c ... done.")),
        report: &["c reading problem ...", "c ... done. Wall clock time #.#s."],
        probe: ("probe.opb", PROBE_OPB),
    },
    FamilyReader {
        name: "clasp",
        format: "opb",
        run: Run::Binary {
            program: "clasp",
            args: &[],
        },
        section: Some(("c Reading from", "c Solving...")),
        report: &["c Reading from *", "c Solving..."],
        probe: ("probe.opb", PROBE_OPB),
    },
    FamilyReader {
        name: "minisat+",
        format: "opb",
        run: Run::Binary {
            program: "minisat+",
            args: &[],
        },
        section: Some(("c Parsing PB file...", "c Converting")),
        report: &[
            "c Parsing PB file...",
            "c Converting # PB-constraints to clauses...",
        ],
        // minisat+ reads `<=` rows and unknown variables, not CRLF.
        probe: (
            "probe.opb",
            "* #variable= 1 #constraint= 1\r\n+1 x1 >= 1 ;\r\n",
        ),
    },
    FamilyReader {
        name: "scip",
        format: "opb",
        run: Run::Python("scip"),
        section: None,
        report: &["original problem has # variables (# bin, # int, # cont) and # constraints"],
        probe: ("probe.opb", "* #variable= 1 #constraint= 1\n+1 x1 >= ;\n"),
    },
    FamilyReader {
        name: "cadical",
        format: "cnf",
        run: Run::Binary {
            program: "cadical",
            args: &[],
        },
        section: Some(("c --- [ parsing input ]", "c after reading")),
        report: &[
            "c --- [ parsing input ] ------------------------------------------------------",
            "c",
            "c reading DIMACS file from '*'",
            "c opening file to read '*'",
            "c found 'p cnf # #' header",
            "c parsed # clauses in #.# seconds process time",
            "c closing file '*'",
            "c after reading # bytes #.# MB",
        ],
        probe: ("probe.cnf", PROBE_CNF),
    },
    FamilyReader {
        name: "picosat",
        format: "cnf",
        run: Run::Binary {
            program: "picosat",
            args: &[],
        },
        section: None,
        report: &[],
        probe: ("probe.cnf", PROBE_CNF),
    },
    FamilyReader {
        name: "cryptominisat5",
        format: "cnf",
        run: Run::Binary {
            program: "cryptominisat5",
            args: &[],
        },
        section: Some(("c Reading file", "c Parsing time")),
        report: &[
            "c Reading file '*'",
            "c -- header says num vars: #",
            "c -- header says num clauses: #",
            "c -- clauses added: #",
            "c -- xor clauses added: #",
            "c -- vars added #",
            "c Parsing time: #.# s",
        ],
        probe: ("probe.cnf", PROBE_CNF),
    },
    FamilyReader {
        name: "sat4j",
        format: "cnf",
        run: Run::Binary {
            program: "sat4j-core",
            args: &[],
        },
        section: Some(("c reading problem", "c ... done.")),
        report: &["c reading problem ...", "c ... done. Wall clock time #.#s."],
        // Sat4j reads a clause beyond the declared variables; no comment
        // after the `p` line.
        probe: ("probe.cnf", "p cnf 1 1\n1 0\nc late\n"),
    },
    FamilyReader {
        name: "kissat",
        format: "cnf",
        run: Run::Python("kissat"),
        section: None,
        report: &[],
        probe: ("probe.cnf", "p cnf 1 1\n1 two 0\n"),
    },
    FamilyReader {
        name: "minizinc-gecode",
        format: "mzn",
        run: Run::Binary {
            program: "minizinc",
            args: &["--solver", "gecode"],
        },
        section: None,
        report: &[],
        probe: (
            "probe.mzn",
            "var 1..2: x;\nconstraint x = true;\nsolve satisfy;\n",
        ),
    },
    FamilyReader {
        name: "minizinc-std",
        format: "mzn",
        run: Run::Binary {
            program: "minizinc",
            args: &["--solver", "gecode", "-G", "std"],
        },
        section: None,
        report: &[],
        probe: (
            "probe.mzn",
            "var 1..2: x;\nconstraint x = true;\nsolve satisfy;\n",
        ),
    },
    FamilyReader {
        name: "fzn-gecode",
        format: "fzn",
        run: Run::Binary {
            program: "fzn-gecode",
            args: &[],
        },
        section: None,
        report: &[],
        probe: ("probe.fzn", PROBE_FZN),
    },
    FamilyReader {
        name: "scip",
        format: "fzn",
        run: Run::Python("scip"),
        section: None,
        report: &["original problem has # variables (# bin, # int, # cont) and # constraints"],
        probe: ("probe.fzn", PROBE_FZN),
    },
    FamilyReader {
        // Pumpkin 0.5.0 (crates.io), a lazy clause generation solver: it
        // follows the search annotation, and stops (`todo!`) on a builtin or
        // a search it lacks (`dom_w_deg`).
        name: "pumpkin",
        format: "fzn",
        run: Run::Binary {
            program: "pumpkin-solver",
            args: &[],
        },
        section: None,
        report: &[],
        probe: ("probe.fzn", PROBE_FZN),
    },
];

/// A FlatZinc constraint no reader tested knows.
const PROBE_FZN: &str = "var 1..2: x;\nconstraint no_such_builtin(x);\nsolve satisfy;\n";

/// Lines that answer rather than report: the competitions' `s` and `v`
/// lines, and a MiniZinc or FlatZinc solver's grid and separators.
pub fn is_answer(format: &str, line: &str) -> bool {
    match format {
        "opb" | "cnf" => line.starts_with("s ") || line.starts_with("v "),
        _ => {
            line.starts_with("grid = ")
                || line.starts_with("----------")
                || line.starts_with("==========")
                || line.split_whitespace().all(|w| w.parse::<u32>().is_ok())
        }
    }
}
