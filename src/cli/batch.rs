//! Batches: many puzzles over a few worker threads, with the results handed
//! back in input order, so a batch prints the same report however the work
//! was scheduled.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use cagec::front::InputFormat;

use super::interrupt;

/// Worker threads: `requested`, or one per core.
pub fn jobs(requested: Option<usize>) -> usize {
    requested
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1)
        .max(1)
}

/// Runs `work` on every item over `jobs` threads and calls `done` with each
/// result in input order, on the calling thread. After Ctrl-C no new item is
/// started; `done` sees only the items that ran.
pub fn run_ordered<T, R>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut done: impl FnMut(usize, R),
) where
    T: Sync,
    R: Send,
{
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let send = send.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= items.len() || interrupt::requested() {
                        break;
                    }
                    if send.send((i, work(&items[i]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Results wait here until every earlier one has been handed on.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                done(due, result);
                due += 1;
            }
        }
    });
}

/// Files stay; a directory becomes its puzzle files in sorted order.
pub fn expand(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in inputs {
        if !path.is_dir() {
            out.push(path.clone());
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && InputFormat::from_path(p).is_some())
            .collect();
        if files.is_empty() {
            return Err(format!(
                "{}: no puzzle files (.txt .kk .cage .cages .dat .cmap .keen) in this directory",
                path.display()
            ));
        }
        files.sort();
        out.extend(files);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_input_order() {
        let items: Vec<u64> = (0..200).collect();
        let mut seen = Vec::new();
        // Later items finish first: the order must still be the input's.
        run_ordered(
            &items,
            4,
            |&i| {
                std::thread::sleep(std::time::Duration::from_micros((200 - i) * 20));
                i * i
            },
            |i, r| seen.push((i, r)),
        );
        let expected: Vec<(usize, u64)> = items.iter().map(|&i| (i as usize, i * i)).collect();
        assert_eq!(seen, expected);
    }
}
