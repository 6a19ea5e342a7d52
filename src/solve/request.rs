//! What a face asked of `solve`, resolved once into what runs: the native
//! solver, or an external solver's [`Config`], with the warnings to show; or
//! a [`ConfigError`] that says why it cannot run. The command line and
//! Python both build a [`Request`] from their arguments and say what comes
//! back in their own words ([`Message`]).
//!
//! Low to high: each face checks the syntax of its own arguments (a flag's
//! value, a keyword's type); every check that weighs one setting against
//! another, or against what a solver can do ([`super::solvers`]), is here.

use std::str::FromStr;

use std::sync::Arc;

use super::SolveError;
use super::engine::Engine;
use super::in_process::{InProcess, Runner};
use super::locate::{self, Env};
use super::named::{Family, Solver, Via};
use super::outcome::Mode;
use super::session::Config;
use crate::compile::{self, ModelRequest, MznOption};
use crate::words::{Choices, Message, Named, Rust, Setting, UnknownName, Words, and_list};

/// The solver a face named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverChoice {
    /// The built-in solver, which reads the puzzle itself.
    Native,
    External(Solver),
}

impl SolverChoice {
    pub fn name(self) -> &'static str {
        match self {
            SolverChoice::Native => "native",
            SolverChoice::External(s) => s.name(),
        }
    }
}

impl Named for SolverChoice {
    /// As `--solver` lists them: the MIP solvers, the built-in solver, then
    /// the other families.
    const ALL: &'static [SolverChoice] = &[
        SolverChoice::External(Solver::Highs),
        SolverChoice::External(Solver::Cbc),
        SolverChoice::External(Solver::Glpk),
        SolverChoice::Native,
        SolverChoice::External(Solver::Cadical),
        SolverChoice::External(Solver::Kissat),
        SolverChoice::External(Solver::Clasp),
        SolverChoice::External(Solver::MinisatPlus),
        SolverChoice::External(Solver::Gecode),
        SolverChoice::External(Solver::Scip),
    ];

    const WHAT: &'static str = "solver";

    fn name(self) -> &'static str {
        SolverChoice::name(self)
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            SolverChoice::Native => &[],
            SolverChoice::External(s) => s.aliases(),
        }
    }

    fn help(self) -> &'static str {
        match self {
            SolverChoice::Native => {
                "The built-in solver (propagation on cage tuples; no binary needed)"
            }
            SolverChoice::External(s) => s.help(),
        }
    }
}

impl FromStr for SolverChoice {
    type Err = UnknownName;

    /// `native`, or a solver's name or alias.
    fn from_str(s: &str) -> Result<SolverChoice, UnknownName> {
        if s == SolverChoice::Native.name() {
            return Ok(SolverChoice::Native);
        }
        s.parse()
            .map(SolverChoice::External)
            .map_err(|e| UnknownName {
                names: std::iter::once(SolverChoice::Native.name())
                    .chain(e.names)
                    .collect(),
                ..e
            })
    }
}

/// What the user asked of `solve`.
#[derive(Clone, Debug)]
pub struct Request {
    /// None: none named (the native solver; with `via`, the first installed
    /// solver that reads it).
    pub solver: Option<SolverChoice>,
    pub via: Option<Via>,
    /// Seconds per solver run.
    pub time_limit: Option<f64>,
    pub threads: Option<u32>,
    pub mode: Mode,
    /// The model options as given: without a formulation named, an
    /// external solver gets the fastest model ([`fastest_like`](crate::formulate::Options::fastest_like)).
    pub model: ModelRequest,
    /// Start the first run from the native solver's solution (a MIP start).
    pub start: bool,
    /// Keep the run files.
    pub keep: bool,
    /// A solver linked into the caller (HiGHS through highspy, in Python),
    /// which runs instead of its binary when the request names its solver.
    pub linked: Option<Arc<dyn InProcess>>,
}

/// A request that runs, and what to tell the user about it.
pub struct Resolved {
    pub engine: Engine,
    pub warnings: Vec<Warning>,
}

/// A request that cannot run, with the warnings found before the error (a
/// face shows them first).
#[derive(Debug)]
pub struct Refused {
    pub error: ConfigError,
    pub warnings: Vec<Warning>,
}

