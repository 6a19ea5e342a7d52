//! The clauses, original and learnt, in one arena ([`Clauses`]), each
//! watched by two of its literals; unit propagation over them; the activity
//! of learnt clauses, and their halving by LBD (glucose's measure).

use super::clauses::Clauses;
use super::lit::{Lit, Reason};
use super::trail::Trail;

const DECAY: f32 = 0.999;

#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    /// A literal of the clause: while it is true, the clause need not be read.
    blocker: Lit,
}

pub(super) struct ClauseDb {
    arena: Clauses,
    /// Per literal: the clauses that watch it.
    watches: Vec<Vec<Watch>>,
    /// What a learnt clause's activity gains in a conflict; it grows, so
    /// older gains decay.
    inc: f32,
}

impl ClauseDb {
    pub fn new(vars: usize) -> ClauseDb {
        ClauseDb {
            arena: Clauses::default(),
            watches: vec![Vec::new(); 2 * vars],
            inc: 1.0,
        }
    }

    /// The literals of clause `c`.
    pub fn lits(&self, c: u32) -> impl Iterator<Item = Lit> + '_ {
        self.arena.lits(c)
    }

    /// Adds a clause whose two first literals are the ones to watch.
    pub fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let id = self.arena.add(lits, learnt, lbd);
        self.watches[lits[0].index()].push(Watch {
            clause: id,
            blocker: lits[1],
        });
        self.watches[lits[1].index()].push(Watch {
            clause: id,
            blocker: lits[0],
        });
        id
    }

    /// Clause `c` took part in a conflict.
    pub fn bump(&mut self, c: u32) {
        if !self.arena.learnt(c) {
            return;
        }
        let a = self.arena.activity(c) + self.inc;
        self.arena.set_activity(c, a);
        if a > 1e20 {
            self.arena.rescale(1e-20);
            self.inc *= 1e-20;
        }
    }

    pub fn decay(&mut self) {
        self.inc /= DECAY;
    }

    /// Unit propagation over the clauses watching `!l` now that `l` is true:
    /// each literal a clause implies goes on `trail` with the clause as its
    /// reason, and to `assigned`. A clause found false is returned.
    #[inline]
    pub fn propagate(
        &mut self,
        l: Lit,
        trail: &mut Trail,
        mut assigned: impl FnMut(Lit),
    ) -> Option<u32> {
        let false_lit = (!l).raw();
        let mut ws = std::mem::take(&mut self.watches[(!l).index()]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if trail.value(w.blocker) == 1 {
                ws[j] = w;
                j += 1;
                continue;
            }
            let lits = self.arena.words_mut(w.clause);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = Lit::from_raw(lits[0]);
            let keep = Watch {
                clause: w.clause,
                blocker: first,
            };
            if first != w.blocker && trail.value(first) == 1 {
                ws[j] = keep;
                j += 1;
                continue;
            }
            // Another literal to watch instead of the false one?
            if let Some(k) = (2..lits.len()).find(|&k| trail.value(Lit::from_raw(lits[k])) != -1) {
                lits.swap(1, k);
                let new = Lit::from_raw(lits[1]);
                self.watches[new.index()].push(keep);
                continue;
            }
            ws[j] = keep;
            j += 1;
            match trail.value(first) {
                -1 => {
                    conflict = Some(w.clause);
                    ws.copy_within(i.., j);
                    j += ws.len() - i;
                    break;
                }
                0 => {
                    trail.assign(first, Reason::Clause(w.clause));
                    assigned(first);
                }
                _ => {}
            }
        }
        ws.truncate(j);
        self.watches[(!l).index()] = ws;
        conflict
    }

    /// Halves the learnt clauses, keeping glue clauses (LBD ≤ 2) and those
    /// that are the reason of a literal on the trail.
    pub fn reduce(&mut self, trail: &mut Trail) {
        let db = &self.arena;
        let mut candidates: Vec<u32> = db
            .all()
            .filter(|&c| db.learnt(c) && !db.removed(c) && db.lbd(c) > 2 && db.len(c) > 2)
            .collect();
        candidates.sort_by(|&a, &b| {
            db.lbd(b)
                .cmp(&db.lbd(a))
                .then(db.activity(a).total_cmp(&db.activity(b)))
        });
        let half = candidates.len() / 2;
        for &c in &candidates[..half] {
            let first = self.arena.lit(c, 0);
            let locked = trail.value(first) == 1
                && matches!(trail.reason(first.var()), Reason::Clause(r) if r == c);
            if !locked {
                self.arena.remove(c);
            }
        }
        for ws in &mut self.watches {
            ws.retain(|w| !self.arena.removed(w.clause));
        }
        if self.arena.should_compact() {
            let moves = self.arena.compact();
            let new_of = |c: u32| {
                moves
                    .binary_search_by_key(&c, |&(old, _)| old)
                    .map(|i| moves[i].1)
                    .expect("a kept clause")
            };
            for ws in &mut self.watches {
                for w in ws.iter_mut() {
                    w.clause = new_of(w.clause);
                }
            }
            // Only the trail's reasons are read again; the others are stale.
            trail.rename_clauses(new_of);
        }
    }
}
