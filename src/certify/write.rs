//! Writing a certificate folder: every file goes into a temporary folder
//! beside the target, the proof is made and the whole folder checked there
//! as `cagec certify check` would; only then is it renamed into place. Any
//! failure removes the temporary folder: no partial folder is ever left,
//! and nothing that exists is overwritten (an empty folder is replaced).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::CertifyError;
use super::check::{self, Checked};
use super::claim::{self, Claim};
use super::manifest::{self, Manifest, ProofEntry, ReferenceEntry, Seconds, Tool};
use super::proof::{self, Program, Run};
use super::reference::{self, CageVars};
use crate::puzzle::ir::Puzzle;

/// The programs a certificate needs, found before any work starts.
#[derive(Clone, Debug)]
pub struct Tools {
    pub prover: Program,
    pub checker: Program,
}

impl Tools {
    /// CaDiCaL and the checker, or the error for the first one missing.
    pub fn locate() -> Result<Tools, CertifyError> {
        Ok(Tools {
            prover: proof::prover()?,
            checker: proof::checker()?,
        })
    }
}

/// What to certify, and how the answer was found.
pub struct Request<'a> {
    pub puzzle: &'a Puzzle,
    pub claim: Claim,
    /// The solver that answered (program, version, command).
    pub solver: Tool,
    pub solve_seconds: f64,
    /// Seconds each of CaDiCaL and the checker may run.
    pub time_limit: Option<f64>,
    pub cancel: &'a AtomicBool,
}

/// Writes the certificate of `request` into `dir`, checked.
pub fn certify(request: &Request<'_>, tools: &Tools, dir: &Path) -> Result<Checked, CertifyError> {
    let parent = prepare(dir)?;
    let temp = tempfile::Builder::new()
        .prefix(".cagec-certify-")
        .tempdir_in(&parent)
        .map_err(|e| CertifyError::io(&parent, e))?;
    let checked = fill(request, tools, temp.path()).map_err(|e| e.moved(temp.path(), dir))?;
    let path = temp.keep();
    if let Err(e) = std::fs::rename(&path, dir) {
        let _ = std::fs::remove_dir_all(&path);
        return Err(CertifyError::io(dir, e));
    }
    Ok(checked)
}

/// The target must not exist, or be an empty folder; its parent is made.
fn prepare(dir: &Path) -> Result<PathBuf, CertifyError> {
    if let Ok(meta) = std::fs::symlink_metadata(dir) {
        let empty = meta.is_dir()
            && std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none());
        if !empty {
            return Err(CertifyError::Exists(dir.to_path_buf()));
        }
    }
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(|e| CertifyError::io(&parent, e))?;
    std::path::absolute(&parent).map_err(|e| CertifyError::io(&parent, e))
}

