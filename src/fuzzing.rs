//! The bodies of the cargo-fuzz targets in `fuzz/`, kept in the library so
//! that `tests/integration/fuzz_regressions.rs` replays stored inputs through exactly
//! the code the fuzzer ran. Each function panics when an invariant breaks
//! (that is what libFuzzer reports) and otherwise says what became of the
//! input. Not a public API.

use std::time::Duration;

use crate::native::Instant;

use crate::formulate::{
    self, FormulateError, Formulation, KillerForm, Options, ProductMethod, names,
};
use crate::front::write::{self, Format};
use crate::front::{self, InputFormat};
use crate::model::Model;
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Cage, Op, Puzzle, Rules};
use crate::{back, front::rules, io::input, native, puzzle::valid, puzzle::verify};

/// What became of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not UTF-8: the CLI refuses such a file before any parser sees it.
    NotText,
    /// The reader refused it, with located errors.
    Rejected,
    /// It parsed, then the rules or validation refused it, with located errors.
    Invalid,
    /// A valid puzzle (front-ends), a grid (the grid reader).
    Accepted,
    /// Pipeline: larger than the pipeline target's bound, not formulated.
    Skipped,
    /// Pipeline: formulation refused it (presolve contradiction, too many tuples…).
    Refused,
    /// Pipeline: a model was built and written in every format.
    Compiled,
}

/// A front-end on arbitrary bytes: parse, rules, validation, and for a valid
/// puzzle the trip through every writer and back.
pub fn front_end(format: InputFormat, data: &[u8]) -> Verdict {
    let Ok(src) = std::str::from_utf8(data) else {
        return Verdict::NotText;
    };
    let verdict = match front::parse(format, src) {
        Err(errors) => {
            assert!(errors.has_errors(), "Err without an error");
            assert_located(&errors, src);
            Verdict::Rejected
        }
        Ok((puzzle, warnings)) => {
            assert!(!warnings.has_errors(), "Ok with an error: {warnings:?}");
            assert_located(&warnings, src);
            checked(puzzle, src)
        }
    };
    // The CLI's path must come to the same answer (and render without panicking).
    let loaded = input::load_str(src, format, "fuzz".into(), "fuzz".into());
    assert_eq!(loaded.is_ok(), verdict == Verdict::Accepted, "{loaded:?}");
    verdict
}

/// Rules and validation of a parsed puzzle; a valid one goes round the writers.
fn checked(puzzle: Puzzle, src: &str) -> Verdict {
    for cage in &puzzle.cages {
        assert!(cage.span.line > 0, "a cage without a position: {cage:?}");
        assert_located(&Diagnostics(vec![Diagnostic::error(cage.span, "")]), src);
    }
    let puzzle = match rules::apply(puzzle, src, false) {
        Ok(p) => p,
        Err(errors) => {
            assert!(errors.has_errors());
            assert_located(&errors, src);
            return Verdict::Invalid;
        }
    };
    let problems = valid::check(&puzzle);
    assert_located(&problems, src);
    if problems.has_errors() {
        return Verdict::Invalid;
    }
    for format in [Format::Jwiki, Format::Dat, Format::Grid, Format::Keen] {
        round_trip(format, &puzzle);
    }
    Verdict::Accepted
}

/// Every diagnostic points into `src` (or at its end), or nowhere (line 0).
pub fn assert_located(diags: &Diagnostics, src: &str) {
    let lines: Vec<&str> = src.split('\n').collect();
    for d in &diags.0 {
        for Span { line, col } in std::iter::once(d.span).chain(d.notes.iter().map(|n| n.span)) {
            if line == 0 {
                continue;
            }
            let text = lines.get(line as usize - 1);
            let width = text.map_or(0, |t| t.chars().count() as u32);
            assert!(
                text.is_some() && col >= 1 && col <= width + 1,
                "diagnostic outside the input ({} lines): {d}",
                lines.len()
            );
        }
        let _ = d.render("fuzz", src);
    }
}

