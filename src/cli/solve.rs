//! `cagec solve`: run a real solver on each puzzle, verify what comes back,
//! optionally prove uniqueness or enumerate every solution.

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use cagec::front::InputFormat;
use cagec::io::input;
use cagec::native;
use cagec::present::picture::{self, Style};
use cagec::solve::report::{self, Names, Record};
use cagec::solve::session::Workspace;
use cagec::solve::solvers::NoGood;
use cagec::solve::{self, Engine, Mode, Outcome, Request, SolverChoice, Stop, Uniqueness, Via};
use cagec::words::{Message, Named};
use clap::builder::PossibleValue;

use super::words::Flags;
use super::{batch, exit, interrupt};

pub const AFTER_HELP: &str = "\
The engine: by default the built-in native solver, the fastest route measured
(docs/solvers.md, \"The default engine\"); it needs no binary. External solvers
run when named with --solver (or, with --via and no --solver, the first
installed of highs, cbc, glpsol). They are found through CAGEC_HIGHS,
CAGEC_CBC, CAGEC_GLPSOL, then PATH. Install: pip install highsbox (HiGHS),
pip install cbcbox (CBC), apt-get install glpk-utils (glpsol). --via ampl runs
through glpsol only. The report and --json name the engine that ran.

The other solver families, each on its own format (the first route is the
solver's default; CAGEC_CADICAL, CAGEC_KISSAT, CAGEC_CLASP, CAGEC_MINISATP,
CAGEC_MINIZINC, CAGEC_FZN_GECODE, CAGEC_SCIP override PATH):
  cadical   cnf        apt-get install cadical
  kissat    cnf        not in Debian 12: python-sat bundles it (scripts/install-solvers --families)
  clasp     opb, cnf   apt-get install clasp
  minisat+  opb        apt-get install minisat+
  gecode    mzn, fzn   apt-get install minizinc (minizinc --solver gecode; fzn-gecode)
  scip      opb, cnf, fzn   SCIP's binary, or pip install pyscipopt (scripts/install-solvers --families)
--via opb|cnf|mzn|fzn without --solver takes the first installed of these that
reads it. Uniqueness: a no-good row in OPB, a blocking clause in CNF, a no-good
cut in the MiniZinc data, a row in FlatZinc. --via mzn takes --presolve and
--tuple-limit only (the MiniZinc model writes every cage as its tuples).

The model given to an external solver: by default the fastest measured, each
cage as its tuples after presolve (`tuples+presolve`); the report and --json
name it. --formulation melkonian runs the paper's model exactly as `compile`
writes it; --formulation tuples without --presolve, the tuples alone.

Every grid a solver returns is checked against the puzzle rules before it is
shown; a grid that breaks them is a solver failure (exit 3).
--unique proves the solution unique or shows a second one: the native solver
searches on; an external solver gets the no-good cut sum x[i,j,k*] <= n^2-1 for
the solution found and solves again (infeasible proves it unique). --all
enumerates every solution the same way. --keep DIR keeps every model, cut model, solution and log file, and
DIR/commands.txt with the exact command lines to rerun by hand.
--unique --certify DIR (one puzzle) writes a certificate of the answer into
DIR (new or empty), whichever engine answered: the puzzle, a plain reference
CNF, the no-good, the grid, CaDiCaL's DRAT proof and manifest.json. The
answer is \"certified\" only once the checker rate (CAGEC_CADICAL,
CAGEC_RATE, then PATH; scripts/install-solvers --certify) accepts the proof;
otherwise \"not certified\", no DIR and a non-zero exit. `cagec certify check DIR`
re-checks one (docs/certificates.md).

