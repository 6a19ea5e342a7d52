//! `cagec stats`: the size of the model, per constraint family.

use std::path::PathBuf;

use crate::formulate::{family_name, formulate_with};
use crate::front::InputFormat;
use crate::input;
use crate::stats::Stats;

use super::exit;

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Puzzle file (`-` for standard input).
    pub puzzle: PathBuf,
    /// Input format; by default from the extension (.txt/.kk/.cage: cage lines, .dat: AMPL data).
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    #[command(flatten)]
    pub model: super::model_args::ModelArgs,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &StatsArgs) -> u8 {
    let loaded = match input::load_with(&args.puzzle, args.from, args.model.killer) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let model = match formulate_with(&loaded.puzzle, &args.model.options()) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("cagec: {}: {e}", loaded.display_name);
            return exit::INVALID;
        }
    };
    let s = Stats::of(&model);
    if args.json {
        println!("{}", serde_json::to_string(&s).expect("stats serialise"));
    } else {
        print!("{}", table(&loaded.display_name, loaded.puzzle.size, &s));
    }
    exit::OK
}

fn table(name: &str, n: usize, s: &Stats) -> String {
    let mut out = format!("{name}: {n}x{n}\n");
    out.push_str(&format!(
        "variables  {:>9}  ({} binary, {} integer, {} continuous)\n",
        s.variables, s.binaries, s.integers, s.continuous
    ));
    out.push_str(&format!(
        "rows       {:>9}\nnon-zeros  {:>9}\n",
        s.rows, s.nonzeros
    ));
    if let Some(p) = s.presolve {
        out.push_str(&format!(
            "presolve   removed {} x columns and {} rows\n",
            p.columns_removed, p.rows_removed
        ));
    }
    out.push('\n');
    out.push_str(&format!(
        "{:<8} {:<34} {:>8} {:>10}\n",
        "eq", "family", "rows", "non-zeros"
    ));
    for f in &s.families {
        out.push_str(&format!(
            "{:<8} {:<34} {:>8} {:>10}\n",
            format!("({})", f.eq),
            family_name(f.eq),
            f.rows,
            f.nonzeros
        ));
    }
    out
}
