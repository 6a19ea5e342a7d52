//! A binary max-heap of variables by activity, each variable at most once.

#[derive(Default)]
pub(super) struct Heap {
    heap: Vec<u32>,
    /// Position of each variable in `heap`, or `u32::MAX`.
    pos: Vec<u32>,
}

impl Heap {
    pub fn new(vars: usize) -> Heap {
        Heap {
            heap: Vec::with_capacity(vars),
            pos: vec![u32::MAX; vars],
        }
    }

    pub fn contains(&self, v: usize) -> bool {
        self.pos[v] != u32::MAX
    }

    pub fn push(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.pos[v] = self.heap.len() as u32;
        self.heap.push(v as u32);
        self.up(self.heap.len() - 1, act);
    }

    pub fn pop(&mut self, act: &[f64]) -> Option<usize> {
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
    pub fn raise(&mut self, v: usize, act: &[f64]) {
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
