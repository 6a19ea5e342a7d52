//! Cross-checks of the statements of a .dat file (n, t, cage numbers, one
//! target and operation per cage, prime_numbers) and the IR they make.

use std::collections::HashMap;

use super::{CageSet, Data, Item};
use crate::puzzle::diag::{Diagnostic, Diagnostics, Span};
use crate::puzzle::ir::{Cage, Cell, MAX_SIZE, Puzzle};

/// Builds the puzzle, reporting into `diags`; `None` when it cannot be built.
pub fn puzzle(mut data: Data, diags: &mut Diagnostics) -> Option<Puzzle> {
    diags.0.append(&mut data.errors);
    typos(&data.typos, diags);
    if let Some(&first) = data.curly.first() {
        diags.push(Diagnostic::warning(
            first,
            "curly quotes: AMPL reads only straight quotes (\" or ')",
        ));
    }
    let n = match data.n {
        None if data.unreadable_params.contains(&"n") => None,
        n => size(n, diags),
    };
    numbering(&data, n, diags);
    clues(&data, diags);
    if let Some(n) = n {
        primes(data.primes.as_ref(), n, diags);
    }
    let n = n?;
    repeats(&data, diags);
    let mut cages = Vec::with_capacity(data.cages.len());
    for (c, set) in &data.cages {
        let cells = cells(set, n, diags);
        if let (Some(target), Some(op)) = (data.targets.get(c), data.ops.get(c)) {
            cages.push(Cage {
                target: target.value,
                op: op.value,
                cells,
                span: set.span,
            });
        }
    }
    Some(Puzzle {
        size: n,
        cages,
        rules: crate::puzzle::ir::Rules::KenKen,
    })
}

/// Every (row, column) pair listed a second time, reported at the repeat: in
/// the same cage, or in a later one with a note at the first listing.
fn repeats(data: &Data, diags: &mut Diagnostics) {
    let mut first: HashMap<(u64, u64), (u64, Span)> = HashMap::new();
    for (&c, set) in &data.cages {
        for item in &set.cells {
            let (i, j) = item.value;
            let Some(&(owner, at)) = first.get(&item.value) else {
                first.insert(item.value, (c, item.span));
                continue;
            };
            diags.push(if owner == c {
                Diagnostic::error(
                    item.span,
                    format!("cell ({i},{j}) is listed twice in this cage"),
                )
                .note(at, format!("cell ({i},{j}) is first listed here"))
            } else {
                Diagnostic::error(
                    item.span,
                    format!(
                        "cell ({i},{j}) is already in cage[{owner}] (line {}); a cell belongs \
                         to exactly one cage",
                        at.line
                    ),
                )
                .note(at, format!("cage[{owner}] lists cell ({i},{j}) here"))
            });
        }
    }
}

/// One warning for the paper's `: =`, naming every line it is on.
fn typos(typos: &[Span], diags: &mut Diagnostics) {
    let Some(&first) = typos.first() else { return };
    let mut message =
        "': =' is not AMPL syntax (AMPL rejects it; write ':='); read as ':=' here".to_string();
    if typos.len() > 1 {
        let mut lines: Vec<String> = typos[1..]
            .iter()
            .take(10)
            .map(|s| s.line.to_string())
            .collect();
        if typos.len() > 11 {
            lines.push("…".to_string());
        }
        message.push_str(&format!(" and on lines {}", lines.join(", ")));
    }
    diags.push(Diagnostic::warning(first, message));
}

/// `param n`: present, and a size cagec accepts.
fn size(n: Option<Item<u64>>, diags: &mut Diagnostics) -> Option<usize> {
    let Some(n) = n else {
        diags.push(
            Diagnostic::error(Span::default(), "the grid size is missing")
                .expected("a statement 'param n := 5;'", "none"),
        );
        return None;
    };
    if n.value == 0 || n.value > MAX_SIZE as u64 {
        diags.push(
            Diagnostic::error(
                n.span,
                format!("n = {} is outside the supported sizes", n.value),
            )
            .expected(format!("a size from 1 to {MAX_SIZE}"), n.value.to_string()),
        );
        return None;
    }
    Some(n.value as usize)
}

/// Cage numbers run 1..t without gaps, and t (if given) says how many.
fn numbering(data: &Data, n: Option<usize>, diags: &mut Diagnostics) {
    let defined = data.cages.len() as u64;
    let last = data.cages.keys().next_back().copied().unwrap_or(0);
    let (t, at) = match data.t {
        Some(t) => (t.value, t.span),
        None if defined == 0 || data.unreadable_params.contains(&"t") => (last, Span::default()),
        None => {
            diags.push(Diagnostic::warning(
                Span::default(),
                format!("no 'param t := …;' (the number of cages), which AMPL needs; cagec counts {defined}"),
            ));
            (last, Span::default())
        }
    };
    for (&c, set) in &data.cages {
        if c == 0 || c > t {
            diags.push(Diagnostic::error(
                set.span,
                format!("cage number {c} is outside 1..t (t = {t})"),
            ));
        }
    }
    let cells = n.map_or(MAX_SIZE * MAX_SIZE, |n| n * n) as u64;
    if t > cells {
        diags.push(Diagnostic::error(
            at,
            format!("t = {t} cages cannot fit in a grid of {cells} cells"),
        ));
        return;
    }
    let missing: Vec<String> = (1..=t)
        .filter(|c| !data.cages.contains_key(c) && !data.unreadable.contains(c))
        .map(|c| format!("cage[{c}]"))
        .collect();
    if !missing.is_empty() {
        let mut shown = missing
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if missing.len() > 10 {
            shown.push_str(&format!(" and {} more", missing.len() - 10));
        }
        diags.push(Diagnostic::error(
            at,
            format!(
                "t = {t}, but the file defines {defined} cage{}: no set {shown}",
                if defined == 1 { "" } else { "s" }
            ),
        ));
    }
}

