//! Everything cagec knows about each external solver, in one table: its
//! family, the routes it reads (the default first) with the program and
//! environment variable of each, how to install it, how it answers, what it
//! can do (threads, time limit, MIP start) and which module builds its
//! command line and reads its answer. The per-solver modules hold those
//! details; this table says which applies.
//!
//! [`Solver::spec`] is one exhaustive `match`, so a tenth solver does not
//! compile until it is described here. The enums themselves, and what each
//! route ([`Via`]) is (its family, its format, the form of its no-good
//! cut), are in [`super::named`], which the answer parsers use too.

use std::io::{self, Write};

pub use super::named::{Family, NoGood, Solver, Via};
use super::{ParseError, RawSolution, cbc, competition, gecode, glpk, highs, scip};
use crate::back::FixedNames;
use crate::model::Model;
use crate::words::Named;

/// One route a solver reads: the program that runs it and the environment
/// variable that overrides the `PATH` lookup of that program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub via: Via,
    pub program: &'static str,
    pub env_var: &'static str,
}

const fn route(via: Via, program: &'static str, env_var: &'static str) -> Route {
    Route {
        via,
        program,
        env_var,
    }
}

/// How a solver answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution file of its own format, `<input>.<program>.<extension>`.
    File { extension: &'static str },
    /// On standard output; these exit codes mean an answer, any other a
    /// failure.
    Stdout { exit_codes: &'static [i32] },
}

/// How a solver keeps to the time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// It is told the limit on its command line.
    Own,
    /// It has none: cagec interrupts it (SIGINT) at the limit.
    Interrupted,
}

/// A MIP start: a feasible point the first run starts from.
#[derive(Clone, Copy, Debug)]
pub struct MipStart {
    /// The routes on which the solver reads one.
    pub routes: &'static [Via],
    /// Added to the model file's name: `kk0.lp.start.sol`.
    pub suffix: &'static str,
    pub write: WriteStart,
}

/// Writes `point` (one value per column of the model, columns named as the
/// model file names them) in the solver's start format.
pub type WriteStart = fn(&Model, Option<&FixedNames>, &[i64], &mut dyn Write) -> io::Result<()>;

/// An options file cagec writes for each run (HiGHS's `--options_file`).
#[derive(Clone, Copy, Debug)]
pub struct OptionsFile {
    /// Added to the model file's name: `kk0.lp.highs.opt`.
    pub suffix: &'static str,
    /// The settings for a run: (a no-good run, a presolved model). No
    /// settings, no file.
    pub settings: fn(bool, bool) -> Vec<(&'static str, &'static str)>,
}

/// What one run's command line is made of; files are relative to the run
/// directory.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    pub via: Via,
    pub model: &'a str,
    /// The data file of a pair (AMPL, MiniZinc).
    pub data: Option<&'a str>,
    /// Where the MathProg model's `printf` lines go.
    pub printed: Option<&'a str>,
    /// The solution file (for a solver that writes one).
    pub solution: &'a str,
    pub start: Option<&'a str>,
    pub options: Option<&'a str>,
    pub time_limit: Option<f64>,
    pub threads: Option<u32>,
}

/// What one run answered.
#[derive(Clone, Copy, Debug)]
pub struct Answered<'a> {
    pub via: Via,
    /// The solution file, or the standard output of a solver that prints
    /// its answer.
    pub text: &'a str,
    /// Standard output (glpsol logs its time limit there).
    pub log: &'a str,
    /// The puzzle's size n.
    pub size: usize,
    /// A time limit was set, so an unknown answer is that limit.
    pub timed: bool,
}

