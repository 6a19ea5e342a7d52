//! `cagec generate`: random puzzles from a seed, optionally proved unique.

use std::path::PathBuf;

use crate::generate::{self, Options};
use crate::ir::Op;

use super::exit;
use super::output;

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Grid size n (n×n grid, values 1..n; with --unique at most 64, the native solver's limit).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=crate::ir::MAX_SIZE as i64))]
    pub size: u16,
    /// Seed; the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Operations to use, e.g. `+-*%` or `+*` (aliases x and / accepted).
    #[arg(long, default_value = "+-*%")]
    pub ops: String,
    /// Largest cage, in cells.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub max_cage: u16,
    /// Reshape cages until the native solver proves the solution unique.
    #[arg(long)]
    pub unique: bool,
    /// How many puzzles (seeds SEED, SEED+1, ...).
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Directory for `NAME.cage` and `NAME.grid` files; stdout when absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

fn parse_ops(spec: &str) -> Result<Vec<Op>, char> {
    let mut ops = Vec::new();
    for ch in spec.chars() {
        let op = match ch {
            '+' => Op::Add,
            '-' | '−' => Op::Sub,
            '*' | 'x' | '×' => Op::Mul,
            '%' | '/' | '÷' => Op::Div,
            other => return Err(other),
        };
        if !ops.contains(&op) {
            ops.push(op);
        }
    }
    Ok(ops)
}

pub fn run(args: &GenerateArgs) -> u8 {
    let ops = match parse_ops(&args.ops) {
        Ok(ops) if !ops.is_empty() => ops,
        Ok(_) => {
            eprintln!("cagec: --ops needs at least one of + - * %");
            return exit::INVALID;
        }
        Err(c) => {
            eprintln!("cagec: --ops: unknown operation '{c}' (expected + - * %)");
            return exit::INVALID;
        }
    };
    let n = args.size as usize;
    if args.unique && n > crate::native::MAX_SIZE {
        eprintln!(
            "cagec: --unique needs the native solver, which handles grids up to {0}x{0}",
            crate::native::MAX_SIZE
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
            max_cage: args.max_cage as usize,
            ops: ops.clone(),
        };
        let (puzzle, grid, note) = if args.unique {
            match generate::unique_puzzle(&opts) {
                Ok((p, g, reshapes)) => (
                    p,
                    g,
                    format!("unique (proved by the native solver after {reshapes} reshapes)"),
                ),
                Err(e) => {
                    eprintln!("cagec: {e}");
                    return exit::INVALID;
                }
            }
        } else {
            let (p, g) = generate::puzzle(&opts);
            (p, g, "not checked for uniqueness".to_string())
        };
        let body = format!(
            "# cagec generate --size {n} --seed {seed} --ops {} --max-cage {}: {note}\n{}",
            args.ops,
            args.max_cage,
            crate::front::write::jwiki(&puzzle)
        );
        match &args.output {
            Some(dir) => {
                let name = format!("kenken{n}-s{seed}");
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