/// Every cage has a target and an operation, and every clue a cage.
fn clues(data: &Data, diags: &mut Diagnostics) {
    for (c, set) in &data.cages {
        let lacks: Vec<&str> = [
            (!data.targets.contains_key(c)).then_some("target_number"),
            (!data.ops.contains_key(c)).then_some("operation"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !lacks.is_empty() && !data.unreadable.contains(c) {
            diags.push(Diagnostic::error(
                set.span,
                format!("cage[{c}] has no {}", lacks.join(" and no ")),
            ));
        }
    }
    let orphans = |what: &str, spans: Vec<(u64, Span)>, diags: &mut Diagnostics| {
        for (c, span) in spans {
            if !data.cages.contains_key(&c) && !data.unreadable.contains(&c) {
                diags.push(Diagnostic::error(
                    span,
                    format!("{what} for cage {c}, but there is no set cage[{c}]"),
                ));
            }
        }
    };
    orphans(
        "target_number",
        data.targets.iter().map(|(&c, i)| (c, i.span)).collect(),
        diags,
    );
    let ops = data.ops.iter().map(|(&c, i)| (c, i.span));
    let ops: Vec<(u64, Span)> = ops.filter(|(c, _)| !data.targets.contains_key(c)).collect();
    orphans("operation", ops, diags);
}

/// 1-based pairs to IR cells; pairs outside the grid are reported.
fn cells(set: &CageSet, n: usize, diags: &mut Diagnostics) -> Vec<Cell> {
    let mut out = Vec::with_capacity(set.cells.len());
    for item in &set.cells {
        let (i, j) = item.value;
        let inside = |v: u64| (1..=n as u64).contains(&v);
        if inside(i) && inside(j) {
            out.push(Cell::new(i as usize - 1, j as usize - 1));
        } else {
            diags.push(
                Diagnostic::error(
                    item.span,
                    format!("cell ({i},{j}) is outside the {n}×{n} grid"),
                )
                .expected(
                    format!("rows and columns from 1 to {n}"),
                    format!("({i},{j})"),
                ),
            );
        }
    }
    out
}

fn is_prime(p: u64) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

/// The paper's model trusts `set prime_numbers`: a prime ≤ n left out makes
/// its product rows wrong; a non-prime or a number above n is noted.
fn primes(primes: Option<&(Span, Vec<Item<u64>>)>, n: usize, diags: &mut Diagnostics) {
    let Some((at, list)) = primes else {
        diags.push(Diagnostic::warning(
            Span::default(),
            "no 'set prime_numbers := …;': the paper's AMPL model needs it (cagec does not)",
        ));
        return;
    };
    let listed: Vec<u64> = list.iter().map(|i| i.value).collect();
    let missing: Vec<String> = (2..=n as u64)
        .filter(|&p| is_prime(p) && !listed.contains(&p))
        .map(|p| p.to_string())
        .collect();
    if !missing.is_empty() {
        diags.push(Diagnostic::warning(
            *at,
            format!(
                "prime_numbers lacks {}, prime and at most n = {n}: the paper's model would get products with that factor wrong (cagec uses every prime ≤ n)",
                missing.join(", ")
            ),
        ));
    }
    let above: Vec<&Item<u64>> = list.iter().filter(|i| i.value > n as u64).collect();
    let composite: Vec<&Item<u64>> = list
        .iter()
        .filter(|i| i.value <= n as u64 && !is_prime(i.value))
        .collect();
    if let Some(first) = composite.first() {
        diags.push(Diagnostic::warning(
            first.span,
            format!(
                "prime_numbers lists {}, not prime: the paper's model would treat {} as a prime",
                listing(&composite),
                if composite.len() == 1 { "it" } else { "them" }
            ),
        ));
    }
    if let Some(first) = above.first() {
        diags.push(Diagnostic::warning(
            first.span,
            format!(
                "prime_numbers lists {}, above n = {n} (harmless: the model skips primes above n)",
                listing(&above)
            ),
        ));
    }
}

/// `7`, `7, 11 and 13`, at most 10 numbers.
fn listing(items: &[&Item<u64>]) -> String {
    let mut shown: Vec<String> = items.iter().take(10).map(|i| i.value.to_string()).collect();
    if items.len() > 10 {
        shown.push(format!("{} more", items.len() - 10));
    }
    match shown.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => shown.concat(),
    }
}
