//! The manifest of a batch (`--manifest json|csv`): one record per puzzle,
//! in input order, written as `DIR/manifest.json` or `DIR/manifest.csv` once
//! the batch is done. A puzzle that failed keeps its record, with its error
//! and no file.

use std::io::{self, Write};
use std::path::Path;

use clap::ValueEnum;

use cagec::formulate::{Formulation, Options};

/// The manifest's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ManifestFormat {
    /// `manifest.json`: an array of objects, absent values as null.
    Json,
    /// `manifest.csv`: a header line, then one line per puzzle, absent
    /// values as empty fields.
    Csv,
}

impl ManifestFormat {
    pub fn file_name(self) -> &'static str {
        match self {
            ManifestFormat::Json => "manifest.json",
            ManifestFormat::Csv => "manifest.csv",
        }
    }
}

/// One puzzle of the batch. Field order is the column order of the CSV.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// The model file, relative to the output directory.
    pub file: Option<String>,
    /// The puzzle file as it was given.
    pub puzzle: String,
    /// Grid size.
    pub n: Option<usize>,
    /// Rows, columns and non-zeros of the model, as `cagec stats` counts them.
    pub rows: Option<usize>,
    pub columns: Option<usize>,
    pub nonzeros: Option<usize>,
    /// The cagec options that write this model.
    pub formulation: String,
    /// `yes`, `no`, `none` or `unknown` (see [`super::known::Unique`]).
    pub unique: Option<&'static str>,
    /// The native solver's search nodes.
    pub native_nodes: Option<u64>,
    /// The `.sol` file, relative to the output directory, when one was written.
    pub solution: Option<String>,
    /// Why the puzzle was not compiled.
    pub error: Option<String>,
}

/// The CSV header: [`Entry`]'s fields, in order.
pub const COLUMNS: [&str; 11] = [
    "file",
    "puzzle",
    "n",
    "rows",
    "columns",
    "nonzeros",
    "formulation",
    "unique",
    "native_nodes",
    "solution",
    "error",
];

/// The options as the flags that reproduce them: the formulation, the
/// product method (KenKen) or model form (Killer Sudoku), and whatever else
/// differs from the default. The non-zero limit changes no model: left out.
pub fn formulation_flags(opts: &Options, killer: bool) -> String {
    let name = |v: &dyn Fn() -> Option<clap::builder::PossibleValue>| {
        v().map_or_else(String::new, |p| p.get_name().to_string())
    };
    let mut flags = Vec::new();
    if killer {
        flags.push("--killer".to_string());
        let form = opts.killer_form;
        flags.push(format!(
            "--killer-form {}",
            name(&|| form.to_possible_value())
        ));
    }
    let formulation = opts.formulation;
    flags.push(format!(
        "--formulation {}",
        name(&|| formulation.to_possible_value())
    ));
    if !killer {
        let product = opts.product;
        flags.push(format!(
            "--product {}",
            name(&|| product.to_possible_value())
        ));
    }
    if opts.presolve {
        flags.push("--presolve".to_string());
    }
    if opts.formulation == Formulation::Tuples && opts.tuple_limit != Options::default().tuple_limit
    {
        flags.push(format!("--tuple-limit {}", opts.tuple_limit));
    }
    flags.join(" ")
}

/// Writes the manifest of `entries` to `out`.
pub fn write(format: ManifestFormat, entries: &[Entry], out: &mut dyn Write) -> io::Result<()> {
    match format {
        ManifestFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, entries)?;
            out.write_all(b"\n")
        }
        ManifestFormat::Csv => {
            let mut csv = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(out);
            csv.write_record(COLUMNS)?;
            for e in entries {
                csv.serialize(e)?;
            }
            csv.flush()
        }
    }
}

/// A path as it goes into the manifest.
pub fn shown(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagec::formulate::{KillerForm, ProductMethod};

    #[test]
    fn flags_name_every_choice_that_shapes_the_model() {
        let d = Options::default();
        assert_eq!(
            formulation_flags(&d, false),
            "--formulation melkonian --product primes"
        );
        let o = Options {
            presolve: true,
            product: ProductMethod::Auto,
            formulation: Formulation::Tuples,
            tuple_limit: 50,
            killer_form: KillerForm::Combined,
            max_nonzeros: 7,
        };
        assert_eq!(
            formulation_flags(&o, false),
            "--formulation tuples --product auto --presolve --tuple-limit 50"
        );
        assert_eq!(
            formulation_flags(&o, true),
            "--killer --killer-form combined --formulation tuples --presolve --tuple-limit 50"
        );
    }

    #[test]
    fn csv_header_is_the_fields_and_absent_values_are_empty() {
        let entries = [
            Entry {
                file: Some("kk0.mps".into()),
                puzzle: "p/kk0.cage".into(),
                n: Some(4),
                rows: Some(75),
                columns: Some(82),
                nonzeros: Some(305),
                formulation: "--formulation melkonian, quoted".into(),
                unique: Some("yes"),
                native_nodes: Some(3),
                solution: Some("kk0.sol".into()),
                error: None,
            },
            Entry {
                puzzle: "p/bad.cage".into(),
                formulation: "f".into(),
                error: Some("bad.cage:1:3: error: \"x\"".into()),
                ..Entry::default()
            },
        ];
        let mut out = Vec::new();
        write(ManifestFormat::Csv, &entries, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], COLUMNS.join(","));
        assert_eq!(
            lines[1],
            "kk0.mps,p/kk0.cage,4,75,82,305,\"--formulation melkonian, quoted\",yes,3,kk0.sol,"
        );
        assert_eq!(
            lines[2],
            ",p/bad.cage,,,,,f,,,,\"bad.cage:1:3: error: \"\"x\"\"\""
        );
        let mut json = Vec::new();
        write(ManifestFormat::Json, &entries, &mut json).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let keys: Vec<&str> = v[0]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        let mut sorted = COLUMNS.to_vec();
        sorted.sort_unstable();
        assert_eq!(keys, sorted, "serde_json sorts keys; every field is there");
        assert!(v[1]["file"].is_null() && v[1]["rows"].is_null());
    }
}