/// Something the request asks that will not happen as asked; it runs all
/// the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The solver (this program) has no threads option.
    ThreadsIgnored { program: &'static str },
    /// With model options the AMPL route writes a flat MathProg model, not
    /// the paper's pair.
    FlatMathProg,
    /// Model options do not reach the native solver.
    NativeIgnoresModel,
}

impl Warning {
    /// A remark on what will run rather than on a setting that is ignored.
    pub fn is_note(&self) -> bool {
        matches!(self, Warning::FlatMathProg)
    }
}

/// Why a request cannot run.
#[derive(Debug)]
pub enum ConfigError {
    /// Not a positive number of seconds up to [`MAX_TIME_LIMIT`].
    TimeLimit { seconds: f64 },
    /// The named solver does not read the route.
    RouteNotRead { solver: Solver, via: Via },
    /// The AMPL pair asked of a solver other than glpsol, which alone reads
    /// it.
    AmplThroughGlpsol { solver: Solver },
    /// An option the generic MiniZinc model cannot take.
    MiniZinc(MznOption),
    /// A route for the native solver, which reads the puzzle itself.
    NativeVia,
    /// A MIP start for the native solver.
    NativeStart,
    /// Run files kept for the native solver, which writes none.
    NativeKeep,
    /// A MIP start for a solver (this program) that reads none on `via`.
    NoMipStart { program: &'static str, via: Via },
    /// The solver is not installed (or no solver is).
    Locate(SolveError),
}

impl ConfigError {
    /// The process exit code (see `cagec --help`): 2 for a request that
    /// cannot run, the solver error's own for one that is not installed.
    pub fn exit_code(&self) -> u8 {
        match self {
            ConfigError::Locate(e) => e.exit_code(),
            _ => 2,
        }
    }
}

/// Checks a time limit: a positive, finite number of seconds.
pub fn check_time_limit(seconds: Option<f64>) -> Result<(), ConfigError> {
    match seconds {
        Some(t) if !(t > 0.0 && t <= MAX_TIME_LIMIT) => Err(ConfigError::TimeLimit { seconds: t }),
        _ => Ok(()),
    }
}

/// The longest time limit taken, in seconds (about 31 years): a deadline
/// past it would overflow the clock.
pub const MAX_TIME_LIMIT: f64 = 1e9;

impl Request {
    /// Resolves the request in the process environment (`CAGEC_HIGHS`, …,
    /// `PATH`).
    pub fn resolve(&self) -> Result<Resolved, Refused> {
        self.resolve_in(&|k| std::env::var_os(k))
    }

    /// [`Request::resolve`] in the environment `env` (for tests).
    pub fn resolve_in(&self, env: Env<'_>) -> Result<Resolved, Refused> {
        let mut warnings = Vec::new();
        match self.engine(env, &mut warnings) {
            Ok(engine) => Ok(Resolved { engine, warnings }),
            Err(error) => Err(Refused { error, warnings }),
        }
    }

