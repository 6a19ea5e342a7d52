//! The CDCL core: literals, the trail, two-watched-literal clauses, first-UIP
//! conflict analysis with recursive minimisation, VSIDS, glucose restarts
//! and learnt-clause reduction by LBD (glucose's measure). It knows nothing
//! of puzzles: the domain layer ([`super::domains`]) and the
//! propagators ([`super::props`]) enqueue literals with their reasons, and
//! hand the core a conflict as a clause of false literals.

use super::Lcg;

/// `var << 1 | negated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(in crate::native) struct Lit(u32);

impl Lit {
    pub(super) fn new(var: usize, positive: bool) -> Lit {
        Lit((var as u32) << 1 | u32::from(!positive))
    }
    pub(super) fn var(self) -> usize {
        (self.0 >> 1) as usize
    }
    pub(super) fn positive(self) -> bool {
        self.0 & 1 == 0
    }
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
    pub(super) fn raw(self) -> u32 {
        self.0
    }
    pub(super) fn from_raw(raw: u32) -> Lit {
        Lit(raw)
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// Why a literal is true.
#[derive(Clone, Copy, Debug)]
pub(in crate::native) enum Reason {
    Decision,
    /// A clause of the database; its first literal is the implied one.
    Clause(u32),
    /// An explanation stored on assignment: `expl[start..start + len]`, the
    /// implied literal first.
    Stored(u32, u32),
    /// A table cage's removal, explained when conflict analysis asks (lazy
    /// clause generation): the cage index.
    Table(u32),
    /// A table's removal once explained: `explained[start..start + len]`,
    /// the literals other than the implied one.
    Explained(u32, u32),
}

#[derive(Clone, Copy)]
pub(super) struct Watch {
    pub clause: u32,
    pub blocker: Lit,
}

/// Variable activity order (a binary max-heap of variables).
#[derive(Default)]
pub(super) struct Heap {
    heap: Vec<u32>,
    /// Position of each variable in `heap`, or `u32::MAX`.
    pos: Vec<u32>,
}

impl Heap {
    pub(super) fn new(vars: usize) -> Heap {
        Heap {
            heap: Vec::with_capacity(vars),
            pos: vec![u32::MAX; vars],
        }
    }

    pub(super) fn contains(&self, v: usize) -> bool {
        self.pos[v] != u32::MAX
    }

    pub(super) fn push(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.pos[v] = self.heap.len() as u32;
        self.heap.push(v as u32);
        self.up(self.heap.len() - 1, act);
    }

    pub(super) fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.heap.first()? as usize;
        let last = self.heap.pop().expect("non-empty");
        self.pos[top] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    /// After `v`'s activity grew.
    pub(super) fn raise(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            self.up(self.pos[v] as usize, act);
        }
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if act[p as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = p;
            self.pos[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && act[self.heap[right] as usize] > act[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if act[c as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = c;
            self.pos[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
}

/// The value of `l` in `values` (by variable): 1 true, −1 false, 0 unassigned.
#[inline]
fn value(values: &[i8], l: Lit) -> i8 {
    let v = values[l.var()];
    if l.positive() { v } else { -v }
}

const VAR_DECAY: f64 = 0.95;
const CLAUSE_DECAY: f32 = 0.999;

impl Lcg<'_> {
    /// The value of `l`: 1 true, −1 false, 0 unassigned.
    #[inline]
    pub(super) fn lit_value(&self, l: Lit) -> i8 {
        value(&self.value, l)
    }

    pub(super) fn level(&self) -> usize {
        self.level_starts.len()
    }

    /// Makes `l` true for `reason`; the domain layer sees it at once.
    pub(super) fn enqueue(&mut self, l: Lit, reason: Reason) {
        let v = l.var();
        debug_assert_eq!(self.value[v], 0);
        self.value[v] = if l.positive() { 1 } else { -1 };
        self.var_level[v] = self.level() as u32;
        self.trail_pos[v] = self.trail.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
        self.on_assign(l);
    }

    /// Stores an explanation (implied literal first) and enqueues it.
    pub(super) fn enqueue_explained(&mut self, lits: &[Lit]) {
        let start = self.expl.len() as u32;
        self.expl.extend_from_slice(lits);
        self.enqueue(lits[0], Reason::Stored(start, lits.len() as u32));
    }

    /// Unit propagation over the clauses watching `!l` now that `l` is true.
    /// On a conflict the clause's literals are left in `self.conflict`.
    pub(super) fn propagate_clauses(&mut self, l: Lit) -> bool {
        let false_lit = (!l).raw();
        let mut ws = std::mem::take(&mut self.watches[(!l).index()]);
        let (mut i, mut j) = (0, 0);
        let mut ok = true;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if value(&self.value, w.blocker) == 1 {
                ws[j] = w;
                j += 1;
                continue;
            }
            let lits = self.clauses.words_mut(w.clause);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = Lit::from_raw(lits[0]);
            let keep = Watch {
                clause: w.clause,
                blocker: first,
            };
            if first != w.blocker && value(&self.value, first) == 1 {
                ws[j] = keep;
                j += 1;
                continue;
            }
            // Another literal to watch instead of the false one?
            if let Some(k) =
                (2..lits.len()).find(|&k| value(&self.value, Lit::from_raw(lits[k])) != -1)
            {
                lits.swap(1, k);
                let new = Lit::from_raw(lits[1]);
                self.watches[new.index()].push(keep);
                continue;
            }
            ws[j] = keep;
            j += 1;
            match value(&self.value, first) {
                -1 => {
                    self.conflict.clear();
                    self.conflict.extend(self.clauses.lits(w.clause));
                    ok = false;
                    ws.copy_within(i.., j);
                    j += ws.len() - i;
                    break;
                }
                0 => self.enqueue(first, Reason::Clause(w.clause)),
                _ => {}
            }
        }
        ws.truncate(j);
        self.watches[(!l).index()] = ws;
        ok
    }

    pub(super) fn new_level(&mut self) {
        self.level_starts.push(self.trail.len() as u32);
        self.expl_starts.push(self.expl.len() as u32);
        self.on_new_level();
    }

    /// Undoes every level above `level`.
    pub(super) fn backtrack(&mut self, level: usize) {
        if self.level() <= level {
            return;
        }
        let start = self.level_starts[level] as usize;
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = l.var();
            self.on_unassign(l);
            self.value[v] = 0;
            self.heap.push(v, &self.activity);
        }
        self.trail.truncate(start);
        self.expl.truncate(self.expl_starts[level] as usize);
        if level == 0 {
            // No literal left on the trail has an explained reason (those at
            // level 0 are never explained).
            self.explained.clear();
        }
        self.level_starts.truncate(level);
        self.expl_starts.truncate(level);
        self.qhead = start;
        self.on_backtrack(level);
    }

    /// The literals of `v`'s reason other than the implied literal.
    pub(super) fn reason_into(&mut self, v: usize, out: &mut Vec<Lit>) {
        out.clear();
        match self.reason[v] {
            Reason::Decision => {}
            Reason::Clause(c) => out.extend(self.clauses.lits(c).skip(1)),
            Reason::Stored(start, len) => {
                let s = start as usize;
                out.extend_from_slice(&self.expl[s + 1..s + len as usize]);
            }
            Reason::Explained(start, len) => {
                let s = start as usize;
                out.extend_from_slice(&self.explained[s..s + len as usize]);
            }
            Reason::Table(cage) => {
                let implied = Lit::new(v, self.value[v] == 1);
                self.explain_table(cage as usize, implied, self.trail_pos[v], out);
                // The same literal is explained again in later conflicts
                // (and by minimisation in this one) while it stays on the
                // trail; the hitting set was a third of the search's time.
                let start = self.explained.len() as u32;
                self.explained.extend_from_slice(out);
                self.reason[v] = Reason::Explained(start, out.len() as u32);
            }
        }
    }

    /// First-UIP analysis of `self.conflict`: the learnt clause (asserting
    /// literal first) and the level to go back to.
    pub(super) fn analyze(&mut self) -> (Vec<Lit>, usize) {
        let mut learnt = vec![Lit(0)];
        let mut pending = 0usize;
        let mut lits = std::mem::take(&mut self.conflict);
        let mut reason = Vec::new();
        let mut index = self.trail.len();
        let current = self.level() as u32;
        let mut p: Option<Lit> = None;
        loop {
            for &q in &lits {
                let v = q.var();
                if self.marked[v] || self.var_level[v] == 0 {
                    continue;
                }
                self.bump_var(v);
                self.marked[v] = true;
                if self.var_level[v] == current {
                    pending += 1;
                } else {
                    learnt.push(q);
                }
            }
            if let Reason::Clause(c) = p.map_or(Reason::Decision, |p| self.reason[p.var()]) {
                self.bump_clause(c);
            }
            // The next literal of this level on the trail.
            loop {
                index -= 1;
                if self.marked[self.trail[index].var()] {
                    break;
                }
            }
            let pl = self.trail[index];
            self.marked[pl.var()] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = !pl;
                break;
            }
            p = Some(pl);
            self.reason_into(pl.var(), &mut reason);
            std::mem::swap(&mut lits, &mut reason);
        }
        self.conflict = lits;
        let marked: Vec<usize> = learnt[1..].iter().map(|l| l.var()).collect();
        self.minimize(&mut learnt);
        for v in marked {
            self.marked[v] = false;
        }
        self.fold_cells(&mut learnt);
        // The second watch: the highest level among the rest.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.var_level[learnt[i].var()] > self.var_level[learnt[best].var()] {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.var_level[learnt[1].var()] as usize;
        }
        (learnt, back)
    }

    /// Replaces "cell d holds none of its values but u" by "d ≠ u... is
    /// false", i.e. the one literal `d = u`: the same clause, given that a
    /// cell holds one value, and far shorter.
    fn fold_cells(&mut self, learnt: &mut Vec<Lit>) {
        let mut by_cell: Vec<(u16, u64)> = Vec::new();
        for l in &learnt[1..] {
            if l.positive() {
                let (c, b) = (self.var_cell[l.var()], self.var_bit[l.var()]);
                match by_cell.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, m)) => *m |= 1 << b,
                    None => by_cell.push((c, 1 << b)),
                }
            }
        }
        for (c, gone) in by_cell {
            let root = self.root_dom[c as usize];
            let left = root & !gone;
            if left.count_ones() != 1 || gone.count_ones() < 2 {
                continue;
            }
            let Some(eq) = self.eq(c as usize, left.trailing_zeros()) else {
                continue;
            };
            let uip = learnt[0];
            let mut kept = vec![uip];
            kept.extend(
                learnt[1..]
                    .iter()
                    .copied()
                    .filter(|l| !(l.positive() && self.var_cell[l.var()] == c)),
            );
            kept.push(!eq);
            *learnt = kept;
        }
    }

    /// Drops literals implied by the others (recursive minimisation,
    /// MiniSat's). `marked` holds the clause's variables on entry and on exit.
    fn minimize(&mut self, learnt: &mut Vec<Lit>) {
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |m, l| m | 1 << (self.var_level[l.var()] & 63));
        let mut cleared = Vec::new();
        let mut keep = vec![learnt[0]];
        for &l in &learnt[1..] {
            if matches!(self.reason[l.var()], Reason::Decision)
                || !self.redundant(l, levels, &mut cleared)
            {
                keep.push(l);
            }
        }
        for v in cleared {
            self.marked[v] = false;
        }
        *learnt = keep;
    }

    /// Whether `l`'s reason is implied by literals marked.
    fn redundant(&mut self, l: Lit, levels: u64, cleared: &mut Vec<usize>) -> bool {
        let mut stack = vec![l.var()];
        let top = cleared.len();
        let mut reason = Vec::new();
        while let Some(v) = stack.pop() {
            self.reason_into(v, &mut reason);
            for &q in &reason {
                let u = q.var();
                if self.marked[u] || self.var_level[u] == 0 {
                    continue;
                }
                let decision = matches!(self.reason[u], Reason::Decision);
                if decision || levels >> (self.var_level[u] & 63) & 1 == 0 {
                    for w in cleared.drain(top..) {
                        self.marked[w] = false;
                    }
                    return false;
                }
                self.marked[u] = true;
                stack.push(u);
                cleared.push(u);
            }
        }
        true
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.raise(v, &self.activity);
    }

    fn bump_clause(&mut self, c: u32) {
        if !self.clauses.learnt(c) {
            return;
        }
        let a = self.clauses.activity(c) + self.clause_inc;
        self.clauses.set_activity(c, a);
        if a > 1e20 {
            self.clauses.rescale(1e-20);
            self.clause_inc *= 1e-20;
        }
    }

    pub(super) fn decay(&mut self) {
        self.var_inc /= VAR_DECAY;
        self.clause_inc /= CLAUSE_DECAY;
    }

    /// Glucose's literal block distance: the levels in a clause.
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for l in lits {
            let lv = self.var_level[l.var()] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                count += 1;
            }
        }
        count
    }

    /// Adds a clause whose two first literals are the ones to watch.
    pub(super) fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        let id = self.clauses.add(&lits, learnt, lbd);
        self.watches[lits[0].index()].push(Watch {
            clause: id,
            blocker: lits[1],
        });
        self.watches[lits[1].index()].push(Watch {
            clause: id,
            blocker: lits[0],
        });
        if learnt {
            self.learnts += 1;
        }
        id
    }

    /// Learns the clause of an analysis after backtracking to its level.
    pub(super) fn learn(&mut self, learnt: Vec<Lit>) {
        if learnt.len() == 1 {
            self.enqueue(learnt[0], Reason::Decision);
            // A unit at level 0 has no reason to explain: it is a fact.
            return;
        }
        let lbd = self.lbd(&learnt);
        let first = learnt[0];
        let id = self.attach(learnt, true, lbd);
        self.bump_clause(id);
        self.enqueue(first, Reason::Clause(id));
    }

    /// Halves the learnt clauses, keeping glue clauses (LBD ≤ 2) and those
    /// that are the reason of a literal on the trail.
    pub(super) fn reduce(&mut self) {
        let db = &self.clauses;
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
            let first = self.clauses.lit(c, 0);
            let locked = self.lit_value(first) == 1
                && matches!(self.reason[first.var()], Reason::Clause(r) if r == c);
            if !locked {
                self.clauses.remove(c);
                self.learnts -= 1;
            }
        }
        for ws in &mut self.watches {
            ws.retain(|w| !self.clauses.removed(w.clause));
        }
        if self.clauses.should_compact() {
            let moves = self.clauses.compact();
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
            for l in &self.trail {
                if let Reason::Clause(c) = &mut self.reason[l.var()] {
                    *c = new_of(*c);
                }
            }
        }
    }

    /// Adds a permanent clause at level 0 (a blocking clause). False when
    /// the clause is false there: no more solutions.
    pub(super) fn add_root_clause(&mut self, mut lits: Vec<Lit>) -> bool {
        debug_assert_eq!(self.level(), 0);
        lits.retain(|&l| self.lit_value(l) != -1);
        if lits.iter().any(|&l| self.lit_value(l) == 1) {
            return true;
        }
        match lits.len() {
            0 => false,
            1 => {
                self.enqueue(lits[0], Reason::Decision);
                true
            }
            _ => {
                self.attach(lits, false, 0);
                true
            }
        }
    }
}