/// Writes `p` in `format`, reads it back, and checks what each format keeps
/// (`front::write`'s table) and that writing the result gives the same text.
fn round_trip(format: Format, p: &Puzzle) {
    let text = match write::to_string(format, p) {
        Ok(t) => t,
        Err(e) => {
            assert_eq!(format, Format::Keen, "{e}");
            let inexpressible = |c: &Cage| match c.op {
                Op::Given | Op::Hidden => true,
                Op::Sub | Op::Div => c.cells.len() != 2,
                Op::Add | Op::Mul => false,
            };
            let killer = p.rules != Rules::KenKen;
            assert!(killer || p.cages.iter().any(inexpressible), "{e}");
            return;
        }
    };
    let q = match front::parse(format.input(), &text) {
        Ok((q, _)) => rules::apply(q, &text, false),
        Err(d) => Err(d),
    };
    let q = q.unwrap_or_else(|d| panic!("{format:?} does not read its output:\n{text}\n{d:?}"));
    assert!(!valid::check(&q).has_errors(), "{format:?}: {text}");
    let cells = |p: &Puzzle, sort: bool| -> Vec<_> {
        let cage = |c: &Cage| {
            (
                c.target,
                c.op,
                if sort {
                    c.sorted_cells()
                } else {
                    c.cells.clone()
                },
            )
        };
        p.cages.iter().map(cage).collect()
    };
    match format {
        Format::Jwiki | Format::Dat => assert_eq!(cells(&q, false), cells(p, false), "{text}"),
        Format::Grid => assert_eq!(cells(&q, false), cells(p, true), "{text}"),
        Format::Keen => {}
    }
    assert_eq!(
        write::canonical(&q),
        write::canonical(p),
        "{format:?}: {text}"
    );
    let again = write::to_string(format, &q);
    assert_eq!(again.as_deref(), Ok(text.as_str()), "{format:?}");
}

/// The solution-grid reader of `cagec check` and `render --solution`; the
/// first byte is the puzzle size (1 to 16), the rest the grid text.
pub fn grid(data: &[u8]) -> Verdict {
    let Some((&first, rest)) = data.split_first() else {
        return Verdict::NotText;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return Verdict::NotText;
    };
    let n = 1 + first as usize % 16;
    match front::solution::parse_grid(text, n) {
        Err(errors) => {
            assert!(errors.has_errors());
            assert_located(&errors, text);
            Verdict::Rejected
        }
        Ok(g) => {
            assert_eq!(g.size(), n);
            assert!(g.values.iter().all(|r| r.len() == n), "{g:?}");
            let again = front::solution::parse_grid(&g.to_string(), n);
            assert_eq!(
                again.as_ref(),
                Ok(&g),
                "the grid does not read its own text"
            );
            Verdict::Accepted
        }
    }
}

/// Largest puzzle the pipeline target formulates. The front-end targets cover
/// parsing and validation up to 255×255; here a 12×12 model (1 728 binaries,
/// ~2 000 rows, written five times twice) already costs milliseconds per
/// input, and larger ones would have libFuzzer spend its time writing files
/// instead of exploring.
pub const PIPELINE_MAX_SIZE: usize = 12;

/// Largest puzzle the pipeline target also hands to the native solver.
pub const NATIVE_MAX_SIZE: usize = 5;

/// The whole of `cagec compile`: byte 0 picks the options, byte 1 the input
/// format (unless the text sniffs as a Keen ID, as the CLI does), the rest is
/// the puzzle. A valid puzzle is formulated, written by every back-end twice
/// (same bytes both times), and for tiny sizes solved natively, every grid
/// found passing the verifier and every presolved model keeping it.
pub fn pipeline(data: &[u8]) -> Verdict {
    let [flags, which, rest @ ..] = data else {
        return Verdict::NotText;
    };
    let Ok(src) = std::str::from_utf8(rest) else {
        return Verdict::NotText;
    };
    let formats = [
        InputFormat::Cages,
        InputFormat::Dat,
        InputFormat::Grid,
        InputFormat::Keen,
    ];
    let format = InputFormat::sniff(src).unwrap_or(formats[*which as usize % 4]);
    let killer = flags & 0x20 != 0;
    let Ok(loaded) = input::load_str_with(src, format, "fuzz".into(), "fuzz".into(), killer) else {
        return Verdict::Invalid;
    };
    let puzzle = loaded.puzzle;
    if puzzle.size > PIPELINE_MAX_SIZE {
        return Verdict::Skipped;
    }
    let opts = options(*flags);
    let model = formulate::formulate_with(&puzzle, &opts);
    if puzzle.size <= NATIVE_MAX_SIZE {
        solve_natively(&puzzle, &opts, &model);
    }
    let Ok(model) = model else {
        return Verdict::Refused;
    };
    assert_unique_names(&model);
    let first = emit_all(&model, &puzzle, &opts);
    assert_eq!(
        first,
        emit_all(&model, &puzzle, &opts),
        "output is not deterministic"
    );
    Verdict::Compiled
}

