//! `cagec compile`: puzzle in, solver input file(s) out; compressed when the
//! model's name ends in `.gz`, with a feasible point beside the model on
//! request (`--with-solution`), and for a batch a manifest (`--manifest`).

mod batch_run;
mod files;
mod known;
mod manifest;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use cagec::back::OutputFormat;
use cagec::compile::{self, Compiled};
use cagec::formulate::formulate_with;
use cagec::formulate::point::feasible_point;
use cagec::front::InputFormat;
use cagec::io::gzip;
use cagec::io::input;
use cagec::puzzle::ir::Rules;

use super::words::Flags;
use super::{exit, interrupt, output};
use cagec::words::Message;
use known::Known;
use manifest::{Entry, ManifestFormat};

pub const AFTER_HELP: &str = "\
Input formats (--from, or from the extension):
  cages  J-wiki cage lines (.txt .kk .cage): one cage per line, `TARGET[OP],CELL CELL ...`,
         cells numbered 0..n*n-1 row-major; OP is + - * % (aliases: / and ÷ for %, x X × for *,
         − for -); no OP means a one-cell given. Comments: lines starting with # or NB.
  dat    AMPL data in the layout of Melkonian (2016) §7.2 (.dat), 1-based cells.
  grid   cage map (.cmap): n rows of n cage labels, then one `LABEL TARGET[OP]` line per label.
  keen   Keen game ID of Simon Tatham's Puzzles (.keen), `N:BLOCKS,CLUES`; a file that
         starts with one is read as one whatever its name.

Outputs:
  lp         CPLEX-LP (HiGHS, CBC and glpsol read it identically)
  mps        free MPS
  fixed-mps  fixed-column MPS; names longer than 8 characters are renamed and the
             rename map is written beside the file (OUT with extension .map)
  ampl       AMPL model OUT (.mod) and data beside it (.dat); on stdout, one MathProg
             stream with a data section. Run: glpsol -m NAME.mod -d NAME.dat
             (a flat model, for options or puzzles beyond the paper, gets a .dat with no data)
The other solver families, from the tuples model unless --formulation says otherwise:
  opb        OPB (PB16): every variable 0/1 (y written as sum k x), x1..xN with a
             `* xK = NAME` map; rows = and >= only. Run: clasp, minisat+, Sat4j, SCIP
  cnf        DIMACS CNF: the 0/1 model's rows as clauses (exactly-one rows: a clause and
             an at-most-one; tuples: support encoding; other rows: order-encoded sums);
             `c var K NAME` map before the p line. Run: cadical, kissat, picosat, ...
  mzn        MiniZinc: the generic cage-puzzle model OUT (.mzn, the same for every
             puzzle) and the puzzle's data beside it (.dzn); on stdout, both as one text.
             Run: minizinc --solver gecode NAME.mzn NAME.dzn. Takes --presolve and
             --tuple-limit; --formulation melkonian, --product and --killer-form are
             refused (past --tuple-limit a cage is its sum or product)
  fzn        FlatZinc: 0/1 variables as var bool, their rows as bool_lin_eq / bool_lin_le,
             rows with y_I_J (integer) as int_lin_eq / int_lin_le through bool2int; the
             grid as an output array; search on the x. Run: fzn-gecode NAME.fzn (SCIP and
             Pumpkin read it too)
All model options apply to opb, cnf and fzn. --with-solution: opb and cnf write
the competitions' `s SATISFIABLE` / `v ...` lines; mzn and fzn refuse it. --gzip:
opb and cnf only (minizinc and FlatZinc solvers read no gzip).

Without --to, the format comes from the -o extension (.lp, .mps, .mod, .opb,
.cnf, .mzn, .fzn, each optionally followed by .gz). Files are written atomically: on any error, Ctrl-C,
SIGTERM or SIGHUP nothing is written.

