//! `cagec stats`: the size of the model, per constraint family.

use std::path::PathBuf;

use cagec::formulate::formulate_with;
use cagec::front::InputFormat;
use cagec::io::input;
use cagec::present::stats::Stats;
use cagec::solve::root::{self, RootLp};

use super::exit;
use super::words::Flags;
use cagec::words::Message;

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
    /// Also solve the model's LP relaxation (every binary in [0, 1]) with
    /// HiGHS and report its objective, the x strictly between 0 and 1, the
    /// simplex iterations and HiGHS's time: formulations compared by number.
    #[arg(long)]
    pub root: bool,
}

pub fn run(args: &StatsArgs) -> u8 {
    let loaded = match input::load_with(&args.puzzle, args.from, args.model.killer) {
        Ok(l) => l,
        Err(e) => return super::report_load_error(&e),
    };
    eprint!("{}", loaded.warnings);
    let opts = args.model.request(args.from, None).options();
    let model = match formulate_with(&loaded.puzzle, &opts) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("cagec: {}: {}", loaded.display_name, e.message(&Flags));
            return exit::INVALID;
        }
    };
    let s = Stats::of(&model);
    let root = match args.root {
        true => match root::by_installed_highs(&model, &loaded.puzzle, None) {
            Ok(r) => Some(r),
            Err(e) => {
                eprintln!("cagec: {}: root LP: {e}", loaded.display_name);
                return e.exit_code();
            }
        },
        false => None,
    };
    if args.json {
        let mut json = serde_json::to_value(&s).expect("stats serialise");
        if let Some(r) = &root {
            json["root"] = serde_json::to_value(r).expect("root LP serialises");
        }
        println!("{json}");
    } else {
        print!("{}", table(&loaded.display_name, loaded.puzzle.size, &s));
        if let Some(r) = &root {
            print!("{}", root_table(r));
        }
    }
    exit::OK
}

fn root_table(r: &RootLp) -> String {
    let or_dash = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v}"));
    let mut out = format!("\nroot LP relaxation (HiGHS): {}\n", r.status);
    out.push_str(&format!("objective  {:>9}\n", or_dash(r.objective)));
    out.push_str(&format!(
        "fractional {:>9}  of {} x (cell, value) pairs; {} cells\n",
        r.fractional_x, r.x, r.fractional_cells
    ));
    out.push_str(&format!(
        "iterations {:>9}\nseconds    {:>9}\n",
        r.iterations.map_or("-".to_string(), |v| v.to_string()),
        or_dash(r.seconds)
    ));
    out
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
            format!("({})", f.family.label()),
            f.family.describe(),
            f.rows,
            f.nonzeros
        ));
    }
    out
}
