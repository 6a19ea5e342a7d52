//! The readers of the conformance tier: which formats each reads, the lines
//! it prints while reading a good file (its report), the short allow-list of
//! messages about the reader rather than the file, and its licence's size
//! limit. Any other line a reader prints while reading is a warning.

/// One reader of `tests/conformance/read.py`.
pub struct Reader {
    /// The name `read.py` takes.
    pub name: &'static str,
    /// Reads CPLEX-LP (OR-Tools' LP reader reads its own LP dialect).
    pub lp: bool,
    /// Python package (`None`: a binary on PATH).
    pub package: Option<&'static str>,
    /// Would its licence refuse a model of `rows` rows and `cols` columns?
    pub over_limit: fn(rows: u64, cols: u64) -> bool,
    /// Its report of a read, as [`shape`]s with `*` for any text.
    pub report: &'static [&'static str],
    /// Messages about the reader, not the file, as [`shape`]s.
    pub allowed: &'static [&'static str],
}

fn unlimited(_: u64, _: u64) -> bool {
    false
}

pub const READERS: &[Reader] = &[
    Reader {
        name: "scip",
        lp: true,
        package: Some("pyscipopt"),
        over_limit: unlimited,
        report: &["original problem has # variables (# bin, # int, # cont) and # constraints"],
        allowed: &[],
    },
    Reader {
        name: "gurobi",
        lp: true,
        package: Some("gurobipy"),
        // The pip licence: at most 2000 variables and 2000 linear constraints.
        over_limit: |rows, cols| rows > 2000 || cols > 2000,
        report: &[
            "Read LP format model from file *",
            "Read MPS format model from file *",
            "Reading time = #.# seconds",
            "*: # rows, # columns, # nonzeros",
        ],
        allowed: &[],
    },
    Reader {
        name: "cplex",
        lp: true,
        package: Some("cplex"),
        // Community Edition: at most 1000 variables and 1000 constraints.
        over_limit: |rows, cols| rows > 1000 || cols > 1000,
        // The MPS reader names the objective, RHS and bound sets it chose.
        report: &[
            "Selected objective sense: MINIMIZE",
            "Selected objective name: obj",
            "Selected RHS name: RHS",
            "Selected bound name: BND",
        ],
        allowed: &[],
    },
    Reader {
        name: "xpress",
        lp: true,
        package: Some("xpress"),
        // Community licence: at most 5000 rows and columns together.
        over_limit: |rows, cols| rows + cols > 5000,
        report: &[
            "Reading Problem *",
            "Problem Statistics",
            "# ( # spare) rows",
            "# ( # spare) structural columns",
            "# ( # spare) non-zero elements",
            "MIP Entity Statistics",
            "# entities # sets # set members",
        ],
        allowed: &[],
    },
    Reader {
        name: "highspy",
        lp: true,
        package: Some("highspy"),
        over_limit: unlimited,
        report: &["Number of BV entries in BOUNDS section is #"],
        allowed: &[],
    },
    Reader {
        name: "ortools",
        lp: false,
        package: Some("ortools"),
        over_limit: unlimited,
        // Its importer prints nothing; a file it refuses is an error.
        report: &[],
        allowed: &[],
    },
    Reader {
        name: "highs-bin",
        lp: true,
        package: None,
        over_limit: unlimited,
        report: &[
            "Running HiGHS #.#.# (git hash: *): Copyright (c) # under MIT licence terms",
            "Includes third-party software components, see THIRD_PARTY_NOTICES.md for full details",
            "Command line parsed using CLI# #.#.#: Copyright (c) *",
            "Set option threads to #",
            "Number of BV entries in BOUNDS section is #",
            "MIP * has # rows; # cols; # nonzeros; # integer variables (# binary)",
        ],
        allowed: &[],
    },
    Reader {
        name: "cbc-bin",
        lp: true,
        package: None,
        over_limit: unlimited,
        report: &[
            "CBC * — COIN-OR Branch and Cut",
            "args: * -quit",
            "default strategy #",
            "▶ Problem loading",
            "Problem: *",
            "|Rows| = # |Cols| = # |NZ| = #",
            "Variables: # binary, # integer, # continuous",
            "Coefficient ranges:",
            "Matrix ∈ [*] κ ≈ *",
            "Cost ∈ [*] κ ≈ *",
            "Bounds ∈ [*] κ ≈ *",
            "RHS ∈ [*] κ ≈ *",
            "✔ Problem loaded — # rows, # cols, # NZ, # integer",
            "Total time (Wallclock seconds): * (CPU seconds): *",
        ],
        allowed: &[],
    },
];