Gzip: -o NAME.lp.gz, NAME.mps.gz or NAME.mod.gz (or --gzip) writes the model
compressed, with deterministic bytes; HiGHS, CBC and glpsol read it as it is.
An AMPL model's data becomes NAME.dat.gz; a fixed-MPS .map and a .sol stay plain.

Bundles: --with-solution writes MODEL.sol beside the model (kk0.mps.gz -> kk0.sol):
`=obj= 0`, then one `NAME VALUE` line per column (x, y, u, w, z, in column
order, with the file's own names), the solution the native solver finds first,
checked against every row. Check a solver with it, e.g.
  highs --model_file kk0.mps.gz --read_solution_file kk0.sol
--manifest json|csv writes DIR/manifest.json or .csv after a batch: per puzzle
file, puzzle, n, rows, columns, nonzeros, formulation, unique (yes, no, none,
unknown), native_nodes, solution, error. Both run the native solver within
--effort, so they are deterministic too.

Batches: several puzzles or a directory, with --out-dir DIR and --to, are
compiled over --jobs threads (one per core) with a progress bar; each puzzle's
files are atomic, a bad puzzle is reported and the others are still written.

Exit codes: 0 success, 1 no solution found for --with-solution, 2 invalid input
or usage, 3 the native solver's grid failed verification, 4 I/O error,
130 interrupted (143 on SIGTERM, 129 on SIGHUP) (a batch: the worst of its puzzles).";

#[derive(clap::Args, Debug)]
pub struct CompileArgs {
    /// Puzzle files or directories (`-` for standard input). Several, or a
    /// directory, make a batch: give --out-dir.
    #[arg(required = true, value_name = "PUZZLE")]
    pub puzzles: Vec<PathBuf>,
    /// Input format; by default from the extension.
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
    /// Output format; by default from the -o extension.
    #[arg(long, value_enum)]
    pub to: Option<OutputFormat>,
    /// Output file (`-` or absent: standard output), for one puzzle. A name
    /// ending in .gz is written compressed.
    #[arg(short, long, conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Batch: write each puzzle's model as DIR/NAME.EXT (NAME from the
    /// puzzle's file name); needs --to.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Batch: puzzles compiled at once (default: one per core).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Compress the model with gzip: batch files become DIR/NAME.EXT.gz,
    /// standard output a gzip stream (-o NAME.EXT.gz implies it). Not with
    /// --to mzn or fzn, which no reader tested reads compressed.
    #[arg(long)]
    pub gzip: bool,
    /// Also write a feasible point of the model as MODEL.sol beside it
    /// (MIPLIB style, every column; for OPB and CNF the competitions' `s`
    /// and `v` lines; the native solver's solution). Needs a file or
    /// --out-dir; not with --to ampl, mzn or fzn.
    #[arg(long)]
    pub with_solution: bool,
    /// Batch: write DIR/manifest.json or DIR/manifest.csv, one record per
    /// puzzle in input order, once the batch is done.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "out_dir")]
    pub manifest: Option<ManifestFormat>,
    /// With --with-solution or --manifest: search failures and conflicts the
    /// native solver may spend per puzzle to find a solution and prove it
    /// unique; past it, uniqueness is `unknown`. A count, not a clock.
    #[arg(long, value_name = "N", default_value_t = known::DEFAULT_EFFORT,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub effort: u64,
}

/// Why one puzzle was not compiled: what was said before the error, the
/// error, and the exit code.
struct Failure {
    notes: String,
    error: String,
    code: u8,
}

/// What compiling one puzzle gave: the text to print, the exit code, and its
/// manifest record.
struct Report {
    text: String,
    code: u8,
    entry: Entry,
}

pub fn run(args: &CompileArgs) -> u8 {
    if let Some(dir) = &args.out_dir {
        return batch_run::run(args, dir);
    }
    let [puzzle] = &args.puzzles[..] else {
        eprintln!("cagec: several puzzles make a batch: say where with --out-dir DIR");
        return exit::INVALID;
    };
    if puzzle.is_dir() {
        eprintln!(
            "cagec: {}: a directory makes a batch: say where with --out-dir DIR",
            puzzle.display()
        );
        return exit::INVALID;
    }
    let out = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let Some(format) = args.to.or_else(|| out.and_then(compile::format_from_path)) else {
        eprintln!(
            "cagec: say which format to write with --to lp|mps|fixed-mps|ampl|opb|cnf|mzn|fzn"
        );
        return exit::INVALID;
    };
    if let Err(message) = check_single(args, out, format) {
        eprintln!("cagec: {message}");
        return exit::INVALID;
    }
    let report = compile_one(args, puzzle, format, out);
    eprint!("{}", report.text);
    report.code
}

/// The combinations of options a single puzzle cannot have.
fn check_single(
    args: &CompileArgs,
    out: Option<&Path>,
    format: OutputFormat,
) -> Result<(), String> {
    check_common(
        args,
        format,
        args.gzip || out.is_some_and(gzip::is_gzip_path),
    )?;
    // clap's `requires` gives way to -o, which conflicts with --out-dir.
    if args.manifest.is_some() {
        return Err("--manifest describes a batch: give --out-dir DIR".into());
    }
    match out {
        Some(path) if args.gzip && !gzip::is_gzip_path(path) => Err(format!(
            "--gzip writes gzip, but {} does not end in .gz: name it {}.gz",
            path.display(),
            path.display()
        )),
        None if args.with_solution => Err(
            "--with-solution writes MODEL.sol beside the model: give the model a file with -o"
                .into(),
        ),
        None if args.gzip && std::io::stdout().is_terminal() => Err(
            "gzip data is not written to a terminal: redirect standard output or give -o FILE.gz"
                .into(),
        ),
        _ => Ok(()),
    }
}

/// The combinations of options no compile can have.
/// `gz`: the model is written compressed (`--gzip`, or `-o NAME.gz`).
fn check_common(args: &CompileArgs, format: OutputFormat, gz: bool) -> Result<(), String> {
    let name = format.name();
    match format {
        OutputFormat::Ampl if args.with_solution => Err(
            "--with-solution names the columns of an LP or MPS file, and glpsol, \
             which runs AMPL models, reads no solution file: use --to lp, mps or fixed-mps"
                .into(),
        ),
        OutputFormat::Mzn | OutputFormat::Fzn if args.with_solution => Err(format!(
            "--with-solution writes a solution in the form of an LP, MPS, OPB or CNF file; \
             {name} has none: use --to opb, cnf, lp, mps or fixed-mps"
        )),
        OutputFormat::Mzn | OutputFormat::Fzn if gz => Err(format!(
            "--gzip: minizinc and the FlatZinc solvers read no compressed files; write {name} plain"
        )),
        // What the format refuses of the model options (MiniZinc's).
        _ => match args.model.request(args.from, Some(format)).resolve() {
            Err(why) => Err(why.message(&Flags)),
            Ok(_) => Ok(()),
        },
    }
}

/// Compiles one puzzle to `out` (or standard output) and reports it.
fn compile_one(
    args: &CompileArgs,
    puzzle: &Path,
    format: OutputFormat,
    out: Option<&Path>,
) -> Report {
    let mut entry = Entry {
        puzzle: manifest::shown(puzzle),
        formulation: manifest::formulation_flags(
            &args.model.request(args.from, Some(format)).options(),
            args.model.killer,
        ),
        ..Entry::default()
    };
    match compile_into(args, puzzle, format, out, &mut entry) {
        Ok(text) => Report {
            text,
            code: exit::OK,
            entry,
        },
        Err(f) => {
            let first = f.error.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            entry.error = Some(first.strip_prefix("cagec: ").unwrap_or(first).to_string());
            (entry.file, entry.solution) = (None, None);
            Report {
                text: f.notes + &f.error,
                code: f.code,
                entry,
            }
        }
    }
}

/// Loads, formulates and writes one puzzle, filling in `entry`; returns the
/// warnings and notes to print.
fn compile_into(
    args: &CompileArgs,
    puzzle: &Path,
    format: OutputFormat,
    out: Option<&Path>,
    entry: &mut Entry,
) -> Result<String, Failure> {
    let loaded = input::load_with(puzzle, args.from, args.model.killer).map_err(|e| {
        let (error, code) = super::load_error_text(&e);
        Failure {
            notes: String::new(),
            error,
            code,
        }
    })?;
    let name = loaded.display_name.as_str();
    let mut notes = loaded.warnings.to_string();
    let fail = |notes: &str, error: String, code: u8| Failure {
        notes: notes.to_string(),
        error: format!("cagec: {name}: {error}\n"),
        code,
    };
    let opts = args.model.request(args.from, Some(format)).options();
    let puzzle = &loaded.puzzle;
    entry.n = Some(puzzle.size);
    entry.formulation =
        manifest::formulation_flags(&opts, matches!(puzzle.rules, Rules::Killer { .. }));
    let known = match args.with_solution || args.manifest.is_some() {
        true => {
            let k = known::find(puzzle, args.effort).map_err(|e| fail(&notes, e, exit::SOLVER))?;
            (entry.unique, entry.native_nodes) = (Some(k.unique.as_str()), k.nodes);
            Some(k)
        }
        false => None,
    };
    let grid = match (&known, args.with_solution) {
        (Some(Known { grid: Some(g), .. }), true) => Some(g),
        (Some(k), true) => return Err(fail(&notes, k.why_no_grid(args.effort), exit::NO)),
        _ => None,
    };
    // The paper's AMPL pair formulates in MathProg itself: it needs a model
    // only for the manifest's counts.
    if format == OutputFormat::Ampl && !compile::is_paper_pair(puzzle, &opts, format) {
        notes.push_str(&format!(
            "cagec: {name}: the paper's AMPL pair encodes only its own KenKen model: \
             writing one flat MathProg model, every row explicit, that needs no data\n"
        ));
    }
    let compiled = Compiled::new(puzzle, &opts, format, &loaded.stem)
        .map_err(|e| fail(&notes, e.message(&Flags), exit::INVALID))?;
    let model = compiled.model();
    let counted = match (model, args.manifest) {
        (None, Some(_)) if format != OutputFormat::Mzn => Some(
            formulate_with(puzzle, &opts)
                .map_err(|e| fail(&notes, e.message(&Flags), exit::INVALID))?,
        ),
        _ => None,
    };
    if let Some(m) = model.or(counted.as_ref()) {
        (entry.rows, entry.columns, entry.nonzeros) = (
            Some(m.num_rows()),
            Some(m.num_vars()),
            Some(m.num_nonzeros()),
        );
    }
    let point = match (grid, model) {
        (Some(g), Some(m)) => Some(feasible_point(m, puzzle, g).map_err(|e| {
            let error = format!("internal error, nothing was written: {e}");
            fail(&notes, error, exit::INVALID)
        })?),
        _ => None,
    };
    let gz = args.gzip || out.is_some_and(gzip::is_gzip_path);
    let written = match out {
        None => output::to_stdout(match gz {
            true => gzip::compressed(compiled.stream()),
            false => compiled.stream(),
        }),
        Some(path) => compiled.write_files(path, point.as_deref(), Some(interrupt::flag())),
    };
    if let Err(e) = written {
        let (error, code) = output::write_error_text(&e);
        return Err(Failure { notes, error, code });
    }
    let file_name = |p: &Path| p.file_name().map(|f| f.to_string_lossy().into_owned());
    entry.file = out.and_then(file_name);
    if let (Some(path), Some(_), Some(k)) = (out, &point, &known) {
        let sol = compile::sibling(path, "sol");
        entry.solution = file_name(&sol);
        notes.push_str(&k.note(name, &sol, args.effort));
    }
    Ok(notes)
}
