//! Finding the solver binaries: `CAGEC_HIGHS`, `CAGEC_CADICAL`, … first,
//! then `PATH`. A missing binary is an error that says how to install it.
//! The programs, variables and hints are the table's ([`super::solvers`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::named::{Family, Solver};
use super::{SolveError, Via};

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
    locate_for(solver, solver.spec().default_route().via)
}

/// Finds the program that runs `via` for `solver`.
pub fn locate_for(solver: Solver, via: Via) -> Result<Located, SolveError> {
    locate_with(solver, via, &|k| std::env::var_os(k))
}

/// The environment a lookup reads (a function, for tests).
pub type Env<'a> = &'a dyn Fn(&str) -> Option<OsString>;

/// The first of the MIP solvers (highs, cbc, glpsol) that is installed.
pub fn locate_default() -> Result<Located, SolveError> {
    locate_default_with(&|k| std::env::var_os(k))
}

/// [`locate_default`] in `env`.
pub fn locate_default_with(env: Env<'_>) -> Result<Located, SolveError> {
    Solver::of(Family::Mip)
        .find_map(|s| locate_with(s, s.spec().default_route().via, env).ok())
        .ok_or(SolveError::NoSolver)
}

/// The first installed solver that reads `via`, or the error for the first
/// of them.
pub fn locate_reading(via: Via) -> Result<Located, SolveError> {
    locate_reading_with(via, &|k| std::env::var_os(k))
}

/// [`locate_reading`] in `env`.
pub fn locate_reading_with(via: Via, env: Env<'_>) -> Result<Located, SolveError> {
    let solvers: Vec<Solver> = Solver::reading(via).collect();
    solvers
        .iter()
        .find_map(|&s| locate_with(s, via, env).ok())
        .map_or_else(|| locate_with(solvers[0], via, env), Ok)
}

/// [`locate_for`] in `env`. A solver that does not read `via` is looked
/// for by its default route's program.
pub fn locate_with(solver: Solver, via: Via, env: Env<'_>) -> Result<Located, SolveError> {
    let spec = solver.spec();
    let route = spec.route_or_default(via);
    let name = route.program;
    let program =
        find_program(name, route.env_var, env).map_err(|detail| SolveError::NotFound {
            solver,
            program: name,
            detail,
        })?;
    let env = spec
        .library
        .map(|prefix| library_env(prefix, &program, env("LD_LIBRARY_PATH")))
        .unwrap_or_default();
    Ok(Located {
        solver,
        name,
        program,
        env,
    })
}

/// The executable `var` names, else `name` in a directory of `PATH`; or
/// why there is none.
pub fn find_program(name: &str, var: &str, env: Env<'_>) -> Result<PathBuf, String> {
    match env(var).filter(|v| !v.is_empty()) {
        Some(path) => {
            let path = PathBuf::from(path);
            match is_executable(&path) {
                true => Ok(path),
                false => Err(format!(
                    "{var}={} is not an executable file",
                    path.display()
                )),
            }
        }
        None => env("PATH")
            .iter()
            .flat_map(std::env::split_paths)
            .map(|dir| dir.join(name))
            .find(|p| is_executable(p))
            .ok_or_else(|| format!("`{name}` is not on PATH and {var} is not set")),
    }
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
/// start without its library directory on `LD_LIBRARY_PATH`: the library's
/// file name starts with `prefix`.
fn library_env(prefix: &str, program: &Path, current: Option<OsString>) -> Vec<(String, String)> {
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
                .any(|e| e.file_name().to_string_lossy().starts_with(prefix))
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
            locate_with(Solver::Cbc, Via::Lp, &env).unwrap().program,
            fake
        );
        let missing = |k: &str| (k == "CAGEC_CBC").then(|| OsString::from("/nonexistent/cbc"));
        let e = locate_with(Solver::Cbc, Via::Lp, &missing)
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
            locate_with(Solver::Glpk, Via::Lp, &env).unwrap().program,
            dir.path().join("glpsol")
        );
        let e = locate_with(Solver::Highs, Via::Lp, &env)
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
        let env = library_env("libhighs", &bin, Some("/usr/lib".into()));
        let want = format!("{}:/usr/lib", dir.path().join("lib").display());
        assert_eq!(env, vec![("LD_LIBRARY_PATH".to_string(), want)]);
        assert_eq!(Solver::Highs.spec().library, Some("libhighs"));
        assert!(Solver::Cbc.spec().library.is_none());
    }

    #[test]
    fn gecode_is_minizinc_or_fzn_gecode_by_route() {
        let dir = tempfile::tempdir().unwrap();
        executable(&dir.path().join("fzn-gecode"));
        let path = dir.path().as_os_str().to_owned();
        let env = |k: &str| (k == "PATH").then(|| path.clone());
        let found = locate_with(Solver::Gecode, Via::Fzn, &env).unwrap();
        assert_eq!(
            (found.name, found.program),
            ("fzn-gecode", dir.path().join("fzn-gecode"))
        );
        let e = locate_with(Solver::Gecode, Via::Mzn, &env)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`minizinc` is not on PATH and CAGEC_MINIZINC")
                && e.contains("apt-get install minizinc"),
            "{e}"
        );
        let e = locate_with(Solver::Kissat, Via::Cnf, &env)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("python-sat") && e.contains("no kissat package"),
            "{e}"
        );
    }
}
