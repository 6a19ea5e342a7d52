//! The editor's text → a puzzle, and what the page shows of it without
//! solving: the model text and counts, the files, the explanation page, an
//! edited cage written back as text.

use std::path::Path;

use cagec::back::decode::FileColumns;
use cagec::compile::Compiled;
use cagec::front::write::{self, Format};
use cagec::front::{InputFormat, keen};
use cagec::io::input::{self, LoadError, Loaded};
use cagec::present::explain::html;
use cagec::present::stats::Stats;
use cagec::puzzle::diag::Severity;
use cagec::puzzle::ir::{Grid, Op, Puzzle};
use cagec::words::{Message, Named};
use cagec::{present::svg, puzzle::verify};
use serde::Serialize;

use crate::options::ModelOptions;
use crate::words::{self, Controls};

/// Why a text did not load: every diagnostic, as the command line renders
/// them all (`rendered`), and one by one for the page to place.
#[derive(Debug, Serialize)]
pub struct Problems {
    pub rendered: String,
    pub diagnostics: Vec<Problem>,
}

/// One diagnostic: where (1-based; 0 when the whole text is meant), and
/// its text as the command line prints it (`kk2.cage:3:5: error: …`, the
/// source line and a caret).
#[derive(Debug, Serialize)]
pub struct Problem {
    pub error: bool,
    pub line: u32,
    pub col: u32,
    pub rendered: String,
}

/// Reads and validates `text` (see [`crate::read`]).
pub fn load(text: &str, format: &str, file: &str, killer: bool) -> Result<Loaded, Problems> {
    let format = match format {
        // As `cagec compile FILE` tells: a Keen ID whatever the name, else
        // by the name's extension, else cage lines (as standard input).
        "auto" | "" => (InputFormat::sniff(text))
            .or_else(|| InputFormat::from_path(Path::new(file)))
            .unwrap_or(InputFormat::Cages),
        name => InputFormat::from_name(name).ok_or_else(|| Problems {
            rendered: format!(
                "unknown input format {name:?}: the formats are {}\n",
                InputFormat::names().join(", ")
            ),
            diagnostics: Vec::new(),
        })?,
    };
    let stem = input::stem_of(Path::new(file));
    match input::load_str_with(text, format, file.to_string(), stem, killer) {
        Ok(loaded) => Ok(loaded),
        Err(LoadError::Invalid {
            rendered,
            diagnostics,
            ..
        }) => Err(Problems {
            rendered,
            diagnostics: (diagnostics.0.iter())
                .map(|d| Problem {
                    error: d.severity == Severity::Error,
                    line: d.span.line,
                    col: d.span.col,
                    rendered: d.render(file, text),
                })
                .collect(),
        }),
        Err(e) => Err(Problems {
            rendered: format!("{e}\n"),
            diagnostics: Vec::new(),
        }),
    }
}

#[derive(Debug, Serialize)]
pub struct CageView {
    pub target: u64,
    pub op: &'static str,
    pub cells: Vec<(u16, u16)>,
}

pub fn cages(puzzle: &Puzzle) -> Vec<CageView> {
    (puzzle.cages.iter())
        .map(|c| CageView {
            target: c.target,
            op: c.op.symbol(),
            cells: c.cells.iter().map(|cell| (cell.row, cell.col)).collect(),
        })
        .collect()
}

/// The model text, its counts, and its columns.
#[derive(Debug, Serialize)]
pub struct ModelView {
    pub text: String,
    /// None for the paper's AMPL pair, which has no model of ours to count.
    pub stats: Option<Stats>,
    /// What each column of the file stands for and its name there: the
    /// page keeps them with the text it hands HiGHS, and hands them back
    /// to read HiGHS's answer (`Puzzle::read_columns`). None where `stats`
    /// is.
    pub columns: Option<FileColumns>,
}

/// The model of `opts`, resolved as `cagec compile` resolves its flags (a
/// format's default formulation, MiniZinc's refusals).
fn compiled<'p>(loaded: &'p Loaded, opts: &ModelOptions) -> Result<Compiled<'p>, String> {
    let options = (opts.request(None, false).resolve()).map_err(|why| why.message(&Controls))?;
    Compiled::new(&loaded.puzzle, &options, opts.to, &loaded.stem).map_err(|e| e.message(&Controls))
}

pub fn model(loaded: &Loaded, opts: &ModelOptions) -> Result<ModelView, String> {
    let compiled = compiled(loaded, opts)?;
    // Every back-end writes UTF-8 text, so the string is the bytes.
    let text = String::from_utf8(compiled.to_bytes()).map_err(|e| e.to_string())?;
    Ok(ModelView {
        text,
        stats: compiled.model().map(Stats::of),
        columns: compiled.columns(),
    })
}

#[derive(Debug, Serialize)]
pub struct File {
    pub name: String,
    pub text: String,
}

