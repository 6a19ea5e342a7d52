//! Finding the solver binaries: `CAGEC_HIGHS` / `CAGEC_CBC` / `CAGEC_GLPSOL`
//! first, then `PATH`. A missing binary is an error that says how to install it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::SolveError;

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
}

impl Solver {
    /// In the order `--solver` defaults to them.
    pub const ALL: [Solver; 3] = [Solver::Highs, Solver::Cbc, Solver::Glpk];

    pub fn name(self) -> &'static str {
        match self {
            Solver::Highs => "highs",
            Solver::Cbc => "cbc",
            Solver::Glpk => "glpk",
        }
    }

    /// The program name looked up on `PATH`.
    pub fn program(self) -> &'static str {
        match self {
            Solver::Highs => "highs",
            Solver::Cbc => "cbc",
            Solver::Glpk => "glpsol",
        }
    }

    /// The environment variable that overrides the `PATH` lookup.
    pub fn env_var(self) -> &'static str {
        match self {
            Solver::Highs => "CAGEC_HIGHS",
            Solver::Cbc => "CAGEC_CBC",
            Solver::Glpk => "CAGEC_GLPSOL",
        }
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
        }
    }
}

/// A solver binary ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub solver: Solver,
    pub program: PathBuf,
    /// Environment the binary needs (the highsbox library directory).
    pub env: Vec<(String, String)>,
}

/// Finds `solver` through its environment variable or `PATH`.
pub fn locate(solver: Solver) -> Result<Located, SolveError> {
    locate_with(solver, |k| std::env::var_os(k))
}

/// The first of highs, cbc, glpsol that is installed.
pub fn locate_default() -> Result<Located, SolveError> {
    Solver::ALL
        .iter()
        .find_map(|&s| locate(s).ok())
        .ok_or(SolveError::NoSolver)
}

/// [`locate`] with the environment given as a function (for tests).
pub fn locate_with(
    solver: Solver,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Located, SolveError> {
    let program = match env(solver.env_var()).filter(|v| !v.is_empty()) {
        Some(path) => {
            let path = PathBuf::from(path);
            if !is_executable(&path) {
                return Err(SolveError::NotFound {
                    solver,
                    detail: format!(
                        "{}={} is not an executable file",
                        solver.env_var(),
                        path.display()
                    ),
                });
            }
            path
        }
        None => env("PATH")
            .iter()
            .flat_map(std::env::split_paths)
            .map(|dir| dir.join(solver.program()))
            .find(|p| is_executable(p))
            .ok_or_else(|| SolveError::NotFound {
                solver,
                detail: format!(
                    "`{}` is not on PATH and {} is not set",
                    solver.program(),
                    solver.env_var()
                ),
            })?,
    };
    let env = library_env(solver, &program, env("LD_LIBRARY_PATH"));
    Ok(Located {
        solver,
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
        assert_eq!(locate_with(Solver::Cbc, env).unwrap().program, fake);
        let missing = |k: &str| (k == "CAGEC_CBC").then(|| OsString::from("/nonexistent/cbc"));
        let e = locate_with(Solver::Cbc, missing).unwrap_err().to_string();
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
            locate_with(Solver::Glpk, env).unwrap().program,
            dir.path().join("glpsol")
        );
        let e = locate_with(Solver::Highs, env).unwrap_err().to_string();
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
}
