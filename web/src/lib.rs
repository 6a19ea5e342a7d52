//! cagec in the browser: the live page's calls into the core, compiled to
//! WebAssembly (`scripts/build-web`). Every answer is the core's own, so the
//! page shows the bytes `cagec compile` writes and the messages the command
//! line prints; nothing here re-implements a step of cagec.
//!
//! Answers cross to JavaScript as JSON strings (serde), errors as `JsError`s
//! whose message is the command line's text. The functions behind the
//! exports take and return plain Rust values, so `cargo test -p cagec-web`
//! checks them natively.

mod options;
mod reading;
mod solving;
mod words;

use cagec::front::InputFormat;
use cagec::words::Named;
use wasm_bindgen::prelude::*;

pub use options::ModelOptions;
pub use reading::{Problem, Problems, load};

/// The version of cagec this page runs (`X.Y.Z`): this crate's, which is
/// also the core's, the command line's and the Python package's
/// (`scripts/check-version` keeps them equal; docs/releasing.md). The page
/// shows it in its footer as `cagec X.Y.Z`.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The choices of the page's controls, as JSON: for each (the input format,
/// the output format, the formulation, the product method, the Killer
/// form) its setting, every choice's name, aliases and help, and the
/// default, or, when it depends, what is taken when none is named
/// ([`cagec::compile::choices`]).
#[wasm_bindgen]
pub fn choices() -> String {
    json(&cagec::compile::choices())
}

/// The cage operations, as JSON, for the cage form's select: each one's
/// symbol in cage lines (`+`, `` for a given) and its label (`× product`).
#[wasm_bindgen]
pub fn operations() -> String {
    let ops: Vec<serde_json::Value> = (cagec::puzzle::ir::Op::ALL.iter())
        .map(|op| {
            let label = match (op.sign(), op.symbol()) {
                ("", "") => format!("none (a {})", op.paper_name()),
                ("", symbol) => format!("{symbol} {}", op.paper_name()),
                (sign, _) => format!("{sign} {}", op.paper_name()),
            };
            serde_json::json!({ "symbol": op.symbol(), "label": label })
        })
        .collect();
    json(&ops)
}

/// The command line that writes the model the page shows (its "same as"
/// line): `cagec compile FILE [--from F] [--killer] [options that differ
/// from their defaults] --to TO`, for the puzzle's controls (`format`:
/// `auto` or a name; `killer`) and the model `options`.
#[wasm_bindgen]
pub fn command(options: &str, format: &str, killer: bool, file: &str) -> Result<String, JsError> {
    let opts = parse_options(options)?;
    let from = match format {
        "auto" | "" => None,
        name => Some(InputFormat::from_name(name).ok_or_else(|| {
            JsError::new(&cagec::words::UnknownName::of::<InputFormat>(name).to_string())
        })?),
    };
    Ok(opts.request(from, killer).command(file))
}

/// A puzzle that parsed and passed validation, with the name its model and
/// files take (`kk2`, as `cagec compile kk2.cage` names them).
#[wasm_bindgen]
pub struct Puzzle {
    loaded: cagec::io::input::Loaded,
}

/// Reads `text` as `format` (`auto`: a Keen ID when it looks like one, else
/// the format `file`'s extension names, else cage lines, as the command
/// line reads a file). `file` is the name
/// messages give (`kk2.cage`), its stem the model's name. On failure the
/// error's message is the JSON of [`Problems`].
#[wasm_bindgen]
pub fn read(text: &str, format: &str, file: &str, killer: bool) -> Result<Puzzle, JsError> {
    match load(text, format, file, killer) {
        Ok(loaded) => Ok(Puzzle { loaded }),
        Err(problems) => Err(JsError::new(&json(&problems))),
    }
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("the page's answers are plain data")
}

/// A core error as a JavaScript one, prefixed with the file as the command
/// line prints it.
fn fail(puzzle: &Puzzle, e: impl std::fmt::Display) -> JsError {
    JsError::new(&format!("{}: {e}", puzzle.loaded.display_name))
}

fn parse_options(json: &str) -> Result<ModelOptions, JsError> {
    ModelOptions::parse(json).map_err(|e| JsError::new(&e))
}

#[wasm_bindgen]
impl Puzzle {
    /// n, for an n×n grid.
    pub fn size(&self) -> usize {
        self.loaded.puzzle.size
    }

    /// The model's name (the file's stem).
    pub fn name(&self) -> String {
        self.loaded.stem.clone()
    }

    /// The format the text was read as (`cages`, `dat`, `grid`, `keen`).
    pub fn format(&self) -> String {
        self.loaded.format.name().to_string()
    }

    /// Warnings met while reading, rendered as the command line prints them.
    pub fn warnings(&self) -> String {
        self.loaded.warnings.clone()
    }