    fn engine(&self, env: Env<'_>, warnings: &mut Vec<Warning>) -> Result<Engine, ConfigError> {
        check_time_limit(self.time_limit)?;
        let named = match self.solver {
            Some(SolverChoice::External(s)) => Some(s),
            _ => None,
        };
        // The route: the one asked for, else the named solver's own (CNF
        // for cadical, …).
        let via = self
            .via
            .or_else(|| named.map(|s| s.spec().default_route().via))
            .unwrap_or(Via::Lp);
        if let Some(solver) = named.filter(|s| !s.spec().reads(via)) {
            return Err(match via {
                Via::Ampl => ConfigError::AmplThroughGlpsol { solver },
                _ => ConfigError::RouteNotRead { solver, via },
            });
        }
        // The route's model refuses what `compile --to` it refuses.
        let model = compile::Request {
            model: self.model.clone(),
            to: Some(via.format()),
            ..compile::Request::default()
        };
        if let Err(why) = model.resolve() {
            return Err(ConfigError::MiniZinc(why.0));
        }
        // A linked solver runs instead of the binary of the solver named.
        let linked = self
            .linked
            .as_ref()
            .filter(|l| named == Some(l.solver()))
            .map(|l| Runner::InProcess(Arc::clone(l)));
        let runner = match self.solver {
            Some(SolverChoice::Native) => None,
            Some(SolverChoice::External(_)) if linked.is_some() => linked.map(Ok),
            Some(SolverChoice::External(s)) => {
                Some(locate::locate_with(s, via, env).map(Runner::Binary))
            }
            // A route names an external solver's way in: the first
            // installed one that reads it (for lp, mps and fixed-mps,
            // which every MIP solver reads, a message naming them all).
            None if self.via.is_some() => Some(
                match via {
                    Via::Lp | Via::Mps | Via::FixedMps => locate::locate_default_with(env),
                    _ => locate::locate_reading_with(via, env),
                }
                .map(Runner::Binary),
            ),
            // Otherwise the fastest verified route: the native solver
            // (docs/solvers.md, "The default engine"). External solvers
            // run when they are named.
            None => None,
        };
        let Some(runner) = runner else {
            return self.native(warnings);
        };
        let runner = runner.map_err(ConfigError::Locate)?;
        let spec = runner.solver().spec();
        if self.threads.is_some() && !spec.threads {
            warnings.push(Warning::ThreadsIgnored {
                program: runner.name(),
            });
        }
        let named = self.model.formulation.is_some();
        let formulation = match named {
            true => self.model.options(),
            false => self.model.options().fastest_like(),
        };
        if via == Via::Ampl && named && !formulation.is_paper() {
            warnings.push(Warning::FlatMathProg);
        }
        // A linked solver is given the model only.
        if self.start && (runner.in_process() || !spec.reads_start(via)) {
            return Err(ConfigError::NoMipStart {
                program: runner.name(),
                via,
            });
        }
        Ok(Engine::External(Config {
            runner,
            via,
            time_limit: self.time_limit,
            threads: self.threads,
            mode: self.mode,
            formulation,
            start: self.start,
        }))
    }

