//! The clause database: every clause in one arena of `u32`s, its header (the
//! length, the LBD and flags, the activity) right before its literals, so
//! unit propagation touches one cache line where a clause of its own would
//! cost two. A clause is named by the offset of its header.

use super::lit::Lit;

const LEN: usize = 0;
const META: usize = 1;
const ACTIVITY: usize = 2;
const HEADER: usize = 3;

const LEARNT: u32 = 1;
const REMOVED: u32 = 2;

#[derive(Default)]
pub(super) struct Clauses {
    data: Vec<u32>,
    /// Words of removed clauses, to know when compacting pays.
    wasted: usize,
}

impl Clauses {
    pub fn add(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let at = self.data.len() as u32;
        self.data.push(lits.len() as u32);
        self.data.push((lbd << 2) | (u32::from(learnt) * LEARNT));
        self.data.push(0f32.to_bits());
        self.data.extend(lits.iter().map(|l| l.raw()));
        at
    }

    pub fn len(&self, c: u32) -> usize {
        self.data[c as usize + LEN] as usize
    }

    /// The literals of `c`, as raw words (see [`Lit::raw`]).
    #[inline]
    pub fn words(&self, c: u32) -> &[u32] {
        let at = c as usize + HEADER;
        &self.data[at..at + self.len(c)]
    }

    #[inline]
    pub fn words_mut(&mut self, c: u32) -> &mut [u32] {
        let at = c as usize + HEADER;
        let len = self.len(c);
        &mut self.data[at..at + len]
    }

    pub fn lit(&self, c: u32, i: usize) -> Lit {
        Lit::from_raw(self.words(c)[i])
    }

    pub fn lits(&self, c: u32) -> impl Iterator<Item = Lit> + '_ {
        self.words(c).iter().map(|&w| Lit::from_raw(w))
    }

    pub fn learnt(&self, c: u32) -> bool {
        self.data[c as usize + META] & LEARNT != 0
    }

    pub fn removed(&self, c: u32) -> bool {
        self.data[c as usize + META] & REMOVED != 0
    }

    pub fn lbd(&self, c: u32) -> u32 {
        self.data[c as usize + META] >> 2
    }

    pub fn activity(&self, c: u32) -> f32 {
        f32::from_bits(self.data[c as usize + ACTIVITY])
    }

    pub fn set_activity(&mut self, c: u32, a: f32) {
        self.data[c as usize + ACTIVITY] = a.to_bits();
    }

    pub fn remove(&mut self, c: u32) {
        self.data[c as usize + META] |= REMOVED;
        self.wasted += HEADER + self.len(c);
    }

    /// Every clause, removed ones included, in the order added.
    pub fn all(&self) -> impl Iterator<Item = u32> + '_ {
        let mut at = 0usize;
        std::iter::from_fn(move || {
            (at < self.data.len()).then(|| {
                let c = at as u32;
                at += HEADER + self.data[at + LEN] as usize;
                c
            })
        })
    }

    /// Whether removed clauses take over half the arena.
    pub fn should_compact(&self) -> bool {
        self.wasted * 2 > self.data.len()
    }

    /// Drops removed clauses; returns each kept clause's old and new name,
    /// in order, so watches and reasons can follow.
    pub fn compact(&mut self) -> Vec<(u32, u32)> {
        let mut moves = Vec::new();
        let mut to = 0usize;
        let mut at = 0usize;
        while at < self.data.len() {
            let size = HEADER + self.data[at + LEN] as usize;
            if self.data[at + META] & REMOVED == 0 {
                self.data.copy_within(at..at + size, to);
                moves.push((at as u32, to as u32));
                to += size;
            }
            at += size;
        }
        self.data.truncate(to);
        self.wasted = 0;
        moves
    }

    /// Scales every activity (they grow without bound otherwise).
    pub fn rescale(&mut self, factor: f32) {
        let all: Vec<u32> = self.all().collect();
        for c in all {
            let a = self.activity(c);
            self.set_activity(c, a * factor);
        }
    }
}