/// The files of `cagec compile -o NAME.EXT` (NAME the model's name).
pub fn files(loaded: &Loaded, opts: &ModelOptions) -> Result<Vec<File>, String> {
    let compiled = compiled(loaded, opts)?;
    let path = format!("{}.{}", loaded.stem, opts.to.extension());
    let files = compiled
        .files(Path::new(&path), None)
        .map_err(|e| e.to_string())?;
    files
        .into_iter()
        .map(|(path, bytes)| {
            Ok(File {
                name: path.display().to_string(),
                text: String::from_utf8(bytes).map_err(|e| e.to_string())?,
            })
        })
        .collect()
}

/// A grid the page wants drawn, checked first: only solutions are drawn.
fn solution(loaded: &Loaded, json: Option<&str>) -> Result<Option<Grid>, String> {
    let Some(json) = json else { return Ok(None) };
    let values: Vec<Vec<u32>> = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let grid = Grid { values };
    match verify::check(&loaded.puzzle, &grid).first() {
        Some(v) => Err(format!("the grid is not a solution: {v}")),
        None => Ok(Some(grid)),
    }
}

pub fn picture(loaded: &Loaded, solution_json: Option<&str>) -> Result<String, String> {
    let solution = solution(loaded, solution_json)?;
    let mut out = String::new();
    let opts = svg::Options {
        solution: solution.as_ref(),
        title: Some(&loaded.display_name),
        selectable: true,
    };
    svg::write_inline_svg(&loaded.puzzle, &opts, &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

pub fn explain(
    loaded: &Loaded,
    opts: &ModelOptions,
    selected: usize,
    solution_json: Option<&str>,
) -> Result<String, String> {
    let solution = solution(loaded, solution_json)?;
    let page = html::Page {
        title: &loaded.display_name,
        command: "the live page (cagec compiled to WebAssembly)",
        solution: solution.as_ref(),
        selected: Some(selected.clamp(1, loaded.puzzle.cages.len().max(1))),
    };
    html::page(&loaded.puzzle, &opts.formulate(), &page).map_err(|e| words::explain_error(&e))
}

/// The text with cage `cage` (1-based) changed, in the format it was read
/// in; validation of the result is the reader's, when the editor reads it.
pub fn with_cage(loaded: &Loaded, cage: usize, target: u64, op: &str) -> Result<String, String> {
    let mut puzzle = loaded.puzzle.clone();
    let count = puzzle.cages.len();
    let c = (cage.checked_sub(1))
        .and_then(|i| puzzle.cages.get_mut(i))
        .ok_or_else(|| format!("there is no cage {cage}: the puzzle has cages 1 to {count}"))?;
    c.op = Op::from_symbol(op)
        .ok_or_else(|| format!("unknown operation {op:?}: + - * % ? or none"))?;
    c.target = target;
    write::to_string(Format::from(loaded.format), &puzzle).map_err(|e| e.to_string())
}

pub fn keen_id(puzzle: &Puzzle) -> Result<String, String> {
    keen::encode(puzzle).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    #[test]
    fn errors_carry_their_place_and_the_command_lines_text() {
        let bad = KK0.replace("4+,3 7", "4+,3 x");
        let p = load(&bad, "cages", "kk0.cage", false).unwrap_err();
        let e = &p.diagnostics[0];
        assert!(e.error);
        assert_eq!((e.line, e.col), (3, 6));
        assert!(
            e.rendered.starts_with("kk0.cage:3:6: error: "),
            "{}",
            e.rendered
        );
        assert!(p.rendered.contains(&e.rendered));
    }

    #[test]
    fn files_are_those_compile_writes() {
        let loaded = load(KK0, "auto", "kk0.cage", false).unwrap();
        let names = |to: &str| -> Vec<String> {
            let opts = ModelOptions::parse(&format!(r#"{{"to":"{to}"}}"#)).unwrap();
            let files = files(&loaded, &opts).unwrap();
            files.into_iter().map(|f| f.name).collect()
        };
        assert_eq!(names("fixed-mps"), ["kk0.mps", "kk0.map"]);
        assert_eq!(names("ampl"), ["kk0.mod", "kk0.dat"]);
        assert_eq!(names("lp"), ["kk0.lp"]);
        let lp = model(&loaded, &ModelOptions::default()).unwrap();
        assert!(
            lp.text
                .contains("cage_7_r1: + 1 y_4_4 - 2 y_4_3 + 6 u_7 >= 0")
        );
    }

    #[test]
    fn an_edited_cage_is_written_back_in_the_same_format() {
        let loaded = load(KK0, "cages", "kk0.cage", false).unwrap();
        let text = with_cage(&loaded, 3, 6, "*").unwrap();
        assert_eq!(text, KK0.replace("4+,3 7", "6*,3 7"));
        assert!(
            with_cage(&loaded, 9, 1, "+")
                .unwrap_err()
                .contains("no cage 9")
        );
        assert!(
            with_cage(&loaded, 2, 1, "^")
                .unwrap_err()
                .contains("unknown operation")
        );
    }
}
