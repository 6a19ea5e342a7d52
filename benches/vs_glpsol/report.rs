//! The table and the targets, printed as markdown.

use std::time::Duration;

use crate::{AMPL, GLPSOL, Row, START};

pub fn print_table(rows: &[Row]) {
    println!(
        "| n | tool / format | time (ms) | MB written | MB/s | peak RSS (MB) | glpsol time ÷ time |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|");
    for r in rows {
        if let Some(why) = &r.refused {
            println!("| {} | {} | refused: {why} | - | - | - | - |", r.n, r.tool);
            continue;
        }
        let glpsol = rows.iter().find(|g| g.n == r.n && g.tool == GLPSOL.label);
        let glpsol = glpsol.filter(|_| r.tool != START.label);
        let ratio = glpsol.map_or("-".to_string(), |g| {
            format!("{:.1}", g.time.as_secs_f64() / r.time.as_secs_f64())
        });
        println!(
            "| {} | {} | {:.2} | {:.3} | {:.0} | {:.1} | {ratio} |",
            r.n,
            r.tool,
            ms(r.time),
            r.bytes as f64 / 1e6,
            mbps(r),
            rss_mb(r),
        );
    }
}

/// The targets for `cagec compile`, on every cagec row at n = 9 and
/// n = 100: PASS or FAIL with the number.
pub fn print_targets(rows: &[Row], sizes: &[usize]) {
    println!("Targets (cagec compile, whole process; every format and option):");
    println!();
    println!("| n | tool / format | time | MB/s | peak RSS |");
    println!("|---:|---|---|---|---|");
    let mut fails = 0;
    let compiles = rows
        .iter()
        .filter(|r| r.tool != GLPSOL.label && r.tool != START.label);
    for r in compiles {
        let cells = match (r.n, &r.refused) {
            (9 | 100, Some(why)) => vec![verdict(false, format!("refused: {why}"))],
            (9, None) => vec![verdict(
                ms(r.time) < 2.0,
                format!("{:.2} ms < 2 ms", ms(r.time)),
            )],
            (100, None) => targets_100(r),
            _ => continue,
        };
        fails += cells.iter().filter(|c| c.starts_with("FAIL")).count();
        let mut cells = cells.into_iter().chain(std::iter::repeat("-".to_string()));
        let mut next = || cells.next().unwrap_or_default();
        println!(
            "| {} | {} | {} | {} | {} |",
            r.n,
            r.tool,
            next(),
            next(),
            next()
        );
    }
    println!();
    for n in [9, 100] {
        if !sizes.contains(&n) {
            println!("n = {n} not measured: its targets are unchecked.");
        }
    }
    println!("{fails} target(s) failed.");
}

fn targets_100(r: &Row) -> Vec<String> {
    let s = r.time.as_secs_f64();
    let rate = if r.tool == AMPL.label {
        // The pair is O(cages) bytes, not O(n³): a rate means nothing.
        format!("n/a ({:.3} MB written)", r.bytes as f64 / 1e6)
    } else {
        verdict(mbps(r) > 200.0, format!("{:.0} MB/s > 200", mbps(r)))
    };
    vec![
        verdict(s < 0.5, format!("{s:.3} s < 0.5 s")),
        rate,
        verdict(rss_mb(r) < 100.0, format!("{:.1} MB < 100 MB", rss_mb(r))),
    ]
}

fn verdict(pass: bool, text: String) -> String {
    format!("{} {text}", if pass { "PASS" } else { "FAIL" })
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1e3
}

fn mbps(r: &Row) -> f64 {
    r.bytes as f64 / 1e6 / r.time.as_secs_f64()
}

/// Peak RSS in MB of 10⁶ bytes, like "MB written".
fn rss_mb(r: &Row) -> f64 {
    r.rss_kb as f64 * 1024.0 / 1e6
}