/// Every file of the certificate in `dir`, then the check of the folder.
fn fill(request: &Request<'_>, tools: &Tools, dir: &Path) -> Result<Checked, CertifyError> {
    let puzzle = request.puzzle;
    let n = puzzle.size;
    let write = |name: &str, fill: &dyn Fn(&mut dyn std::io::Write) -> std::io::Result<()>| {
        let path = dir.join(name);
        let file = std::fs::File::create(&path).map_err(|e| CertifyError::io(&path, e))?;
        let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
        fill(&mut out)
            .and_then(|()| std::io::Write::flush(&mut out))
            .map_err(|e| CertifyError::io(&path, e))
    };
    let encoding = Instant::now();
    let cnf = reference::encode(puzzle)?;
    let encode = encoding.elapsed().as_secs_f64();
    write(manifest::PUZZLE, &|out| {
        out.write_all(crate::front::write::jwiki(puzzle).as_bytes())
    })?;
    write(manifest::REFERENCE, &|out| {
        claim::write_dimacs(n, &cnf, &[], out)
    })?;
    let nogood: Vec<Vec<i32>> = request
        .claim
        .grid()
        .map(claim::nogood)
        .into_iter()
        .collect();
    if let (Some(grid), Some(clause)) = (request.claim.grid(), nogood.first()) {
        write(manifest::NOGOOD, &|out| {
            claim::write_nogood(cnf.vars, clause, out)
        })?;
        write(manifest::GRID, &|out| write!(out, "{grid}"))?;
    }
    let scratch = dir.join(".work");
    std::fs::create_dir(&scratch).map_err(|e| CertifyError::io(&scratch, e))?;
    let claimed = scratch.join("claim.cnf");
    check::write_claim(&claimed, n, &cnf, &nogood)?;
    let run = Run {
        scratch: &scratch,
        time_limit: request.time_limit,
        cancel: request.cancel,
    };
    let proving = Instant::now();
    proof::prove(
        &tools.prover,
        puzzle,
        &claimed,
        &dir.join(manifest::PROOF),
        &run,
    )?;
    let prove = proving.elapsed().as_secs_f64();
    std::fs::remove_dir_all(&scratch).map_err(|e| CertifyError::io(&scratch, e))?;
    let mut names = vec![manifest::PUZZLE, manifest::REFERENCE];
    if request.claim.grid().is_some() {
        names.extend([manifest::NOGOOD, manifest::GRID]);
    }
    names.push(manifest::PROOF);
    let files = names
        .iter()
        .map(|name| manifest::entry(dir, name).map_err(|e| CertifyError::io(dir.join(name), e)))
        .collect::<Result<Vec<_>, _>>()?;
    let listed = cnf
        .cages
        .iter()
        .filter(|c| matches!(c, CageVars::Listed { .. }))
        .count();
    let tool = |program: &Program, args: Vec<String>| Tool {
        program: program.name.to_string(),
        version: proof::version(program),
        command: std::iter::once(program.name.to_string())
            .chain(args)
            .collect::<Vec<_>>()
            .join(" "),
    };
    let mut manifest = Manifest {
        certificate: manifest::KIND.to_string(),
        format: manifest::FORMAT,
        claim: request.claim.word().to_string(),
        size: n,
        files,
        reference: ReferenceEntry {
            variables: cnf.vars,
            clauses: cnf.clauses.len(),
            listed_cages: listed,
            layered_cages: cnf.cages.len() - listed,
        },
        proofs: vec![ProofEntry {
            file: manifest::PROOF.to_string(),
            format: "drat".to_string(),
            cube: Vec::new(),
        }],
        solver: request.solver.clone(),
        prover: tool(
            &tools.prover,
            proof::prover_args("claim.cnf", manifest::PROOF),
        ),
        checker: tool(
            &tools.checker,
            proof::checker_args("claim.cnf", manifest::PROOF),
        ),
        cagec: env!("CARGO_PKG_VERSION").to_string(),
        seconds: Seconds {
            solve: round_ms(request.solve_seconds),
            encode: round_ms(encode),
            prove: round_ms(prove),
            check: 0.0,
            checker: 0.0,
        },
    };
    write(manifest::MANIFEST, &|out| {
        out.write_all(manifest.to_json().as_bytes())
    })?;
    let mut checked = check::check_folder(dir, &tools.checker, request.time_limit, request.cancel)?;
    manifest.seconds.check = round_ms(checked.seconds);
    manifest.seconds.checker = round_ms(checked.checker.as_secs_f64());
    write(manifest::MANIFEST, &|out| {
        out.write_all(manifest.to_json().as_bytes())
    })?;
    checked.manifest = manifest;
    Ok(checked)
}

fn round_ms(s: f64) -> f64 {
    (s * 1000.0).round() / 1000.0
}

/// The manifest's entry for the solver that answered.
pub fn solver_tool(engine: &crate::solve::Engine) -> Tool {
    use crate::solve::{Engine, Runner};
    match engine {
        Engine::Native { .. } => Tool {
            program: "cagec native solver".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            command: "cagec solve --unique".to_string(),
        },
        Engine::External(c) => {
            let version = match c.runner() {
                Runner::Binary(found) => proof::version(&Program {
                    name: found.name,
                    path: found.program.clone(),
                    env: found.env.clone(),
                }),
                Runner::InProcess(_) => "in process".to_string(),
            };
            Tool {
                program: c.runner().name().to_string(),
                version,
                command: format!(
                    "cagec solve --unique --solver {} --via {}",
                    c.runner().solver().name(),
                    c.via().name()
                ),
            }
        }
    }
}
