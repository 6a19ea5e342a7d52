//! Finding the solver binaries: `CAGEC_HIGHS`, `CAGEC_CADICAL`, … first,
//! then `PATH`. A missing binary is an error that says how to install it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::{SolveError, Via};

/// The external solvers cagec drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Solver {
    /// HiGHS (`highs`).
    Highs,
    /// COIN-OR CBC (`cbc`).
    Cbc,
    /// GLPK (`glpsol`).
    Glpk,
    /// CaDiCaL, SAT (`cadical`, DIMACS CNF).
    Cadical,
    /// Kissat, SAT (`kissat`, DIMACS CNF).
    Kissat,
    /// clasp, pseudo-Boolean and SAT (`clasp`, OPB or DIMACS CNF).
    Clasp,
    /// MiniSat+, pseudo-Boolean (`minisat+`, OPB).
    #[cfg_attr(feature = "cli", value(name = "minisat+"))]
    #[serde(rename = "minisat+")]
    MinisatPlus,
    /// Gecode, constraint programming (`minizinc --solver gecode` on
    /// MiniZinc, `fzn-gecode` on FlatZinc).
    Gecode,
    /// SCIP (`scip`, OPB, DIMACS CNF or FlatZinc).
    Scip,
}

impl Solver {
    /// The MIP solvers, in the order `--solver` defaults to them.
    pub const ALL: [Solver; 3] = [Solver::Highs, Solver::Cbc, Solver::Glpk];

    /// Every solver that reads `via`, in the order a family route without
    /// `--solver` tries them.
    pub fn reading(via: Via) -> &'static [Solver] {
        match via {
            Via::Opb => &[Solver::Clasp, Solver::MinisatPlus, Solver::Scip],
            Via::Cnf => &[Solver::Cadical, Solver::Kissat, Solver::Clasp, Solver::Scip],
            Via::Mzn => &[Solver::Gecode],
            Via::Fzn => &[Solver::Gecode, Solver::Scip],
            Via::Ampl => &[Solver::Glpk],
            Via::Lp | Via::Mps | Via::FixedMps => &Solver::ALL,
        }
    }

    /// The routes this solver reads, the first being its default.
    pub fn routes(self) -> &'static [Via] {
        match self {
            Solver::Highs | Solver::Cbc => &[Via::Lp, Via::Mps, Via::FixedMps],
            Solver::Glpk => &[Via::Lp, Via::Mps, Via::FixedMps, Via::Ampl],
            Solver::Cadical | Solver::Kissat => &[Via::Cnf],
            Solver::Clasp => &[Via::Opb, Via::Cnf],
            Solver::MinisatPlus => &[Via::Opb],
            Solver::Gecode => &[Via::Mzn, Via::Fzn],
            Solver::Scip => &[Via::Opb, Via::Cnf, Via::Fzn],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Solver::Highs => "highs",
            Solver::Cbc => "cbc",
            Solver::Glpk => "glpk",
            Solver::Cadical => "cadical",
            Solver::Kissat => "kissat",
            Solver::Clasp => "clasp",
            Solver::MinisatPlus => "minisat+",
            Solver::Gecode => "gecode",
            Solver::Scip => "scip",
        }
    }

    /// The program name looked up on `PATH` (Gecode's for MiniZinc).
    pub fn program(self) -> &'static str {
        self.program_for(self.routes()[0])
    }

    /// The program that runs `via`: Gecode reads FlatZinc as `fzn-gecode`.
    pub fn program_for(self, via: Via) -> &'static str {
        match (self, via) {
            (Solver::Glpk, _) => "glpsol",
            (Solver::Gecode, Via::Fzn) => "fzn-gecode",
            (Solver::Gecode, _) => "minizinc",
            (s, _) => s.name(),
        }
    }

    /// The environment variable that overrides the `PATH` lookup of `program`.
    pub fn env_var_for(self, via: Via) -> &'static str {
        match (self, via) {
            (Solver::Highs, _) => "CAGEC_HIGHS",
            (Solver::Cbc, _) => "CAGEC_CBC",
            (Solver::Glpk, _) => "CAGEC_GLPSOL",
            (Solver::Cadical, _) => "CAGEC_CADICAL",
            (Solver::Kissat, _) => "CAGEC_KISSAT",
            (Solver::Clasp, _) => "CAGEC_CLASP",
            (Solver::MinisatPlus, _) => "CAGEC_MINISATP",
            (Solver::Gecode, Via::Fzn) => "CAGEC_FZN_GECODE",
            (Solver::Gecode, _) => "CAGEC_MINIZINC",
            (Solver::Scip, _) => "CAGEC_SCIP",
        }
    }

    /// The environment variable of the default route's program.
    pub fn env_var(self) -> &'static str {
        self.env_var_for(self.routes()[0])
    }

    pub fn install_hint(self) -> &'static str {
        match self {
            Solver::Highs => {
                "install it with `pip install highsbox`; the binary lands in \
                 site-packages/highsbox/highs_dist/bin/highs and needs its ../lib on \
                 LD_LIBRARY_PATH: point CAGEC_HIGHS at it (cagec adds the library \
                 directory itself) or put a wrapper script named highs on PATH"
            }
            Solver::Cbc => "install it with `pip install cbcbox` (or `apt-get install coinor-cbc`)",
            Solver::Glpk => "install it with `apt-get install glpk-utils`",
            Solver::Cadical => "install it with `apt-get install cadical`",
            Solver::Kissat => {
                "Debian 12 has no kissat package: build it from its source \
                 (github.com/arminbiere/kissat), or `pip install python-sat` (it bundles \
                 Kissat 4.0.4) and run scripts/install-solvers --families, which puts a \
                 `kissat` wrapper over it on target/solvers/bin"
            }
            Solver::Clasp => "install it with `apt-get install clasp`",
            Solver::MinisatPlus => "install it with `apt-get install minisat+`",
            Solver::Gecode => {
                "install it with `apt-get install minizinc` (it brings Gecode and fzn-gecode)"
            }
            Solver::Scip => {
                "install SCIP's own binary (scipopt.org), or `pip install pyscipopt` and run \
                 scripts/install-solvers --families, which puts a `scip` wrapper over it on \
                 target/solvers/bin"
            }
        }
    }
}