    /// The cages as JSON: `[{target, op, cells: [[row, col], …]}]`, 0-based.
    pub fn cages(&self) -> String {
        json(&reading::cages(&self.loaded.puzzle))
    }

    /// The model text `cagec compile --to TO` prints, the counts of
    /// `cagec stats --json`, and the file's columns (what
    /// [`Puzzle::read_columns`] reads a solver's answer with), as JSON
    /// `{text, stats, columns}`.
    pub fn model(&self, options: &str) -> Result<String, JsError> {
        let opts = parse_options(options)?;
        let model = reading::model(&self.loaded, &opts).map_err(|e| fail(self, e))?;
        Ok(json(&model))
    }

    /// The files `cagec compile -o NAME.EXT` writes, as JSON `[{name, text}]`.
    pub fn files(&self, options: &str) -> Result<String, JsError> {
        let opts = parse_options(options)?;
        let files = reading::files(&self.loaded, &opts).map_err(|e| fail(self, e))?;
        Ok(json(&files))
    }

    /// The page of `cagec explain --html` for these options (the live page
    /// takes its picture, cage panels and listing), with `solution` (JSON
    /// rows, checked here) drawn when given.
    pub fn explain(
        &self,
        options: &str,
        selected: usize,
        solution: Option<String>,
    ) -> Result<String, JsError> {
        let opts = parse_options(options)?;
        reading::explain(&self.loaded, &opts, selected, solution.as_deref())
            .map_err(|e| fail(self, e))
    }

    /// The picture alone, selectable, with `solution` (JSON rows) drawn:
    /// for a model too large for the explanation page.
    pub fn picture(&self, solution: Option<String>) -> Result<String, JsError> {
        reading::picture(&self.loaded, solution.as_deref()).map_err(|e| fail(self, e))
    }

    /// The text with cage `cage` (1-based) given a new target and operation
    /// (`+ - * %`, `` for a given, `?` hidden), written in the format it
    /// was read in, as `cagec convert` writes it.
    pub fn with_cage(&self, cage: usize, target: &str, op: &str) -> Result<String, JsError> {
        // A string: a u64 would cross as a BigInt, which a form does not give.
        let target = (target.trim().parse())
            .map_err(|_| JsError::new(&format!("the target {target:?} is not a whole number")))?;
        reading::with_cage(&self.loaded, cage, target, op).map_err(|e| JsError::new(&e))
    }

    /// The puzzle as a Keen ID (`cagec convert --to keen`).
    pub fn keen_id(&self) -> Result<String, JsError> {
        reading::keen_id(&self.loaded.puzzle).map_err(|e| fail(self, e))
    }

    /// The native solver, stopped after `ms` milliseconds (0: no limit),
    /// looking for two solutions to tell whether the puzzle is unique; every
    /// grid checked by the verifier. JSON: see [`solving::Native`].
    pub fn solve(&self, ms: f64) -> Result<String, JsError> {
        let native = solving::native(&self.loaded.puzzle, ms).map_err(|e| fail(self, e))?;
        Ok(json(&native))
    }

    /// A solver's column values (`names[i]` = `values[i]`, the names of the
    /// file it read) decoded by `columns`, the JSON of the `columns` that
    /// [`Puzzle::model`] gave with that file's text: the verified grid, or,
    /// with `relaxed`, the x values of each cell. JSON: see
    /// [`solving::ReadBack`].
    pub fn read_columns(
        &self,
        columns: &str,
        names: Vec<String>,
        values: Vec<f64>,
        relaxed: bool,
    ) -> Result<String, JsError> {
        let columns = serde_json::from_str(columns)
            .map_err(|e| JsError::new(&format!("the model's columns do not read: {e}")))?;
        let back = solving::read_columns(&self.loaded.puzzle, &columns, names, values, relaxed)
            .map_err(|e| fail(self, e))?;
        Ok(json(&back))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cage_form_lists_every_operation_the_readers_take() {
        let ops: Vec<serde_json::Value> = serde_json::from_str(&operations()).unwrap();
        let symbols: Vec<&str> = ops.iter().map(|o| o["symbol"].as_str().unwrap()).collect();
        assert_eq!(symbols, ["", "+", "-", "*", "%", "?"]);
        let labels: Vec<&str> = ops.iter().map(|o| o["label"].as_str().unwrap()).collect();
        assert_eq!(labels[0], "none (a given)");
        assert_eq!(labels[3], "\u{d7} product");
        assert_eq!(labels[5], "? hidden");
        // Every symbol reads back as a cage of its operation.
        for op in cagec::puzzle::ir::Op::ALL {
            assert!(symbols.contains(&op.symbol()), "{op:?}");
        }
    }
}
