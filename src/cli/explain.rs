//! `cagec explain`: the rows each cage generates and why, for reading an LP
//! file beside the paper; as text, or with `--html` as one self-contained
//! page for a class (`explain::html`).

use std::path::PathBuf;

use cagec::compile::request::shell_word;
use cagec::front::InputFormat;
use cagec::io::input::{self, Loaded};
use cagec::present::explain::{ExplainError, html, write_explanation};

use super::exit;
use super::output;
use super::words::Flags;
use cagec::words::Message;

pub const AFTER_HELP: &str = "\
With --html the output is one HTML page that needs no network and no server: the puzzle
drawn as by `cagec render` (click a cage, or Tab to it and press Enter), the selected
cage's explanation and its rows exactly as `cagec compile --to lp` writes them with the
same options (point at a name to light up its cells), and the whole model with a filter
by row family and the counts of `cagec stats`. --cage C selects cage C when the page
opens; --solve draws the built-in solver's solution, checked first. The page records the
options that made it, and the same input gives the same bytes. Models of more than
25000 non-zeros (beyond about 16x16) are refused: explain them as text.

Exit codes: 0 success, 1 --solve found no solution, 2 invalid input or usage,
3 solver failure, 4 I/O error, 130 interrupted (143 on SIGTERM, 129 on SIGHUP).";

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Input format; by default from the extension (.txt/.kk/.cage: cage lines, .dat: AMPL data).
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    /// Explain only cage C (1-based, in input order); with --html, select it first.
    #[arg(long, value_name = "C")]
    pub cage: Option<usize>,
    /// Write one self-contained HTML page instead of text.
    #[arg(long)]
    pub html: bool,
    /// With --html: solve the puzzle with the built-in solver and draw the
    /// checked solution.
    #[arg(long, requires = "html")]
    pub solve: bool,
    /// Output file (`-` or absent: standard output), written atomically.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
}

pub fn run(args: &ExplainArgs) -> u8 {
    let loaded = match input::load_with(&args.puzzle, args.from, args.model.killer) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let text = match if args.html {
        page(args, &loaded)
    } else {
        text(args, &loaded)
    } {
        Ok(text) => text,
        Err(code) => return code,
    };
    output::emit_text(args.output.as_deref(), &text)
}

/// The model explained: the options' own ([`cagec::compile::Request`]).
fn options(args: &ExplainArgs) -> cagec::formulate::Options {
    args.model.request(args.from, None).options()
}

fn text(args: &ExplainArgs, loaded: &Loaded) -> Result<String, u8> {
    let mut text = String::new();
    write_explanation(&loaded.puzzle, &options(args), args.cage, &mut text)
        .map_err(|e| failed(loaded, &e))?;
    Ok(text)
}

fn page(args: &ExplainArgs, loaded: &Loaded) -> Result<String, u8> {
    let solution = match args.solve {
        true => Some(super::render::solved(loaded)?),
        false => None,
    };
    let title = super::render::title_of(loaded);
    let command = command_line(args, &title);
    let page = html::Page {
        title: &title,
        command: &command,
        solution: solution.as_ref(),
        selected: args.cage,
    };
    html::page(&loaded.puzzle, &options(args), &page).map_err(|e| failed(loaded, &e))
}

fn failed(loaded: &Loaded, e: &ExplainError) -> u8 {
    match e {
        ExplainError::Fmt(_) => {
            eprintln!("cagec: {e}");
            exit::IO
        }
        _ => {
            eprintln!("cagec: {}: {}", loaded.display_name, e.message(&Flags));
            exit::INVALID
        }
    }
}

/// The command line as the page shows it: the puzzle by its file name (no
/// directories, so the page does not depend on where it was made), then the
/// options that shape the page in a fixed order, defaults left out. `-o` is
/// not shown: it changes where the page goes, not what it says.
fn command_line(args: &ExplainArgs, title: &str) -> String {
    let file = match args.puzzle.as_os_str() == "-" {
        true => "-".to_string(),
        false => args
            .puzzle
            .file_name()
            .map_or_else(|| title.to_string(), |f| f.to_string_lossy().into_owned()),
    };
    let mut words = vec!["cagec".to_string(), "explain".into(), file, "--html".into()];
    let mut add = |flag: &str, value: Option<String>| {
        words.push(flag.to_string());
        words.extend(value);
    };
    if let Some(from) = args.from {
        add("--from", Some(value_name(from)));
    }
    if let Some(c) = args.cage {
        add("--cage", Some(c.to_string()));
    }
    if args.solve {
        add("--solve", None);
    }
    let m = &args.model;
    let defaults = cagec::formulate::Options::default();
    if m.killer {
        add("--killer", None);
    }
    if m.killer_form != defaults.killer_form {
        add("--killer-form", Some(value_name(m.killer_form)));
    }
    let formulation = options(args).formulation;
    if formulation != defaults.formulation {
        add("--formulation", Some(value_name(formulation)));
    }
    if m.tuple_limit != defaults.tuple_limit {
        add("--tuple-limit", Some(m.tuple_limit.to_string()));
    }
    if m.product != defaults.product {
        add("--product", Some(value_name(m.product)));
    }
    if m.presolve {
        add("--presolve", None);
    }
    if m.max_nonzeros != defaults.max_nonzeros {
        add("--max-nonzeros", Some(m.max_nonzeros.to_string()));
    }
    words
        .iter()
        .map(|w| shell_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The name clap gives a value on the command line (`melkonian`, `auto`).
fn value_name(value: impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}