/// Everything cagec knows about one solver.
#[derive(Debug)]
pub struct SolverSpec {
    pub solver: Solver,
    /// `--solver NAME`, Python's `solver="NAME"`, the reports' name.
    pub name: &'static str,
    /// Other names a face may accept (Python's `glpsol`).
    pub aliases: &'static [&'static str],
    /// The solver's own name, for sentences (`HiGHS`).
    pub title: &'static str,
    /// What it is, in one line: the `--solver` help (its variant's doc
    /// comment) and the faces' description.
    pub help: &'static str,
    /// The family of its default route.
    pub family: Family,
    /// The routes it reads, its default first.
    pub routes: &'static [Route],
    /// How to install it, the end of a not-found message.
    pub install_hint: &'static str,
    /// A library a bare binary needs beside it (`…/bin/highs` with
    /// `…/lib/libhighs*`), by the start of its file name.
    pub library: Option<&'static str>,
    pub answer: Answer,
    /// Whether it takes `--threads`.
    pub threads: bool,
    pub time_limit: TimeLimit,
    pub mip_start: Option<MipStart>,
    pub options_file: Option<OptionsFile>,
    /// Finds the error a solver logs although it exits 0 (CBC).
    pub log_error: Option<fn(&str) -> Option<String>>,
    /// The arguments of one run.
    pub args: fn(&Run<'_>) -> Vec<String>,
    /// Reads the answer of one run.
    pub parse: fn(&Answered<'_>) -> Result<RawSolution, ParseError>,
}

const MIP_ROUTES: [Via; 3] = [Via::Lp, Via::Mps, Via::FixedMps];

static HIGHS: SolverSpec = SolverSpec {
    solver: Solver::Highs,
    name: "highs",
    aliases: &[],
    title: "HiGHS",
    help: "HiGHS (`highs`)",
    family: Family::Mip,
    routes: &[
        route(Via::Lp, "highs", "CAGEC_HIGHS"),
        route(Via::Mps, "highs", "CAGEC_HIGHS"),
        route(Via::FixedMps, "highs", "CAGEC_HIGHS"),
    ],
    install_hint: "install it with `pip install highsbox`; the binary lands in \
                   site-packages/highsbox/highs_dist/bin/highs and needs its ../lib on \
                   LD_LIBRARY_PATH: point CAGEC_HIGHS at it (cagec adds the library \
                   directory itself) or put a wrapper script named highs on PATH",
    library: Some("libhighs"),
    answer: Answer::File { extension: "sol" },
    threads: true,
    time_limit: TimeLimit::Own,
    mip_start: Some(MipStart {
        routes: &MIP_ROUTES,
        suffix: "start.sol",
        write: crate::back::write_solution,
    }),
    options_file: Some(OptionsFile {
        suffix: "highs.opt",
        settings: highs::settings,
    }),
    log_error: None,
    args: |r| {
        highs::args(
            r.model,
            r.solution,
            r.time_limit,
            r.threads,
            r.start,
            r.options,
        )
    },
    parse: |a| highs::parse(a.text),
};

static CBC: SolverSpec = SolverSpec {
    solver: Solver::Cbc,
    name: "cbc",
    aliases: &[],
    title: "CBC",
    help: "COIN-OR CBC (`cbc`)",
    family: Family::Mip,
    routes: &[
        route(Via::Lp, "cbc", "CAGEC_CBC"),
        route(Via::Mps, "cbc", "CAGEC_CBC"),
        route(Via::FixedMps, "cbc", "CAGEC_CBC"),
    ],
    install_hint: "install it with `pip install cbcbox` (or `apt-get install coinor-cbc`)",
    library: None,
    answer: Answer::File { extension: "sol" },
    threads: true,
    time_limit: TimeLimit::Own,
    mip_start: Some(MipStart {
        routes: &MIP_ROUTES,
        suffix: "start",
        write: cbc::write_start,
    }),
    options_file: None,
    // CBC exits 0 even when it could not read the model.
    log_error: Some(cbc::log_error),
    args: |r| cbc::args(r.model, r.solution, r.time_limit, r.threads, r.start),
    parse: |a| cbc::parse(a.text),
};

static GLPK: SolverSpec = SolverSpec {
    solver: Solver::Glpk,
    name: "glpk",
    aliases: &["glpsol"],
    title: "GLPK",
    help: "GLPK (`glpsol`)",
    family: Family::Mip,
    routes: &[
        route(Via::Lp, "glpsol", "CAGEC_GLPSOL"),
        route(Via::Mps, "glpsol", "CAGEC_GLPSOL"),
        route(Via::FixedMps, "glpsol", "CAGEC_GLPSOL"),
        route(Via::Ampl, "glpsol", "CAGEC_GLPSOL"),
    ],
    install_hint: "install it with `apt-get install glpk-utils`",
    library: None,
    answer: Answer::File { extension: "w" },
    threads: false,
    time_limit: TimeLimit::Own,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| {
        let files = glpk::Files {
            model: r.model,
            data: r.data,
            printed: r.printed,
            solution: r.solution,
        };
        glpk::args(r.via, &files, r.time_limit)
    },
    parse: |a| glpk::parse_w(a.text, a.log),
};

static CADICAL: SolverSpec = SolverSpec {
    solver: Solver::Cadical,
    name: "cadical",
    aliases: &[],
    title: "CaDiCaL",
    help: "CaDiCaL on DIMACS CNF (`cadical`)",
    family: Family::Sat,
    routes: &[route(Via::Cnf, "cadical", "CAGEC_CADICAL")],
    install_hint: "install it with `apt-get install cadical`",
    library: None,
    // 10 satisfiable, 20 unsatisfiable, 0 unknown.
    answer: Answer::Stdout {
        exit_codes: &[0, 10, 20],
    },
    threads: false,
    time_limit: TimeLimit::Own,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| competition::args(Solver::Cadical, r.model, r.time_limit, r.threads),
    parse: |a| competition::parse(a.text, a.timed),
};

static KISSAT: SolverSpec = SolverSpec {
    solver: Solver::Kissat,
    name: "kissat",
    aliases: &[],
    title: "Kissat",
    help: "Kissat on DIMACS CNF (`kissat`)",
    family: Family::Sat,
    routes: &[route(Via::Cnf, "kissat", "CAGEC_KISSAT")],
    install_hint: "Debian 12 has no kissat package: build it from its source \
                   (github.com/arminbiere/kissat), or `pip install python-sat` (it bundles \
                   Kissat 4.0.4) and run scripts/install-solvers --families, which puts a \
                   `kissat` wrapper over it on target/solvers/bin",
    library: None,
    answer: Answer::Stdout {
        exit_codes: &[0, 10, 20],
    },
    threads: false,
    time_limit: TimeLimit::Own,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| competition::args(Solver::Kissat, r.model, r.time_limit, r.threads),
    parse: |a| competition::parse(a.text, a.timed),
};

static CLASP: SolverSpec = SolverSpec {
    solver: Solver::Clasp,
    name: "clasp",
    aliases: &[],
    title: "clasp",
    help: "clasp on OPB or DIMACS CNF (`clasp`)",
    family: Family::PseudoBoolean,
    routes: &[
        route(Via::Opb, "clasp", "CAGEC_CLASP"),
        route(Via::Cnf, "clasp", "CAGEC_CLASP"),
    ],
    install_hint: "install it with `apt-get install clasp`",
    library: None,
    // 30 when its search is exhausted, 1 when its time limit interrupts it.
    answer: Answer::Stdout {
        exit_codes: &[0, 1, 10, 20, 30],
    },
    // It runs several solvers at once.
    threads: true,
    time_limit: TimeLimit::Own,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| competition::args(Solver::Clasp, r.model, r.time_limit, r.threads),
    parse: |a| competition::parse(a.text, a.timed),
};

static MINISAT_PLUS: SolverSpec = SolverSpec {
    solver: Solver::MinisatPlus,
    name: "minisat+",
    aliases: &[],
    title: "MiniSat+",
    help: "MiniSat+ on OPB (`minisat+`)",
    family: Family::PseudoBoolean,
    routes: &[route(Via::Opb, "minisat+", "CAGEC_MINISATP")],
    install_hint: "install it with `apt-get install minisat+`",
    library: None,
    // 0 with any answer (5 on a parse error).
    answer: Answer::Stdout { exit_codes: &[0] },
    threads: false,
    time_limit: TimeLimit::Interrupted,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| competition::args(Solver::MinisatPlus, r.model, r.time_limit, r.threads),
    parse: |a| competition::parse(a.text, a.timed),
};

static GECODE: SolverSpec = SolverSpec {
    solver: Solver::Gecode,
    name: "gecode",
    aliases: &[],
    title: "Gecode",
    help: "Gecode on MiniZinc (`minizinc`) or FlatZinc (`fzn-gecode`)",
    family: Family::ConstraintProgramming,
    routes: &[
        route(Via::Mzn, "minizinc", "CAGEC_MINIZINC"),
        route(Via::Fzn, "fzn-gecode", "CAGEC_FZN_GECODE"),
    ],
    install_hint: "install it with `apt-get install minizinc` (it brings Gecode and fzn-gecode)",
    library: None,
    answer: Answer::Stdout { exit_codes: &[0] },
    threads: true,
    time_limit: TimeLimit::Own,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| gecode::args(r.via, r.model, r.data, r.time_limit, r.threads),
    parse: |a| gecode::parse(a.text, a.size, a.timed),
};

static SCIP: SolverSpec = SolverSpec {
    solver: Solver::Scip,
    name: "scip",
    aliases: &[],
    title: "SCIP",
    help: "SCIP on OPB, DIMACS CNF or FlatZinc (`scip`)",
    family: Family::PseudoBoolean,
    routes: &[
        route(Via::Opb, "scip", "CAGEC_SCIP"),
        route(Via::Cnf, "scip", "CAGEC_SCIP"),
        route(Via::Fzn, "scip", "CAGEC_SCIP"),
    ],
    install_hint: "install SCIP's own binary (scipopt.org), or `pip install pyscipopt` and run \
                   scripts/install-solvers --families, which puts a `scip` wrapper over it on \
                   target/solvers/bin",
    library: None,
    answer: Answer::File { extension: "sol" },
    threads: false,
    time_limit: TimeLimit::Own,
    mip_start: None,
    options_file: None,
    log_error: None,
    args: |r| scip::args(r.model, r.solution, r.time_limit),
    parse: |a| scip::parse(a.text, a.via, a.size),
};

impl Solver {
    /// Every solver, the MIP solvers first, in the order a route without
    /// `--solver` tries them.
    pub const ALL: [Solver; <Solver as strum::EnumCount>::COUNT] =
        crate::words::every(<Solver as strum::VariantArray>::VARIANTS);

    /// The description of this solver.
    pub fn spec(self) -> &'static SolverSpec {
        match self {
            Solver::Highs => &HIGHS,
            Solver::Cbc => &CBC,
            Solver::Glpk => &GLPK,
            Solver::Cadical => &CADICAL,
            Solver::Kissat => &KISSAT,
            Solver::Clasp => &CLASP,
            Solver::MinisatPlus => &MINISAT_PLUS,
            Solver::Gecode => &GECODE,
            Solver::Scip => &SCIP,
        }
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The solvers of `family`, in [`Solver::ALL`]'s order: for
    /// [`Family::Mip`], the order `--via lp` without `--solver` tries them.
    pub fn of(family: Family) -> impl Iterator<Item = Solver> {
        Solver::ALL
            .into_iter()
            .filter(move |s| s.spec().family == family)
    }

    /// Every solver that reads `via`, in the order a route without
    /// `--solver` tries them.
    pub fn reading(via: Via) -> impl Iterator<Item = Solver> {
        Solver::ALL.into_iter().filter(move |s| s.spec().reads(via))
    }
}

impl SolverSpec {
    /// The routes it reads, its default first.
    pub fn vias(&self) -> impl Iterator<Item = Via> + '_ {
        self.routes.iter().map(|r| r.via)
    }

    pub fn reads(&self, via: Via) -> bool {
        self.route(via).is_some()
    }

    pub fn default_route(&self) -> &Route {
        &self.routes[0]
    }

    pub fn route(&self, via: Via) -> Option<&Route> {
        self.routes.iter().find(|r| r.via == via)
    }

    /// The route that runs `via`, or the default one for a route it does
    /// not read (the error for that comes from elsewhere).
    pub fn route_or_default(&self, via: Via) -> &Route {
        self.route(via).unwrap_or(self.default_route())
    }

    /// Whether it reads a MIP start on `via`.
    pub fn reads_start(&self, via: Via) -> bool {
        self.mip_start.is_some_and(|m| m.routes.contains(&via))
    }

    /// How `via` carries its no-good cuts, if this solver reads it.
    pub fn nogood(&self, via: Via) -> Option<NoGood> {
        self.reads(via).then(|| via.nogood())
    }
}