Exit codes: 0 every puzzle solved, 1 some puzzle has no solution or none was
found in time, 2 invalid input or usage, 3 solver failure, 4 I/O error,
130 interrupted (Ctrl-C), 143 on SIGTERM, 129 on SIGHUP: the solver's process
group is killed and the temporary directory removed.";

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files or directories (their puzzle files, in sorted order); `-` is standard input.
    #[arg(required = true, value_name = "PUZZLE")]
    pub puzzles: Vec<PathBuf>,
    /// Input format; by default from each file's extension.
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    /// Solver to run; by default the built-in native solver, the fastest
    /// (with --via and no --solver, the first installed solver that reads
    /// it: highs, cbc, glpk for lp|mps|fixed-mps, and the families' below).
    #[arg(long, value_enum)]
    pub solver: Option<SolverArg>,
    /// How the model reaches an external solver [default: the solver's first
    /// route: lp, or cnf for cadical and kissat, opb for clasp, minisat+ and
    /// scip, mzn for gecode].
    #[arg(long, value_enum)]
    pub via: Option<Via>,
    /// Time limit per solver run, in seconds (given to the solver; cagec kills
    /// it if it is still running at the limit + 5 s + 10 %).
    #[arg(long, value_name = "SECS", value_parser = positive_seconds)]
    pub time_limit: Option<f64>,
    /// Solver threads: HiGHS's, CBC's, or the native solver's, which then
    /// shares a hard puzzle's search among them (default: the cores, shared
    /// among the puzzles solved at once); glpsol has none.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
    /// Prove the solution unique (or show a second one) with a no-good cut.
    #[arg(long)]
    pub unique: bool,
    /// With --unique: write a certificate of the answer into DIR (new or
    /// empty), checked by an independent proof checker (docs/certificates.md).
    #[arg(long, value_name = "DIR", requires = "unique")]
    pub certify: Option<PathBuf>,
    /// Enumerate every solution, one no-good cut per solution found.
    #[arg(long)]
    pub all: bool,
    /// With --all: stop after this many solutions.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "all", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Start the first run from a solution (a MIP start, HiGHS and CBC on
    /// lp, mps, fixed-mps): `native`, the built-in solver's first one. The
    /// no-good runs of --unique and --all start cold, so a proof is still the
    /// MIP solver's own.
    #[arg(long, value_enum, value_name = "FROM")]
    pub start: Option<StartFrom>,
    /// Keep every file of the runs in DIR, with commands.txt to reproduce them.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    /// Print one JSON object per puzzle (one per line) instead of pictures.
    #[arg(long)]
    pub json: bool,
    /// Draw grids with + - | instead of box-drawing characters.
    #[arg(long)]
    pub ascii: bool,
    /// Puzzles solved at once (default: the cores divided by --threads).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
}

/// `--solver`: the core's [`SolverChoice`], its names and help lines the
/// core's (the MIP solvers, the built-in solver, the other families).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverArg(pub SolverChoice);

impl clap::ValueEnum for SolverArg {
    fn value_variants<'a>() -> &'a [SolverArg] {
        static ALL: LazyLock<Vec<SolverArg>> = LazyLock::new(|| {
            let all = <SolverChoice as Named>::ALL.iter().copied();
            all.map(SolverArg).collect()
        });
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        match self.0 {
            SolverChoice::Native => {
                Some(PossibleValue::new(self.0.name()).help(Named::help(self.0)))
            }
            SolverChoice::External(s) => s.to_possible_value(),
        }
    }
}

/// `--start`: where the first run's MIP start comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StartFrom {
    /// The built-in solver's first solution.
    Native,
}

fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= solve::request::MAX_TIME_LIMIT => Ok(v),
        _ => Err(format!(
            "expected a positive number of seconds, found {s:?}"
        )),
    }
}

pub fn run(args: &SolveArgs) -> u8 {
    let config = match configure(args) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let paths = match batch::expand(&args.puzzles) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("cagec: {message}");
            return exit::INVALID;
        }
    };
    if let Err(code) = super::certify::preflight(args, paths.len()) {
        return code;
    }
    let workspace = match &args.keep {
        Some(dir) => Workspace::keep(dir),
        None => Workspace::temporary(),
    };
    let ws = match workspace {
        Ok(ws) => ws,
        Err(e) => {
            eprintln!("cagec: {e}");
            return e.exit_code();
        }
    };
    let records = solve_all(args, &config, &paths, &ws);
    if paths.len() > 1 && !args.json {
        print!("\n{}", report::summary_table(&records));
    }
    if let Some(dir) = &args.keep {
        eprintln!("cagec: files kept in {} (see commands.txt)", dir.display());
    }
    // A signal between solver runs stops the batch too.
    if interrupt::requested() {
        return interrupt::exit_code();
    }
    report::overall_exit(&records)
}