    /// The built-in solver reads the puzzle itself: routes, starts and run
    /// files do not apply.
    fn native(&self, warnings: &mut Vec<Warning>) -> Result<Engine, ConfigError> {
        if self.via.is_some() {
            return Err(ConfigError::NativeVia);
        }
        if self.start {
            return Err(ConfigError::NativeStart);
        }
        if self.keep {
            return Err(ConfigError::NativeKeep);
        }
        if !self.model.options().is_paper() {
            warnings.push(Warning::NativeIgnoresModel);
        }
        Ok(Engine::Native {
            mode: self.mode,
            time_limit: self.time_limit,
            threads: self.threads,
        })
    }
}

/// The choices of a solve request, as faces list them: those of its model
/// ([`compile::choices`]), then the solver and the route.
pub fn choices() -> Vec<Choices> {
    // Each first route, with the solvers that take it by default.
    let mut firsts: Vec<(Via, Vec<&str>)> = Vec::new();
    for s in Solver::ALL {
        let via = s.spec().default_route().via;
        match firsts.iter_mut().find(|(v, _)| *v == via) {
            Some((_, solvers)) => solvers.push(s.name()),
            None => firsts.push((via, vec![s.name()])),
        }
    }
    let firsts: Vec<String> = (firsts.iter())
        .map(|(via, solvers)| format!("{via} for {}", and_list(solvers)))
        .collect();
    let mut lists = compile::choices();
    lists.push(Choices::of(Setting::Solver, Some(SolverChoice::Native)));
    lists.push(
        Choices::of::<Via>(Setting::Via, None)
            .unnamed(format!("the solver's first route: {}", firsts.join(", "))),
    );
    lists
}

/// `highs|cbc`: the names of `solvers`, as alternatives.
fn alternatives(solvers: impl Iterator<Item = Solver>) -> String {
    solvers.map(Solver::name).collect::<Vec<_>>().join("|")
}

/// The solvers that read a MIP start.
fn starters() -> impl Iterator<Item = Solver> {
    Solver::ALL
        .into_iter()
        .filter(|s| s.spec().mip_start.is_some())
}

impl Message for Warning {
    fn message(&self, words: &dyn Words) -> String {
        match self {
            Warning::ThreadsIgnored { program } => format!(
                "{program} has no threads option; {} is ignored",
                words.setting(Setting::Threads)
            ),
            Warning::FlatMathProg => format!(
                "with model options, {} runs one flat MathProg model (every row explicit) \
                 instead of the paper's AMPL pair",
                words.choice(Setting::Via, Via::Ampl.name())
            ),
            Warning::NativeIgnoresModel => format!(
                "model options do not apply to the native solver, which reads the \
                 puzzle itself (name {} to solve a model)",
                words.choice(Setting::Solver, &alternatives(Solver::of(Family::Mip)))
            ),
        }
    }
}

impl Message for ConfigError {
    fn message(&self, words: &dyn Words) -> String {
        match self {
            ConfigError::TimeLimit { .. } => format!(
                "{} must be a positive number of seconds, at most {MAX_TIME_LIMIT:e}",
                words.setting(Setting::TimeLimit)
            ),
            ConfigError::RouteNotRead { solver, via } => {
                let routes: Vec<&str> = solver.spec().vias().map(Via::name).collect();
                format!(
                    "{solver} reads {}, not {via}: use {}",
                    routes.join(", "),
                    words.choice(Setting::Via, &routes.join("|"))
                )
            }
            ConfigError::AmplThroughGlpsol { .. } => {
                let blind: Vec<&str> = Solver::of(Family::Mip)
                    .filter(|s| !s.spec().reads(Via::Ampl))
                    .map(|s| s.spec().title)
                    .collect();
                let others: Vec<&str> = Via::of(Family::Mip)
                    .filter(|&v| v != Via::Ampl)
                    .map(Via::name)
                    .collect();
                format!(
                    "{} runs the AMPL model through glpsol's MathProg translator; {} cannot \
                     read it: use {}, or {}",
                    words.choice(Setting::Via, Via::Ampl.name()),
                    and_list(&blind),
                    words.choice(Setting::Solver, &alternatives(Solver::reading(Via::Ampl))),
                    words.choice(Setting::Via, &others.join("|"))
                )
            }
            ConfigError::MiniZinc(option) => format!(
                "{} does not apply to {}: the MiniZinc model writes every cage as its tuples \
                 (or, past {}, its sum or product); {} takes it",
                option.named(words),
                words.choice(Setting::Via, Via::Mzn.name()),
                words.setting(Setting::TupleLimit),
                words.choice(Setting::Via, Via::Fzn.name())
            ),
            ConfigError::NativeVia => format!(
                "the native solver reads the puzzle directly; {} does not apply",
                words.setting(Setting::Via)
            ),
            ConfigError::NativeStart => format!(
                "{} gives a MIP solver a first solution; name one: {}",
                words.setting(Setting::Start),
                words.choice(Setting::Solver, &alternatives(starters()))
            ),
            ConfigError::NativeKeep => format!(
                "the native solver writes no files; {} does not apply (name an external \
                 solver: {})",
                words.setting(Setting::Keep),
                words.choice(Setting::Solver, &alternatives(Solver::of(Family::Mip)))
            ),
            ConfigError::NoMipStart { program, via } => {
                let titles: Vec<&str> = starters().map(|s| s.spec().title).collect();
                let routes: Vec<&str> = Via::ALL
                    .into_iter()
                    .filter(|&v| starters().any(|s| s.spec().reads_start(v)))
                    .map(Via::name)
                    .collect();
                format!(
                    "{}: {program} does not read a MIP start on {}; {} read one on {}",
                    words.setting(Setting::Start),
                    words.choice(Setting::Via, via.name()),
                    and_list(&titles),
                    and_list(&routes)
                )
            }
            ConfigError::Locate(e) => e.to_string(),
        }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(&Rust))
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(&Rust))
    }
}