impl Named for Solver {
    const ALL: &'static [Solver] = &Solver::ALL;
    const WHAT: &'static str = "solver";

    fn name(self) -> &'static str {
        self.spec().name
    }

    fn aliases(self) -> &'static [&'static str] {
        self.spec().aliases
    }

    fn help(self) -> &'static str {
        self.spec().help
    }
}

crate::words::from_name!(Solver, Via);

impl std::fmt::Display for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_describes_every_solver_once() {
        let mut seen = std::collections::HashSet::new();
        for s in Solver::ALL {
            let spec = s.spec();
            assert_eq!(spec.solver, s);
            assert!(seen.insert(spec.name), "{} twice", spec.name);
            assert!(!spec.routes.is_empty(), "{s} reads nothing");
            // The family is that of the default route.
            assert_eq!(spec.family, spec.default_route().via.family(), "{s}");
            let vias: Vec<Via> = spec.vias().collect();
            let mut unique = vias.clone();
            unique.dedup();
            assert_eq!(vias, unique, "{s} lists a route twice");
            if let Some(start) = spec.mip_start {
                assert!(start.routes.iter().all(|v| spec.reads(*v)), "{s}");
            }
        }
        for via in Via::ALL {
            assert!(Solver::reading(via).next().is_some(), "nobody reads {via}");
        }
    }

    #[test]
    fn the_mip_solvers_are_the_defaults_in_order() {
        let mip: Vec<Solver> = Solver::of(Family::Mip).collect();
        assert_eq!(mip, [Solver::Highs, Solver::Cbc, Solver::Glpk]);
        let opb: Vec<Solver> = Solver::reading(Via::Opb).collect();
        assert_eq!(opb, [Solver::Clasp, Solver::MinisatPlus, Solver::Scip]);
        let cnf: Vec<Solver> = Solver::reading(Via::Cnf).collect();
        assert_eq!(
            cnf,
            [Solver::Cadical, Solver::Kissat, Solver::Clasp, Solver::Scip]
        );
        let mip_vias: Vec<Via> = Via::of(Family::Mip).collect();
        assert_eq!(mip_vias, [Via::Lp, Via::Mps, Via::FixedMps, Via::Ampl]);
    }

    #[test]
    fn names_parse_back() {
        for s in Solver::ALL {
            assert_eq!(s.name().parse::<Solver>(), Ok(s));
        }
        assert_eq!("glpsol".parse::<Solver>(), Ok(Solver::Glpk));
        assert!("gurobi".parse::<Solver>().is_err());
        assert!("native".parse::<Solver>().is_err());
        for v in Via::ALL {
            assert_eq!(v.name().parse::<Via>(), Ok(v));
        }
        let e = "xml".parse::<Via>().unwrap_err().to_string();
        assert!(e.contains("\"xml\"") && e.contains("fixed-mps"), "{e}");
    }

    #[cfg(feature = "cli")]
    #[test]
    fn the_command_line_names_are_the_tables() {
        use clap::ValueEnum;
        let listed: Vec<Solver> = Solver::value_variants().to_vec();
        assert_eq!(listed, Solver::ALL);
        for s in Solver::value_variants() {
            let value = s.to_possible_value().unwrap();
            assert_eq!(value.get_name(), s.name());
        }
        let listed: Vec<Via> = Via::value_variants().to_vec();
        assert_eq!(listed, Via::ALL);
        for v in Via::value_variants() {
            assert_eq!(v.to_possible_value().unwrap().get_name(), v.name());
        }
    }

    /// The message for no MIP solver at all is written by hand.
    #[test]
    fn no_solver_names_every_mip_solver() {
        let message = super::super::SolveError::NoSolver.to_string();
        for s in Solver::of(Family::Mip) {
            let route = s.spec().default_route();
            assert!(message.contains(route.env_var), "{message}");
            assert!(message.contains(route.program), "{message}");
        }
    }

    #[test]
    fn capabilities() {
        let threaded: Vec<&str> = Solver::ALL
            .into_iter()
            .filter(|s| s.spec().threads)
            .map(Solver::name)
            .collect();
        assert_eq!(threaded, ["highs", "cbc", "clasp", "gecode"]);
        let starting: Vec<&str> = Solver::ALL
            .into_iter()
            .filter(|s| s.spec().mip_start.is_some())
            .map(Solver::name)
            .collect();
        assert_eq!(starting, ["highs", "cbc"]);
        assert!(Solver::Highs.spec().reads_start(Via::FixedMps));
        assert!(!Solver::Glpk.spec().reads_start(Via::Lp));
        assert_eq!(Solver::Clasp.spec().nogood(Via::Cnf), Some(NoGood::Clause));
        assert_eq!(Solver::Clasp.spec().nogood(Via::Lp), None);
        assert_eq!(
            Solver::Gecode.spec().route(Via::Fzn).unwrap().program,
            "fzn-gecode"
        );
    }
}
