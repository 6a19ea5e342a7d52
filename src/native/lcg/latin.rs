//! The two rules every Latin square has, propagated on the cells' domains: a
//! cell holds one value, and a line holds each value once. These are the
//! unit propagation of the direct encoding's exactly-one clauses, without
//! the clauses: each implied literal gets its clause as the explanation.

use super::Lcg;
use super::lit::Lit;
use crate::native::bits;

impl Lcg<'_> {
    /// The consequences of `l` in its cell and lines; false on a conflict.
    pub(super) fn propagate_latin(&mut self, l: Lit) -> bool {
        let (c, b) = self.vars.cell_bit(l);
        if l.positive() {
            // The cell's other values, and this value elsewhere in its lines.
            for w in bits(self.doms.get(c) & !(1 << b)) {
                let other = self.vars.eq(c, w).expect("an open value has a literal");
                if !self.exclude(other, l) {
                    return false;
                }
            }
            for li in 0..self.doms.lines_of(c).len() {
                let line = self.doms.lines_of(c)[li] as usize;
                for k in 0..self.p.lines[line].len() {
                    let d = self.p.lines[line][k] as usize;
                    if d != c && self.doms.get(d) >> b & 1 == 1 {
                        let other = self.vars.eq(d, b as u32).expect("not fixed at the root");
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
        let d = self.doms.get(c);
        if d == 0 {
            let conflict = &mut self.analysis.conflict;
            conflict.clear();
            for u in bits(self.root.dom(c)) {
                conflict.push(self.vars.eq(c, u).expect("open"));
            }
            return false;
        }
        if d.count_ones() == 1 {
            let w = d.trailing_zeros();
            let last = self.vars.eq(c, w).expect("open");
            if self.trail.value(last) == 0 {
                let mut expl = vec![last];
                for u in bits(self.root.dom(c) & !d) {
                    expl.push(self.vars.eq(c, u).expect("open"));
                }
                self.enqueue_explained(&expl);
            }
        }
        for li in 0..self.doms.lines_of(c).len() {
            let line = self.doms.lines_of(c)[li] as usize;
            match self.doms.count(line, b) {
                0 => {
                    let conflict = &mut self.analysis.conflict;
                    conflict.clear();
                    for &e in &self.p.lines[line] {
                        if let Some(lit) = self.vars.eq(e as usize, b as u32) {
                            conflict.push(lit);
                        }
                    }
                    return false;
                }
                1 => {
                    let cells = &self.p.lines[line];
                    let e = cells
                        .iter()
                        .map(|&e| e as usize)
                        .find(|&e| self.doms.get(e) >> b & 1 == 1)
                        .expect("counted");
                    let Some(only) = self.vars.eq(e, b as u32) else {
                        continue; // fixed there at the root
                    };
                    if self.trail.value(only) == 0 {
                        let mut expl = vec![only];
                        for &f in cells {
                            if f as usize != e {
                                expl.extend(self.vars.eq(f as usize, b as u32));
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
        match self.trail.value(other) {
            0 => {
                self.enqueue_explained(&[!other, !cause]);
                true
            }
            1 => {
                let conflict = &mut self.analysis.conflict;
                conflict.clear();
                conflict.extend([!other, !cause]);
                false
            }
            _ => true,
        }
    }
}