/// Resolves the solver and checks the flags that depend on each other (the
/// core's [`Request`]); its warnings and errors in the flags' words.
fn configure(args: &SolveArgs) -> Result<Engine, u8> {
    let mode = match (args.all, args.unique) {
        (true, _) => Mode::All {
            limit: usize::try_from(args.limit).unwrap_or(usize::MAX),
        },
        (false, true) => Mode::Unique,
        (false, false) => Mode::First,
    };
    let request = Request {
        solver: args.solver.map(|s| s.0),
        via: args.via,
        time_limit: args.time_limit,
        threads: args.threads,
        mode,
        model: args.model.model(),
        start: args.start.is_some(),
        keep: args.keep.is_some(),
        linked: None,
    };
    let (resolved, warnings) = match request.resolve() {
        Ok(r) => (Ok(r.engine), r.warnings),
        Err(r) => (Err(r.error), r.warnings),
    };
    for w in &warnings {
        let kind = if w.is_note() { "" } else { "warning: " };
        eprintln!("cagec: {kind}{}", w.message(&Flags));
    }
    resolved.map_err(|e| {
        eprintln!("cagec: {}", e.message(&Flags));
        e.exit_code()
    })
}

fn solve_all(args: &SolveArgs, config: &Engine, paths: &[PathBuf], ws: &Workspace) -> Vec<Record> {
    let lone = paths.len() == 1;
    let bar = if lone {
        super::progress::spinner(&format!("solving with {}", config.names().0))
    } else {
        super::progress::bar(paths.len() as u64, "solving")
    };
    // Stems are chosen up front, in input order, so a batch names its run
    // files the same way however it is scheduled.
    let mut stems = HashSet::new();
    let jobs: Vec<(&PathBuf, String)> = paths
        .iter()
        .map(|p| (p, unique_stem(&input::stem_of(p), &mut stems)))
        .collect();
    let native = matches!(config, Engine::Native { .. });
    let at_once = solve_jobs(args).min(paths.len()).max(1);
    // Where a lone puzzle's native search publishes its effort, for the
    // spinner (a batch shows a bar over puzzles instead).
    let progress = (lone && native && !bar.is_hidden()).then(|| Arc::new(native::Progress::new()));
    let mut records = Vec::new();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let mut ticker = progress.clone().map(|p| {
            let (bar, done) = (&bar, &done);
            scope.spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    bar.set_message(format!(
                        "solving: {}, {} nodes, {} conflicts",
                        p.stage(),
                        p.nodes(),
                        p.conflicts()
                    ));
                    std::thread::park_timeout(Duration::from_millis(100));
                }
            })
        });
        batch::run_ordered(
            &jobs,
            solve_jobs(args),
            |(path, stem)| solve_one(args, config, path, stem, ws, at_once, progress.clone()),
            |_, solved| {
                if let Some(t) = ticker.take() {
                    done.store(true, Ordering::Relaxed);
                    t.thread().unpark();
                    let _ = t.join();
                }
                bar.suspend(|| {
                    for chunk in &solved.report {
                        match chunk {
                            Chunk::Out(text) => print!("{text}"),
                            Chunk::Err(text) => eprint!("{text}"),
                        }
                    }
                });
                records.push(solved.record);
                bar.inc(1);
            },
        );
        done.store(true, Ordering::Relaxed);
        if let Some(t) = ticker {
            t.thread().unpark();
        }
    });
    bar.finish_and_clear();
    records
}

/// Puzzles solved at once: `--jobs`, or the cores divided among the
/// solver's `--threads`.
fn solve_jobs(args: &SolveArgs) -> usize {
    match args.jobs {
        Some(j) => usize::from(j),
        None => (batch::jobs(None) / args.threads.unwrap_or(1) as usize).max(1),
    }
}

