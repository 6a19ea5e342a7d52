//! Checking a certificate folder from its files alone (`cagec certify
//! check DIR`, and the last step of writing one): the manifest, every
//! file's SHA-256, the puzzle read again, the reference CNF derived again
//! and compared byte for byte, the grid against the verifier and the
//! reference CNF, the no-good derived again, and the proof run through the
//! checker. The first step that fails is the error, naming its file.

use std::path::Path;
use std::time::{Duration, Instant};

use super::claim::{self, Claim};
use super::manifest::{self, Manifest};
use super::proof::{self, Program, Run};
use super::reference::{self, Cnf};
use super::{CertifyError, Step};
use crate::front::InputFormat;
use crate::front::solution::parse_grid;
use crate::io::input;
use crate::puzzle::ir::Puzzle;
use crate::puzzle::verify;

/// A certificate that holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub manifest: Manifest,
    pub claim: Claim,
    /// The checker's time on the proof.
    pub checker: Duration,
    /// The whole check's time.
    pub seconds: f64,
}

/// Checks the certificate in `dir` with `checker`, each tool run within
/// `time_limit` seconds.
pub fn check_folder(
    dir: &Path,
    checker: &Program,
    time_limit: Option<f64>,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<Checked, CertifyError> {
    let start = Instant::now();
    let reject = |name: &str, step: Step, reason: String| CertifyError::Rejected {
        file: dir.join(name),
        step,
        reason,
    };
    let manifest = read_manifest(dir)?;
    let unique = manifest.claim == "unique";
    let mut names = vec![manifest::PUZZLE, manifest::REFERENCE];
    if unique {
        names.extend([manifest::NOGOOD, manifest::GRID]);
    }
    names.push(manifest::PROOF);
    for name in &names {
        let listed = manifest.files.iter().find(|f| f.name == *name);
        let listed = listed.ok_or_else(|| {
            let why = "the manifest does not list it".to_string();
            reject(manifest::MANIFEST, Step::Hashes, format!("{name}: {why}"))
        })?;
        let (sha256, bytes) = manifest::hash_file(&dir.join(name))
            .map_err(|e| reject(name, Step::Hashes, format!("cannot read it: {e}")))?;
        if sha256 != listed.sha256 || bytes != listed.bytes {
            let why = format!(
                "its SHA-256 is {sha256} ({bytes} bytes), the manifest says {} ({} bytes)",
                listed.sha256, listed.bytes
            );
            return Err(reject(name, Step::Hashes, why));
        }
    }
    if let Some(extra) = manifest
        .files
        .iter()
        .find(|f| !names.contains(&f.name.as_str()))
    {
        let why = format!(
            "it lists {}, which a {} certificate has not",
            extra.name, manifest.claim
        );
        return Err(reject(manifest::MANIFEST, Step::Hashes, why));
    }
    let puzzle = read_puzzle(dir, &manifest)?;
    let cnf = reference::encode(&puzzle)?;
    let mut derived = Vec::new();
    claim::write_dimacs(puzzle.size, &cnf, &[], &mut derived)
        .map_err(|e| CertifyError::io(dir.join(manifest::REFERENCE), e))?;
    same_bytes(dir, manifest::REFERENCE, Step::Reference, &derived)?;
    let claim = match unique {
        true => Claim::Unique(check_grid(dir, &puzzle, &cnf)?),
        false => Claim::NoSolution,
    };
    let nogood: Vec<Vec<i32>> = claim.grid().map(claim::nogood).into_iter().collect();
    if let Some(clause) = nogood.first() {
        let mut derived = Vec::new();
        claim::write_nogood(cnf.vars, clause, &mut derived)
            .map_err(|e| CertifyError::io(dir.join(manifest::NOGOOD), e))?;
        same_bytes(dir, manifest::NOGOOD, Step::NoGood, &derived)?;
    }
    let scratch = tempfile::Builder::new()
        .prefix("cagec-certify-check-")
        .tempdir()
        .map_err(|e| CertifyError::io(std::env::temp_dir(), e))?;
    let claimed = scratch.path().join("claim.cnf");
    write_claim(&claimed, puzzle.size, &cnf, &nogood)?;
    let run = Run {
        scratch: scratch.path(),
        time_limit,
        cancel,
    };
    // The checker runs in the scratch folder: it gets the proof's absolute path.
    let proof_path = std::path::absolute(dir.join(manifest::PROOF))
        .map_err(|e| CertifyError::io(dir.join(manifest::PROOF), e))?;
    let checker = proof::check(checker, &claimed, &proof_path, &run)
        .map_err(|e| e.moved(&proof_path, &dir.join(manifest::PROOF)))?;
    Ok(Checked {
        manifest,
        claim,
        checker,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The CNF the proof refutes: the reference CNF and the no-good, if any.
pub fn write_claim(
    path: &Path,
    n: usize,
    cnf: &Cnf,
    nogood: &[Vec<i32>],
) -> Result<(), CertifyError> {
    let file = std::fs::File::create(path).map_err(|e| CertifyError::io(path, e))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    claim::write_dimacs(n, cnf, nogood, &mut out)
        .and_then(|()| std::io::Write::flush(&mut out))
        .map_err(|e| CertifyError::io(path, e))
}

fn read_manifest(dir: &Path) -> Result<Manifest, CertifyError> {
    let path = dir.join(manifest::MANIFEST);
    let reject = |reason: String| CertifyError::Rejected {
        file: path.clone(),
        step: Step::Manifest,
        reason,
    };
    let text =
        std::fs::read_to_string(&path).map_err(|e| reject(format!("cannot read it: {e}")))?;
    let m: Manifest =
        serde_json::from_str(&text).map_err(|e| reject(format!("not a manifest: {e}")))?;
    if m.certificate != manifest::KIND || m.format != manifest::FORMAT {
        return Err(reject(format!(
            "expected certificate \"{}\" format {}, found {:?} format {}",
            manifest::KIND,
            manifest::FORMAT,
            m.certificate,
            m.format
        )));
    }
    if m.claim != "unique" && m.claim != "no-solution" {
        let found = &m.claim;
        return Err(reject(format!(
            "expected the claim unique or no-solution, found {found:?}"
        )));
    }
    // One proof of the whole: a proof per cube would also need the check
    // that the cubes cover every case, which this cagec does not make.
    match m.proofs.as_slice() {
        [p] if p.file == manifest::PROOF && p.cube.is_empty() => Ok(m),
        _ => Err(reject(format!(
            "expected one proof, {} with an empty cube; this cagec checks no other kind",
            manifest::PROOF
        ))),
    }
}

fn read_puzzle(dir: &Path, manifest: &Manifest) -> Result<Puzzle, CertifyError> {
    let path = dir.join(manifest::PUZZLE);
    let reject = |reason: String| CertifyError::Rejected {
        file: path.clone(),
        step: Step::Puzzle,
        reason,
    };
    let text =
        std::fs::read_to_string(&path).map_err(|e| reject(format!("cannot read it: {e}")))?;
    let name = path.display().to_string();
    let loaded =
        input::load_str(&text, InputFormat::Cages, name, "puzzle".into()).map_err(|e| {
            reject(format!(
                "it does not read as a puzzle:\n{}",
                e.to_string().trim_end()
            ))
        })?;
    if loaded.puzzle.size != manifest.size {
        let n = loaded.puzzle.size;
        return Err(reject(format!(
            "the puzzle is {n}x{n}, the manifest says {}",
            manifest.size
        )));
    }
    Ok(loaded.puzzle)
}

/// The grid file: n lines of n values that the verifier accepts and whose
/// assignment satisfies every clause of the reference CNF.
fn check_grid(
    dir: &Path,
    puzzle: &Puzzle,
    cnf: &Cnf,
) -> Result<crate::puzzle::ir::Grid, CertifyError> {
    let path = dir.join(manifest::GRID);
    let reject = |reason: String| CertifyError::Rejected {
        file: path.clone(),
        step: Step::Grid,
        reason,
    };
    let text =
        std::fs::read_to_string(&path).map_err(|e| reject(format!("cannot read it: {e}")))?;
    let grid = parse_grid(&text, puzzle.size).map_err(|diags| {
        reject(format!(
            "not a grid:\n{}",
            diags.render(&path.display().to_string(), &text)
        ))
    })?;
    let violations = verify::check(puzzle, &grid);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(reject(format!(
            "the verifier rejects it: {}",
            list.join("; ")
        )));
    }
    let value = claim::witness(puzzle, cnf, &grid);
    if let Some(i) = claim::falsified(&cnf.clauses, &value) {
        return Err(reject(format!(
            "it falsifies clause {} of the reference CNF: {:?}",
            i + 1,
            cnf.clauses[i]
        )));
    }
    Ok(grid)
}

/// The file's bytes are `derived`; else the first line where they differ.
fn same_bytes(dir: &Path, name: &str, step: Step, derived: &[u8]) -> Result<(), CertifyError> {
    let path = dir.join(name);
    let bytes = std::fs::read(&path).map_err(|e| CertifyError::Rejected {
        file: path.clone(),
        step,
        reason: format!("cannot read it: {e}"),
    })?;
    if bytes == derived {
        return Ok(());
    }
    let lines = |b: &[u8]| b.split(|&c| c == b'\n').count();
    let line = bytes
        .split(|&b| b == b'\n')
        .zip(derived.split(|&b| b == b'\n'))
        .position(|(a, b)| a != b)
        .unwrap_or(lines(&bytes).min(lines(derived)));
    Err(CertifyError::Rejected {
        file: path,
        step,
        reason: format!(
            "it differs from what cagec derives from puzzle.cage, first at line {}",
            line + 1
        ),
    })
}
