//! Words that follow the trail: each write logs the word's old value once a
//! decision level, and backtracking to a level writes the logged values
//! back, newest first (Pumpkin's trailed values; the propagators' state).

pub(super) struct TrailedWords {
    words: Vec<u64>,
    /// Undo log: (index, old value), with the log's length at the start of
    /// each level.
    saves: Vec<(u32, u64)>,
    save_starts: Vec<u32>,
    /// Per word: the level (by id) that logged it last, so a word is logged
    /// once a level.
    stamps: Vec<u32>,
    /// The id of each open level, and the next id to give.
    level_ids: Vec<u32>,
    next_id: u32,
}

impl TrailedWords {
    pub fn new(words: Vec<u64>) -> TrailedWords {
        TrailedWords {
            stamps: vec![0; words.len()],
            words,
            saves: Vec::new(),
            save_starts: Vec::new(),
            level_ids: Vec::new(),
            next_id: 1,
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> u64 {
        self.words[i]
    }

    #[inline]
    pub fn slice(&self, from: usize, len: usize) -> &[u64] {
        &self.words[from..from + len]
    }

    /// Writes a word, logging its old value once per level.
    #[inline]
    pub fn set(&mut self, i: usize, value: u64) {
        let old = self.words[i];
        if old == value {
            return;
        }
        if let Some(&id) = self.level_ids.last()
            && self.stamps[i] != id
        {
            self.stamps[i] = id;
            self.saves.push((i as u32, old));
        }
        self.words[i] = value;
    }

    pub fn new_level(&mut self) {
        self.save_starts.push(self.saves.len() as u32);
        self.level_ids.push(self.next_id);
        self.next_id += 1;
    }

    /// Restores the words to what they were at `level`.
    pub fn backtrack(&mut self, level: usize) {
        let start = self.save_starts[level] as usize;
        for &(i, old) in self.saves[start..].iter().rev() {
            self.words[i as usize] = old;
        }
        self.saves.truncate(start);
        self.save_starts.truncate(level);
        self.level_ids.truncate(level);
    }
}