impl std::error::Error for ConfigError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConfigError::Locate(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulate::Formulation;
    use std::ffi::OsString;
    use std::os::unix::fs::PermissionsExt;
    use std::path::Path;

    /// A `PATH` of one directory holding executables named `programs`.
    struct Installed {
        dir: tempfile::TempDir,
    }

    impl Installed {
        fn new(programs: &[&str]) -> Installed {
            let dir = tempfile::tempdir().unwrap();
            for p in programs {
                let path = dir.path().join(p);
                std::fs::write(&path, "#!/bin/sh\n").unwrap();
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
            Installed { dir }
        }

        fn path(&self) -> &Path {
            self.dir.path()
        }
    }

    fn request() -> Request {
        Request {
            solver: None,
            via: None,
            time_limit: None,
            threads: None,
            mode: Mode::First,
            model: ModelRequest::default(),
            start: false,
            keep: false,
            linked: None,
        }
    }

    fn resolve(req: &Request, installed: &Installed) -> Result<Resolved, Refused> {
        let path = OsString::from(installed.path());
        req.resolve_in(&|k| (k == "PATH").then(|| path.clone()))
    }

    fn external(solver: Solver) -> Option<SolverChoice> {
        Some(SolverChoice::External(solver))
    }

    fn refused(req: &Request, installed: &Installed) -> ConfigError {
        match resolve(req, installed) {
            Err(r) => r.error,
            Ok(_) => panic!("{req:?} resolved"),
        }
    }

    #[test]
    fn nothing_named_is_the_native_solver() {
        let none = Installed::new(&[]);
        let r = resolve(&request(), &none).ok().unwrap();
        assert!(matches!(r.engine, Engine::Native { .. }));
        assert!(r.warnings.is_empty());
        // Threads are the native solver's too: its workers share a search.
        let r = resolve(
            &Request {
                threads: Some(2),
                ..request()
            },
            &none,
        )
        .ok()
        .unwrap();
        assert!(r.warnings.is_empty());
        assert!(matches!(
            r.engine,
            Engine::Native {
                threads: Some(2),
                ..
            }
        ));
        let r = resolve(
            &Request {
                model: ModelRequest {
                    presolve: true,
                    ..ModelRequest::default()
                },
                ..request()
            },
            &none,
        )
        .ok()
        .unwrap();
        assert_eq!(r.warnings, [Warning::NativeIgnoresModel]);
        for (req, want) in [
            (
                Request {
                    via: Some(Via::Lp),
                    solver: Some(SolverChoice::Native),
                    ..request()
                },
                "NativeVia",
            ),
            (
                Request {
                    start: true,
                    ..request()
                },
                "NativeStart",
            ),
            (
                Request {
                    keep: true,
                    ..request()
                },
                "NativeKeep",
            ),
        ] {
            assert_eq!(format!("{:?}", refused(&req, &none)), want);
        }
    }

    #[test]
    fn a_route_finds_the_first_installed_reader() {
        let some = Installed::new(&["cbc", "glpsol", "clasp", "scip"]);
        let names = |via| {
            let req = Request {
                via: Some(via),
                ..request()
            };
            resolve(&req, &some).ok().unwrap().engine.names()
        };
        assert_eq!(names(Via::Lp), ("cbc", "lp"));
        assert_eq!(names(Via::Ampl), ("glpk", "ampl"));
        assert_eq!(names(Via::Cnf), ("clasp", "cnf"));
        assert_eq!(names(Via::Fzn), ("scip", "fzn"));
        let none = Installed::new(&[]);
        let req = Request {
            via: Some(Via::Mps),
            ..request()
        };
        let e = refused(&req, &none);
        assert!(
            matches!(e, ConfigError::Locate(SolveError::NoSolver)),
            "{e:?}"
        );
        assert_eq!(e.exit_code(), 3);
    }

    #[test]
    fn the_named_solver_must_read_the_route() {
        let all = Installed::new(&["highs", "cadical", "minizinc"]);
        let req = Request {
            solver: external(Solver::Cadical),
            via: Some(Via::Lp),
            ..request()
        };
        let e = refused(&req, &all);
        assert_eq!(e.to_string(), "cadical reads cnf, not lp: use `via = cnf`");
        assert_eq!(e.exit_code(), 2);
        let req = Request {
            solver: external(Solver::Highs),
            via: Some(Via::Ampl),
            ..request()
        };
        assert!(matches!(
            refused(&req, &all),
            ConfigError::AmplThroughGlpsol {
                solver: Solver::Highs
            }
        ));
        let req = Request {
            solver: external(Solver::Gecode),
            model: ModelRequest {
                formulation: Some(Formulation::Melkonian),
                ..ModelRequest::default()
            },
            ..request()
        };
        assert!(matches!(refused(&req, &all), ConfigError::MiniZinc(_)));
    }

    #[test]
    fn capabilities_come_from_the_table() {
        let all = Installed::new(&["highs", "glpsol", "kissat", "clasp"]);
        let warned = |solver, via| {
            let req = Request {
                solver: external(solver),
                via,
                threads: Some(4),
                ..request()
            };
            resolve(&req, &all).ok().unwrap().warnings
        };
        assert_eq!(warned(Solver::Highs, None), []);
        assert_eq!(warned(Solver::Clasp, None), []);
        assert_eq!(
            warned(Solver::Kissat, None),
            [Warning::ThreadsIgnored { program: "kissat" }]
        );
        let start = |solver, via| {
            let req = Request {
                solver: external(solver),
                via: Some(via),
                start: true,
                threads: Some(2),
                ..request()
            };
            resolve(&req, &all).map(|r| r.engine.names())
        };
        assert_eq!(
            start(Solver::Highs, Via::FixedMps).ok(),
            Some(("highs", "fixed-mps"))
        );
        let no = start(Solver::Glpk, Via::Lp).err().unwrap();
        // The warning found first is kept for the face to show.
        assert_eq!(no.warnings, [Warning::ThreadsIgnored { program: "glpsol" }]);
        assert_eq!(
            no.error.to_string(),
            "`start`: glpsol does not read a MIP start on `via = lp`; HiGHS and CBC read \
             one on lp, mps and fixed-mps"
        );
    }

    #[test]
    fn model_options_on_the_ampl_route_write_the_flat_model() {
        let glpsol = Installed::new(&["glpsol"]);
        let req = Request {
            via: Some(Via::Ampl),
            model: ModelRequest {
                formulation: Some(Formulation::Tuples),
                ..ModelRequest::default()
            },
            ..request()
        };
        let r = resolve(&req, &glpsol).ok().unwrap();
        assert_eq!(r.warnings, [Warning::FlatMathProg]);
        assert!(r.warnings[0].is_note());
        // Unnamed, the fastest model, without a remark.
        let req = Request {
            via: Some(Via::Ampl),
            ..request()
        };
        let r = resolve(&req, &glpsol).ok().unwrap();
        assert!(r.warnings.is_empty());
        assert_eq!(r.engine.formulation(), "tuples+presolve");
    }

    #[test]
    fn time_limits_are_positive_seconds() {
        assert!(check_time_limit(Some(0.5)).is_ok() && check_time_limit(None).is_ok());
        assert!(check_time_limit(Some(MAX_TIME_LIMIT)).is_ok());
        // A limit past the largest would overflow a deadline: refused, not a panic.
        for bad in [0.0, -1.0, 1e10, 1e300, f64::INFINITY, f64::NAN] {
            let e = check_time_limit(Some(bad)).unwrap_err();
            assert_eq!(
                e.to_string(),
                "`time_limit` must be a positive number of seconds, at most 1e9"
            );
        }
    }

    #[test]
    fn a_solve_lists_its_models_choices_then_the_solver_and_the_route() {
        let lists = choices();
        let settings: Vec<&str> = lists.iter().map(|c| c.setting).collect();
        assert_eq!(
            settings,
            [
                "from",
                "to",
                "formulation",
                "product",
                "killer-form",
                "solver",
                "via"
            ]
        );
        assert_eq!(lists[5].default, Some("native"));
        assert_eq!(lists[5].choices[3].name, "native");
        assert_eq!(
            lists[6].unnamed.as_deref(),
            Some(
                "the solver's first route: lp for highs, cbc and glpk, cnf for cadical and \
                 kissat, opb for clasp, minisat+ and scip, mzn for gecode"
            )
        );
    }

    #[test]
    fn the_solver_choices_are_the_mip_solvers_native_then_the_families() {
        let mip = Solver::of(Family::Mip).map(SolverChoice::External);
        let others = (Solver::ALL.into_iter())
            .filter(|s| s.spec().family != Family::Mip)
            .map(SolverChoice::External);
        let want: Vec<SolverChoice> = mip.chain([SolverChoice::Native]).chain(others).collect();
        assert_eq!(<SolverChoice as Named>::ALL, &want[..]);
    }

    #[test]
    fn choices_parse_native_and_every_solver() {
        assert_eq!("native".parse(), Ok(SolverChoice::Native));
        assert_eq!("glpsol".parse(), Ok(SolverChoice::External(Solver::Glpk)));
        for s in Solver::ALL {
            assert_eq!(s.name().parse(), Ok(SolverChoice::External(s)));
            assert_eq!(SolverChoice::External(s).name(), s.name());
        }
        let e = "gurobi".parse::<SolverChoice>().unwrap_err();
        assert_eq!(e.names[..4], ["native", "highs", "cbc", "glpk"]);
    }
}
