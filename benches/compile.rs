//! `cargo bench --bench compile`: formulate + emit synthetic puzzles of
//! n = 9, 16, 32, 64, 100 to every format, and print time and MB/s.
//! Output goes to a byte-counting sink, so this measures cagec, not the disk.

use std::io;
use std::time::Duration;

use cagec::back;
use cagec::formulate::formulate;
use cagec::generate::{self, Options};
use cagec::ir::Op;

mod support;

use support::{Counter, time};

type Writer<'a> = dyn Fn(&mut Counter) -> io::Result<()> + 'a;

fn main() {
    // `cargo bench` passes --bench; anything else is a filter on n. Without
    // --bench (`cargo test --all-targets`) it is a smoke run at n = 9.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let only: Option<usize> = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .or(smoke.then_some(9));
    println!(
        "{:>4} {:<10} {:>12} {:>10} {:>10} {:>9}",
        "n", "format", "bytes", "rows", "ms", "MB/s"
    );
    for n in [9usize, 16, 32, 64, 100] {
        if only.is_some_and(|o| o != n) {
            continue;
        }
        let opts = Options {
            size: n,
            seed: 2016,
            max_cage: 4,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            ..Default::default()
        };
        let (puzzle, _) = generate::puzzle(&opts);
        let reps = match (smoke, n <= 16) {
            (true, _) => 1,
            (false, true) => 21,
            (false, false) => 5,
        };
        let (t, _) = time(reps, |_| {
            formulate(&puzzle).unwrap();
        });
        let mut model = formulate(&puzzle).unwrap();
        model.name = format!("synthetic{n}");
        let rows = model.num_rows();
        println!(
            "{n:>4} {:<10} {:>12} {rows:>10} {:>10.3} {:>9}",
            "formulate",
            "-",
            ms(t),
            "-"
        );
        let names = back::fixed_names(&model);
        let formats: [(&str, &Writer); 4] = [
            ("lp", &|w| back::write_lp(&model, w)),
            ("mps", &|w| back::write_mps(&model, w)),
            ("fixed-mps", &|w| back::write_fixed_mps(&model, &names, w)),
            ("ampl", &|w| {
                back::ampl::write_model(w)?;
                back::ampl::write_data(&puzzle, &[], w)
            }),
        ];
        for (name, write) in formats {
            let (t, bytes) = time(reps, |w| write(w).unwrap());
            let mbps = bytes as f64 / 1e6 / t.as_secs_f64();
            println!(
                "{n:>4} {name:<10} {bytes:>12} {rows:>10} {:>10.3} {mbps:>9.1}",
                ms(t)
            );
        }
    }
}

fn ms(t: Duration) -> f64 {
    support::ms(t)
}