/// A line with its numbers as `#` and its runs of white space as one space,
/// trimmed: `  75 (   1 spare) rows` is `# ( # spare) rows`.
pub fn shape(line: &str) -> String {
    let mut out = String::new();
    for word in line.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        let mut digits = false;
        for c in word.chars() {
            if !c.is_ascii_digit() {
                out.push(c);
            } else if !digits {
                out.push('#');
            }
            digits = c.is_ascii_digit();
        }
    }
    out
}

/// Does `text` match `pattern`, where `*` stands for any text?
pub fn glob(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Is this line, printed while `reader` read a file, a warning about the
/// file? Anything that is neither its report nor allowed is.
pub fn is_warning(reader: &Reader, line: &str) -> bool {
    let s = shape(line);
    let known = |patterns: &[&str]| patterns.iter().any(|p| glob(p, &s));
    !known(reader.report) && !known(reader.allowed)
}

#[test]
fn reports_are_told_from_warnings() {
    let reader = |name| READERS.iter().find(|r| r.name == name).unwrap();
    let quiet = [
        (
            "scip",
            "original problem has 82 variables (66 bin, 0 int, 16 cont) and 75 constraints",
        ),
        ("gurobi", "Read LP format model from file /tmp/x/kk0.0.lp"),
        ("gurobi", "kk0: 75 rows, 82 columns, 305 nonzeros"),
        ("cplex", "Selected objective sense:  MINIMIZE"),
        ("xpress", "          75 (      1 spare) rows"),
        ("highspy", "Number of BV entries in BOUNDS section is 66"),
        (
            "highs-bin",
            "MIP kk0 has 75 rows; 82 cols; 305 nonzeros; 66 integer variables (66 binary)",
        ),
        (
            "cbc-bin",
            "✔ Problem loaded — 75 rows, 82 cols, 305 NZ, 66 integer",
        ),
        ("cbc-bin", "    Matrix  ∈ [1,  6]   κ ≈  6"),
    ];
    for (name, line) in quiet {
        assert!(!is_warning(reader(name), line), "{name}: {line}");
    }
    // As the readers printed them on files with repeated names, unknown
    // columns and repeated bounds.
    let warnings = [
        (
            "scip",
            "WARNING: variable <x> declared as binary has non-binary bounds[-1, 4] -> if feasible, bounds will be adjusted",
        ),
        (
            "gurobi",
            "Warning: unknown variable 'z' in bounds section (line 10)",
        ),
        ("cplex", "Row 'c1' repeats."),
        ("cplex", "Warning, line 8: Name 'z' does not exist."),
        (
            "xpress",
            "?548 Warning: Repeated bound at (8.2):. Previous bound ignored.",
        ),
        (
            "highspy",
            "WARNING: Column name \"x\" in BOUNDS section has duplicate upper bound definition: ignored",
        ),
        (
            "ortools",
            "W0123 12:00:00.000000 1234 mps_reader.cc:99] anything",
        ),
        (
            "highs-bin",
            "WARNING: Column 1 (name \"y\") occurs 2 times in row 0 (name \"c1\"): values summed to 2",
        ),
        ("cbc-bin", "  ⚠ 1 parse warning(s) in input file:"),
        (
            "cbc-bin",
            "ERROR: CoinLpIO::readLp, ### ERROR: 2 duplicates in objective and matrix",
        ),
        // A report line with more after it is not the report.
        ("gurobi", "Reading time = 0.00 seconds (1 warning)"),
    ];
    for (name, line) in warnings {
        assert!(is_warning(reader(name), line), "{name}: {line}");
    }
}

#[test]
fn shapes_and_globs() {
    assert_eq!(shape("  75 (      1 spare) rows"), "# ( # spare) rows");
    assert_eq!(
        shape("Reading time = 0.00 seconds"),
        "Reading time = #.# seconds"
    );
    assert!(glob("a*c", "abbc"));
    assert!(glob("*: # rows", "kk#: # rows"));
    assert!(!glob("a*c", "abcd"));
    assert!(!glob("abc", "abcd"));
    assert!(glob("a*b*c", "abc"));
    assert!(!glob("ab*ba", "aba"));
}
