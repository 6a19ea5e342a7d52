//! The cells' domains kept as bitsets beside the literals, and the two rules
//! every Latin square has, propagated on them: a cell holds one value, and a
//! line holds each value once. These are the unit propagation of the direct
//! encoding's exactly-one clauses, without the clauses: each implied literal
//! gets its clause as the explanation.

use super::Lcg;
use super::bits;
use super::core::Lit;

impl Lcg<'_> {
    /// Keeps the domains and line counts in step with a new assignment.
    pub(super) fn on_assign(&mut self, l: Lit) {
        if l.positive() {
            return;
        }
        let (c, b) = self.cell_bit(l);
        self.dom[c] &= !(1 << b);
        for &line in &self.lines_of[c] {
            self.count[line as usize * self.n + b] -= 1;
        }
    }

    pub(super) fn on_unassign(&mut self, l: Lit) {
        if l.positive() {
            return;
        }
        let (c, b) = self.cell_bit(l);
        self.dom[c] |= 1 << b;
        for &line in &self.lines_of[c] {
            self.count[line as usize * self.n + b] += 1;
        }
    }

    fn cell_bit(&self, l: Lit) -> (usize, usize) {
        let v = l.var();
        (self.var_cell[v] as usize, self.var_bit[v] as usize)
    }

    /// The consequences of `l` in its cell and lines; false on a conflict.
    pub(super) fn propagate_domains(&mut self, l: Lit) -> bool {
        let (c, b) = self.cell_bit(l);
        if l.positive() {
            // The cell's other values, and this value elsewhere in its lines.
            for w in bits(self.dom[c] & !(1 << b)) {
                let other = self.eq(c, w).expect("an open value has a literal");
                if !self.exclude(other, l) {
                    return false;
                }
            }
            for li in 0..self.lines_of[c].len() {
                let line = self.lines_of[c][li] as usize;
                for k in 0..self.p.lines[line].len() {
                    let d = self.p.lines[line][k] as usize;
                    if d != c && self.dom[d] >> b & 1 == 1 {
                        let other = self.eq(d, b as u32).expect("not fixed at the root");
                        if !self.exclude(other, l) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }
        // A value left the cell: was it the cell's last but one, or the
        // line's last place but one for the value?
        let d = self.dom[c];
        if d == 0 {
            self.conflict.clear();
            for u in bits(self.root_dom[c]) {
                self.conflict.push(self.eq(c, u).expect("open"));
            }
            return false;
        }
        if d.count_ones() == 1 {
            let w = d.trailing_zeros();
            let last = self.eq(c, w).expect("open");
            if self.lit_value(last) == 0 {
                let mut expl = vec![last];
                for u in bits(self.root_dom[c] & !d) {
                    expl.push(self.eq(c, u).expect("open"));
                }
                self.enqueue_explained(&expl);
            }
        }
        for li in 0..self.lines_of[c].len() {
            let line = self.lines_of[c][li] as usize;
            match self.count[line * self.n + b] {
                0 => {
                    self.conflict.clear();
                    for &e in &self.p.lines[line] {
                        if let Some(lit) = self.eq(e as usize, b as u32) {
                            self.conflict.push(lit);
                        }
                    }
                    return false;
                }
                1 => {
                    let cells = &self.p.lines[line];
                    let e = cells
                        .iter()
                        .map(|&e| e as usize)
                        .find(|&e| self.dom[e] >> b & 1 == 1)
                        .expect("counted");
                    let Some(only) = self.eq(e, b as u32) else {
                        continue; // fixed there at the root
                    };
                    if self.lit_value(only) == 0 {
                        let mut expl = vec![only];
                        for &f in cells {
                            if f as usize != e {
                                expl.extend(self.eq(f as usize, b as u32));
                            }
                        }
                        self.enqueue_explained(&expl);
                    }
                }
                _ => {}
            }
        }
        for &prop in &self.p.watchers[c] {
            self.queue.schedule(prop);
        }
        true
    }

    /// `other` and `cause` cannot both hold: makes `other` false.
    fn exclude(&mut self, other: Lit, cause: Lit) -> bool {
        match self.lit_value(other) {
            0 => {
                self.enqueue_explained(&[!other, !cause]);
                true
            }
            1 => {
                self.conflict.clear();
                self.conflict.extend([!other, !cause]);
                false
            }
            _ => true,
        }
    }

    pub(super) fn on_new_level(&mut self) {
        self.save_starts.push(self.saves.len() as u32);
        self.level_ids.push(self.next_id);
        self.next_id += 1;
    }

    /// Restores the propagators' words to what they were at `level`.
    pub(super) fn on_backtrack(&mut self, level: usize) {
        let start = self.save_starts[level] as usize;
        for &(i, old) in self.saves[start..].iter().rev() {
            self.words[i as usize] = old;
        }
        self.saves.truncate(start);
        self.save_starts.truncate(level);
        self.level_ids.truncate(level);
        self.queue.clear();
    }

    /// Writes a propagator word, logging its old value once per level.
    pub(super) fn set_word(&mut self, i: usize, value: u64) {
        let old = self.words[i];
        if old == value {
            return;
        }
        if let Some(&id) = self.level_ids.last()
            && self.word_stamp[i] != id
        {
            self.word_stamp[i] = id;
            self.saves.push((i as u32, old));
        }
        self.words[i] = value;
    }
}
