//! `cagec generate`: random puzzles from a seed, optionally proved unique.

use std::path::PathBuf;

use cagec::generate::{self, Options, parse_cage_sizes, parse_ops};

use super::exit;
use super::output;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Grid size n (n×n grid, values 1..n; with --unique at most 64, the native solver's limit).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=cagec::puzzle::ir::MAX_SIZE as i64))]
    pub size: u16,
    /// Seed; the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Operations to use, e.g. `+-*%` or `+*` (aliases x and / accepted),
    /// each optionally weighted: `+3-2*3%2` picks + three times as often as a
    /// weight of 1 would, among the operations that fit a cage.
    #[arg(long, default_value = "+-*%")]
    pub ops: String,
    /// Largest cage, in cells.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub max_cage: u16,
    /// Cage sizes by weight, e.g. `1:4,2:40,3:32,4:16,5:8` (a weight per
    /// size in cells; it replaces --max-cage). By default sizes 2..=max-cage
    /// are equally likely and lone cells are folded into a neighbour.
    #[arg(long, value_name = "SIZE:WEIGHT,...")]
    pub cage_sizes: Option<String>,
    /// Reshape cages until the native solver proves the solution unique.
    #[arg(long)]
    pub unique: bool,
    /// With --unique: search failures each uniqueness check may spend; a
    /// cage that needs more stays as givens. Higher makes harder puzzles with
    /// fewer givens, more slowly.
    #[arg(long, default_value_t = cagec::generate::CHECK_EFFORT, value_name = "N")]
    pub effort: u64,
    /// How many puzzles (seeds SEED, SEED+1, ...).
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Directory for `NAME.cage` and `NAME.grid` files; stdout when absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: &GenerateArgs) -> u8 {
    let (ops, op_weights) = match parse_ops(&args.ops) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("cagec: --ops: {e}");
            return exit::INVALID;
        }
    };
    let cage_weights = match args.cage_sizes.as_deref().map(parse_cage_sizes) {
        None => Vec::new(),
        Some(Ok(w)) => w,
        Some(Err(e)) => {
            eprintln!("cagec: --cage-sizes: {e}");
            return exit::INVALID;
        }
    };
    let max_cage = match cage_weights.len() {
        0 => args.max_cage as usize,
        k => k,
    };
    let n = args.size as usize;
    if args.unique && n > cagec::native::MAX_SIZE {
        eprintln!(
            "cagec: --unique needs the native solver, which handles grids up to {0}x{0}",
            cagec::native::MAX_SIZE
        );
        return exit::INVALID;
    }
    if let Some(dir) = &args.output
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("cagec: {}: {e}", dir.display());
        return exit::IO;
    }
    let bar = super::progress::bar(args.count, "generating");
    let mut files = output::files();
    let mut text = String::new();
    for i in 0..args.count {
        let seed = args.seed.wrapping_add(i);
        let opts = Options {
            size: n,
            seed,
            max_cage,
            ops: ops.clone(),
            op_weights: op_weights.clone(),
            cage_weights: cage_weights.clone(),
            check_effort: args.effort,
            stop: Some(super::interrupt::shared_flag()),
        };
        let (puzzle, grid, note) = if args.unique {
            match generate::unique_puzzle(&opts) {
                Ok(u) => {
                    let note = format!(
                        "unique (proved by the native solver after {} reshapes); difficulty: {}",
                        u.reshapes,
                        difficulty(&u.proof, n)
                    );
                    (u.puzzle, u.solution, note)
                }
                Err(generate::GenerateError::Interrupted) => {
                    return super::interrupt::exit_code();
                }
                Err(e) => {
                    eprintln!("cagec: {e}");
                    return exit::INVALID;
                }
            }
        } else {
            let (p, g) = generate::puzzle(&opts);
            (p, g, "not checked for uniqueness".to_string())
        };
        let shape = match &args.cage_sizes {
            Some(sizes) => format!("--cage-sizes {sizes}"),
            None => format!("--max-cage {}", args.max_cage),
        };
        let body = format!(
            "# cagec generate --size {n} --seed {seed} --ops {} {shape}: {note}\n{}",
            args.ops,
            cagec::front::write::jwiki(&puzzle)
        );
        match &args.output {
            Some(dir) => {
                let name = generate::name(n, seed);
                let grid_text = grid.to_string();
                let written = files
                    .write(
                        &dir.join(format!("{name}.cage")),
                        Box::new(move |w| w.write_all(body.as_bytes())),
                    )
                    .and_then(|()| {
                        files.write(
                            &dir.join(format!("{name}.grid")),
                            Box::new(move |w| w.write_all(grid_text.as_bytes())),
                        )
                    });
                if let Err(e) = written {
                    return output::write_error(&e);
                }
            }
            None => {
                if i > 0 {
                    text.push('\n');
                }
                text.push_str(&body);
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let result = match &args.output {
        Some(_) => files.commit(),
        None => output::to_stdout(Box::new(move |w| w.write_all(text.as_bytes()))),
    };
    match result {
        Ok(()) => exit::OK,
        Err(e) => output::write_error(&e),
    }
}

/// The proof's effort in a line: what propagation alone fixes, and the
/// search it took beyond that.
fn difficulty(stats: &cagec::native::Stats, n: usize) -> String {
    let root = format!("propagation fixes {}/{} cells", stats.root_fixed, n * n);
    match stats.stage {
        "propagation" => format!("{root}, no search"),
        "search" => format!("{root}, then {} search nodes", stats.nodes),
        "probing" => format!(
            "{root}, probing {}, then {} search nodes",
            stats.probed_fixed, stats.nodes
        ),
        _ => format!(
            "{root}, probing {}, then {} search nodes and {} learnt clauses",
            stats.probed_fixed, stats.nodes, stats.conflicts
        ),
    }
}