/// One puzzle's result and what to print for it, in order.
struct Solved {
    record: Record,
    report: Vec<Chunk>,
}

enum Chunk {
    Out(String),
    Err(String),
}

fn solve_one(
    args: &SolveArgs,
    config: &Engine,
    path: &Path,
    stem: &str,
    ws: &Workspace,
    at_once: usize,
    progress: Option<Arc<native::Progress>>,
) -> Solved {
    let names = Names::of(config);
    let mut report = Vec::new();
    let loaded = match input::load_with(path, args.from, args.model.killer) {
        Ok(l) => l,
        Err(e) => {
            report.push(Chunk::Err(super::load_error_text(&e).0));
            let message = e.message(&super::words::Flags);
            let record = Record::invalid(&path.display().to_string(), &names, &message);
            return finish(args, record, report);
        }
    };
    report.push(Chunk::Err(loaded.warnings.to_string()));
    let start = Instant::now();
    let name = loaded.display_name.as_str();
    let stop = interrupt::shared_flag();
    let result = config.run(&loaded.puzzle, stem, Some(ws), stop, progress, at_once);
    let record = match result {
        Ok(out) => {
            let mut record = Record::from_outcome(name, &names, &out, args.all);
            if !args.json {
                report.push(Chunk::Out(describe(
                    args,
                    config,
                    name,
                    &loaded.puzzle,
                    &out,
                )));
            }
            let certified =
                super::certify::after_solve(args, config, &loaded.puzzle, &out, &mut record);
            if let Some((line, error)) = certified {
                if !args.json {
                    report.push(Chunk::Out(line));
                }
                report.push(Chunk::Err(error));
            }
            if let Some((message, _)) = &out.cut_error {
                report.push(Chunk::Err(format!(
                    "cagec: {name}: a no-good cut run failed: {message}\n"
                )));
            }
            record
        }
        Err(e) => {
            report.push(Chunk::Err(format!(
                "cagec: {name}: {}\n",
                e.message(&Flags)
            )));
            Record::from_error(name, &names, &e, &Flags, start.elapsed().as_secs_f64())
        }
    };
    finish(args, record, report)
}

/// Adds the JSON line, when asked for.
fn finish(args: &SolveArgs, record: Record, mut report: Vec<Chunk>) -> Solved {
    if args.json {
        report.push(Chunk::Out(format!("{}\n", record.to_json())));
    }
    Solved { record, report }
}

/// `kk0`, then `kk0_2`, … so two puzzles never share run files.
fn unique_stem(stem: &str, used: &mut HashSet<String>) -> String {
    let mut candidate = stem.to_string();
    let mut k = 1;
    while !used.insert(candidate.clone()) {
        k += 1;
        candidate = format!("{stem}_{k}");
    }
    candidate
}

