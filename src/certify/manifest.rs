//! `manifest.json`: what a certificate folder holds and how it was made: the
//! claim, each file with its SHA-256 and size, the reference CNF's size, the
//! proofs, and the tools with their versions and times. Everything but the
//! times is the same for the same puzzle and tools.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The files of a certificate folder, by name.
pub const PUZZLE: &str = "puzzle.cage";
pub const REFERENCE: &str = "reference.cnf";
pub const NOGOOD: &str = "nogood.cnf";
pub const GRID: &str = "solution.grid";
pub const PROOF: &str = "proof.drat";
pub const MANIFEST: &str = "manifest.json";

/// What `certificate` says in every manifest.
pub const KIND: &str = "cagec certificate";
/// The folder layout this cagec writes and checks.
pub const FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always [`KIND`].
    pub certificate: String,
    /// The folder layout ([`FORMAT`]).
    pub format: u32,
    /// `unique` (solution.grid is the only solution) or `no-solution`.
    pub claim: String,
    /// The grid's side.
    pub size: usize,
    /// Every file but the manifest, with its SHA-256 and size.
    pub files: Vec<FileEntry>,
    pub reference: ReferenceEntry,
    /// The proofs: together they refute the reference CNF with the no-good.
    /// Each refutes it with its cube's literals added as unit clauses; one
    /// proof with an empty cube is the whole refutation (the only kind this
    /// cagec writes and checks).
    pub proofs: Vec<ProofEntry>,
    /// What found the answer (the route of `cagec solve`).
    pub solver: Tool,
    /// What wrote the proof.
    pub prover: Tool,
    /// What checked it.
    pub checker: Tool,
    pub cagec: String,
    /// Wall-clock seconds (the only figures that vary from run to run).
    pub seconds: Seconds,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    pub name: String,
    pub sha256: String,
    pub bytes: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferenceEntry {
    pub variables: u32,
    pub clauses: usize,
    /// Cages written as their tuples, and in layers of partial results.
    pub listed_cages: usize,
    pub layered_cages: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofEntry {
    pub file: String,
    /// `drat` (binary or text: checkers tell them apart).
    pub format: String,
    pub cube: Vec<i32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tool {
    pub program: String,
    pub version: String,
    /// The command line, in the certificate folder (empty for cagec's own
    /// native solver).
    pub command: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seconds {
    pub solve: f64,
    pub encode: f64,
    pub prove: f64,
    /// The whole check (`cagec certify check`'s steps).
    pub check: f64,
    /// The checker's run on the proof, within the check.
    pub checker: f64,
}

impl Manifest {
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The SHA-256 of a file, in lowercase hex, and its size.
pub fn hash_file(path: &Path) -> io::Result<(String, u64)> {
    let mut file = File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let read = file.read(&mut buf)?;
        if read == 0 {
            break;
        }
        hasher.update(&buf[..read]);
        bytes += read as u64;
    }
    let hex = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok((hex, bytes))
}

/// The entry of file `name` in `dir`.
pub fn entry(dir: &Path, name: &str) -> io::Result<FileEntry> {
    let (sha256, bytes) = hash_file(&dir.join(name))?;
    Ok(FileEntry {
        name: name.to_string(),
        sha256,
        bytes,
    })
}