/// A solver binary ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub solver: Solver,
    /// The program's name (`highs`, `fzn-gecode`): run files and messages
    /// are named after it.
    pub name: &'static str,
    pub program: PathBuf,
    /// Environment the binary needs (the highsbox library directory).
    pub env: Vec<(String, String)>,
}

/// Finds `solver`'s program for its default route.
pub fn locate(solver: Solver) -> Result<Located, SolveError> {
    locate_for(solver, solver.routes()[0])
}

/// Finds the program that runs `via` for `solver`.
pub fn locate_for(solver: Solver, via: Via) -> Result<Located, SolveError> {
    locate_with(solver, via, |k| std::env::var_os(k))
}

/// The first of highs, cbc, glpsol that is installed.
pub fn locate_default() -> Result<Located, SolveError> {
    Solver::ALL
        .iter()
        .find_map(|&s| locate(s).ok())
        .ok_or(SolveError::NoSolver)
}

/// The first installed solver that reads `via`, or the error for the first
/// of them.
pub fn locate_reading(via: Via) -> Result<Located, SolveError> {
    let solvers = Solver::reading(via);
    solvers
        .iter()
        .find_map(|&s| locate_for(s, via).ok())
        .map_or_else(|| locate_for(solvers[0], via), Ok)
}

/// [`locate_for`] with the environment given as a function (for tests).
pub fn locate_with(
    solver: Solver,
    via: Via,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Located, SolveError> {
    let (name, var) = (solver.program_for(via), solver.env_var_for(via));
    let program = match env(var).filter(|v| !v.is_empty()) {
        Some(path) => {
            let path = PathBuf::from(path);
            if !is_executable(&path) {
                return Err(SolveError::NotFound {
                    solver,
                    program: name,
                    detail: format!("{var}={} is not an executable file", path.display()),
                });
            }
            path
        }
        None => env("PATH")
            .iter()
            .flat_map(std::env::split_paths)
            .map(|dir| dir.join(name))
            .find(|p| is_executable(p))
            .ok_or_else(|| SolveError::NotFound {
                solver,
                program: name,
                detail: format!("`{name}` is not on PATH and {var} is not set"),
            })?,
    };
    let env = library_env(solver, &program, env("LD_LIBRARY_PATH"));
    Ok(Located {
        solver,
        name,
        program,
        env,
    })
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    meta.is_file()
}

/// A bare highsbox binary (`…/bin/highs` next to `…/lib/libhighs*`) cannot
/// start without its library directory on `LD_LIBRARY_PATH`.
fn library_env(solver: Solver, program: &Path, current: Option<OsString>) -> Vec<(String, String)> {
    if solver != Solver::Highs {
        return vec![];
    }
    let Some(lib) = program
        .parent()
        .and_then(Path::parent)
        .map(|p| p.join("lib"))
    else {
        return vec![];
    };
    let has_highs = std::fs::read_dir(&lib)
        .map(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with("libhighs"))
        })
        .unwrap_or(false);
    if !has_highs {
        return vec![];
    }
    let mut value = lib.to_string_lossy().into_owned();
    if let Some(cur) = current.filter(|c| !c.is_empty()) {
        value = format!("{value}:{}", cur.to_string_lossy());
    }
    vec![("LD_LIBRARY_PATH".to_string(), value)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn executable(path: &Path) {
        std::fs::write(path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    #[test]
    fn env_var_wins_over_path_and_must_exist() {
        let dir = tempfile::tempdir().unwrap();
        let fake = dir.path().join("my-cbc");
        executable(&fake);
        let env = |k: &str| match k {
            "CAGEC_CBC" => Some(fake.clone().into_os_string()),
            _ => None,
        };
        assert_eq!(
            locate_with(Solver::Cbc, Via::Lp, env).unwrap().program,
            fake
        );
        let missing = |k: &str| (k == "CAGEC_CBC").then(|| OsString::from("/nonexistent/cbc"));
        let e = locate_with(Solver::Cbc, Via::Lp, missing)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("CAGEC_CBC=/nonexistent/cbc") && e.contains("pip install cbcbox"),
            "{e}"
        );
    }

    #[test]
    fn path_search_and_install_hint() {
        let dir = tempfile::tempdir().unwrap();
        executable(&dir.path().join("glpsol"));
        let path = dir.path().as_os_str().to_owned();
        let env = |k: &str| (k == "PATH").then(|| path.clone());
        assert_eq!(
            locate_with(Solver::Glpk, Via::Lp, env).unwrap().program,
            dir.path().join("glpsol")
        );
        let e = locate_with(Solver::Highs, Via::Lp, env)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("pip install highsbox") && e.contains("LD_LIBRARY_PATH"),
            "{e}"
        );
    }

    #[test]
    fn bare_highsbox_binary_gets_its_library_dir() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("bin")).unwrap();
        std::fs::create_dir_all(dir.path().join("lib")).unwrap();
        std::fs::write(dir.path().join("lib/libhighs.so.1"), "").unwrap();
        let bin = dir.path().join("bin/highs");
        executable(&bin);
        let env = library_env(Solver::Highs, &bin, Some("/usr/lib".into()));
        let want = format!("{}:/usr/lib", dir.path().join("lib").display());
        assert_eq!(env, vec![("LD_LIBRARY_PATH".to_string(), want)]);
        assert!(library_env(Solver::Cbc, &bin, None).is_empty());
    }

    #[test]
    fn gecode_is_minizinc_or_fzn_gecode_by_route() {
        let dir = tempfile::tempdir().unwrap();
        executable(&dir.path().join("fzn-gecode"));
        let path = dir.path().as_os_str().to_owned();
        let env = |k: &str| (k == "PATH").then(|| path.clone());
        let found = locate_with(Solver::Gecode, Via::Fzn, env).unwrap();
        assert_eq!(
            (found.name, found.program),
            ("fzn-gecode", dir.path().join("fzn-gecode"))
        );
        let e = locate_with(Solver::Gecode, Via::Mzn, env)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`minizinc` is not on PATH and CAGEC_MINIZINC")
                && e.contains("apt-get install minizinc"),
            "{e}"
        );
        let e = locate_with(Solver::Kissat, Via::Cnf, env)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("python-sat") && e.contains("no kissat package"),
            "{e}"
        );
    }
}