/// The human-readable report of one puzzle.
fn describe(
    args: &SolveArgs,
    config: &Engine,
    name: &str,
    puzzle: &cagec::puzzle::ir::Puzzle,
    out: &Outcome,
) -> String {
    let style = Style {
        ascii: args.ascii,
        color: std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let runs = if out.runs == 1 {
        "1 run".to_string()
    } else {
        format!("{} runs", out.runs)
    };
    let mut s = match config {
        Engine::External(c) => format!(
            "{name}: {} via {}, model {}, {:.3} s ({runs})\n",
            c.runner().name(),
            c.via().name(),
            c.formulation().label(),
            out.seconds
        ),
        Engine::Native { .. } => {
            // Which conflict-driven engine answered, when that stage ran.
            let engine = match out.native.as_ref().and_then(|s| s.engine) {
                Some(e) => format!(" ({e})"),
                None => String::new(),
            };
            format!("{name}: native solver{engine}, {:.3} s\n", out.seconds)
        }
    };
    match out.solutions.first() {
        Some(grid) => {
            s.push_str(&picture::draw(puzzle, Some(grid), style));
            s.push_str(&format!(
                "solution: found and verified (solver stopped: {})\n",
                out.stop
            ));
        }
        None => s.push_str(&match out.stop {
            Stop::Infeasible => {
                "solution: none (the solver proved the model infeasible)\n".to_string()
            }
            ref stop => format!("solution: not found, not disproved ({stop})\n"),
        }),
    }
    s.push_str(&uniqueness_line(config, out));
    if out.solutions.len() > 1 {
        for (i, grid) in out.solutions.iter().enumerate().skip(1) {
            s.push_str(&format!("solution {}:\n", i + 1));
            s.push_str(&picture::draw(puzzle, Some(grid), style));
        }
    }
    if let Some(complete) = out.complete {
        let limit_reached =
            matches!(config.mode(), Mode::All { limit } if out.solutions.len() >= limit);
        let how = if complete {
            "all of them: the model with every cut is infeasible".to_string()
        } else if limit_reached {
            "maybe not all: --limit reached".to_string()
        } else {
            format!("maybe not all: the last run ended: {}", out.last_stop)
        };
        s.push_str(&format!("solutions: {} ({how})\n", out.solutions.len()));
    }
    s
}

fn uniqueness_line(config: &Engine, out: &Outcome) -> String {
    let k = out.runs.saturating_sub(1);
    match &out.uniqueness {
        Uniqueness::NotAsked => String::new(),
        Uniqueness::Unique => match config {
            Engine::External(c) => match c.via().nogood() {
                NoGood::Clause => format!(
                    "unique: yes (with the blocking clause nogood_{k} the CNF is unsatisfiable)\n"
                ),
                NoGood::Data => format!(
                    "unique: yes (with {k} no-good cut(s) in its data the MiniZinc model has no solution)\n"
                ),
                NoGood::Row | NoGood::GeRow | NoGood::DataOrRow => {
                    format!("unique: yes (the model with no-good cut nogood_{k} is infeasible)\n")
                }
            },
            Engine::Native { .. } => {
                "unique: yes (the exhausted search found no other solution)\n".to_string()
            }
        },
        Uniqueness::NotUnique => "unique: no (a second solution follows)\n".to_string(),
        Uniqueness::NotProven(stop) => {
            format!("unique: not proven (the cut model run ended: {stop})\n")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagec::solve::{ConfigError, Family, Solver};
    use clap::ValueEnum;

    #[test]
    fn solver_names_are_the_cores() {
        let names: Vec<&str> = SolverArg::value_variants()
            .iter()
            .map(|s| s.to_possible_value().unwrap().get_name().to_string())
            .map(|n| {
                let choice: SolverChoice = n.parse().unwrap();
                assert_eq!(choice.name(), n);
                choice.name()
            })
            .collect();
        let core: Vec<&str> = SolverChoice::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names, core);
        for s in SolverArg::value_variants() {
            assert_eq!(s.to_possible_value().unwrap().get_name(), s.0.name());
        }
    }

    /// The help is written by hand; it must say what the table says.
    #[test]
    fn the_help_agrees_with_the_table() {
        for s in Solver::ALL {
            let spec = s.spec();
            for route in spec.routes {
                assert!(AFTER_HELP.contains(route.env_var), "{}", route.env_var);
            }
            if spec.family != Family::Mip {
                let routes: Vec<&str> = spec.vias().map(Via::name).collect();
                let line = format!("\n  {:<10}{} ", s.name(), routes.join(", "));
                assert!(AFTER_HELP.contains(&line), "{line:?}");
            }
        }
    }

    #[test]
    fn errors_name_the_flags() {
        let m = |e: ConfigError| e.message(&Flags);
        assert_eq!(
            m(ConfigError::NativeStart),
            "--start gives a MIP solver a first solution; name one: --solver highs|cbc"
        );
        assert_eq!(
            m(ConfigError::RouteNotRead {
                solver: Solver::Gecode,
                via: Via::Opb
            }),
            "gecode reads mzn, fzn, not opb: use --via mzn|fzn"
        );
        assert_eq!(
            m(ConfigError::AmplThroughGlpsol {
                solver: Solver::Highs
            }),
            "--via ampl runs the AMPL model through glpsol's MathProg translator; HiGHS and \
             CBC cannot read it: use --solver glpk, or --via lp|mps|fixed-mps"
        );
    }
}