/// The formulation options of flag byte `b`.
pub fn options(b: u8) -> Options {
    Options {
        presolve: b & 1 != 0,
        product: match b >> 1 & 3 {
            1 => ProductMethod::Sets,
            2 => ProductMethod::Auto,
            _ => ProductMethod::Primes,
        },
        formulation: if b & 8 != 0 {
            Formulation::Tuples
        } else {
            Formulation::Melkonian
        },
        killer_form: if b & 0x10 != 0 {
            KillerForm::Combined
        } else {
            KillerForm::Separate
        },
        ..Options::default()
    }
}

/// Every solution the native solver finds within 50 ms is a solution, and
/// presolve neither calls the puzzle impossible nor removes its values.
fn solve_natively(puzzle: &Puzzle, opts: &Options, model: &Result<Model, FormulateError>) {
    let native_opts = native::Options {
        max_solutions: 2,
        deadline: Some(Instant::now() + Duration::from_millis(50)),
        ..native::Options::default()
    };
    let out = native::solve(puzzle, &native_opts).expect("size checked");
    for g in &out.solutions {
        let v = verify::check(puzzle, g);
        assert!(
            v.is_empty(),
            "the native solver returned a non-solution: {v:?}\n{g}"
        );
    }
    if out.solutions.len() == 2 {
        assert_ne!(
            out.solutions[0], out.solutions[1],
            "the same solution twice"
        );
    }
    let Some(g) = out.solutions.first() else {
        return;
    };
    let roots = native::root_domains(puzzle, native_opts.tuple_limit).expect("size checked");
    assert!(
        roots.is_some(),
        "root propagation rejects a solvable puzzle\n{g}"
    );
    if !opts.presolve {
        return;
    }
    let model = match model {
        Ok(m) => m,
        Err(FormulateError::NoSolution) => {
            panic!("presolve calls a solvable puzzle impossible\n{g}")
        }
        Err(_) => return,
    };
    for (i, row) in g.values.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            let x = names::x(i, j, v as usize);
            assert!(model.find_var(&x).is_some(), "presolve removed {x} of\n{g}");
        }
    }
}

/// Solvers match rows and columns by name: no two may share one.
fn assert_unique_names(model: &Model) {
    let mut seen = std::collections::HashSet::new();
    for v in model.vars() {
        assert!(
            seen.insert(model.var_name(v)),
            "variable {} twice",
            model.var_name(v)
        );
    }
    seen.clear();
    for row in model.rows() {
        assert!(seen.insert(row.name), "row {} twice", row.name);
    }
}

/// What every back-end wrote, one buffer per file in a fixed order, each
/// checked against its format's layout rules.
fn emit_all(model: &Model, puzzle: &Puzzle, opts: &Options) -> Vec<Vec<u8>> {
    let fixed_names = back::fixed_names(model);
    let mut outs = vec![Vec::new(); 5];
    back::write_lp(model, &mut outs[0]).expect("write_lp");
    back::write_mps(model, &mut outs[1]).expect("write_mps");
    back::write_fixed_mps(model, &fixed_names, &mut outs[2]).expect("write_fixed_mps");
    back::write_rename_map(model, &fixed_names, &mut outs[3]).expect("write_rename_map");
    back::write_mathprog(model, &mut outs[4]).expect("write_mathprog");
    if formulate::paper_ampl_applies(puzzle, opts) {
        let mut pair = Vec::new();
        back::ampl::write_model(&mut pair).expect("ampl model");
        back::ampl::write_data(puzzle, &[], &mut pair).expect("ampl data");
        outs.push(pair);
    }
    let what = [
        "LP",
        "free MPS",
        "fixed MPS",
        "rename map",
        "MathProg",
        "AMPL pair",
    ];
    for (out, what) in outs.iter().zip(what) {
        let text = std::str::from_utf8(out).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "{what} does not end with a newline"
        );
        let mut lines = text.lines();
        match what {
            "LP" => {
                let longest = lines.map(|l| l.chars().count()).max().unwrap_or(0);
                assert!(longest <= 255, "an LP line of {longest} characters");
            }
            "free MPS" | "fixed MPS" => {
                assert!(!lines.any(str::is_empty), "a blank line in {what}");
            }
            _ => {}
        }
    }
    outs
}
