//! Large models ask the kernel for transparent huge pages. An n = 100 model
//! fills about 50 MB that it has just allocated, and faulting that in 4 KiB
//! pages (18,000 faults, each zeroing a page) was a sixth of the time it
//! took to compile it; 2 MiB pages make that a few dozen faults.
//!
//! The advice splits the allocation's mapping, so a buffer that outgrows
//! its reservation is copied as it grows instead of being moved by
//! `mremap`: the model's reservations are generous for that reason (room
//! never touched costs nothing).

/// Below this, a buffer is left to the allocator's usual pages.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const WORTH_IT: usize = 4 << 20;

/// Marks the 2 MiB-aligned part of `buf`'s allocation (its spare capacity
/// included) as preferring huge pages. Only advice: where the kernel does
/// not do it (or not on Linux), nothing changes.
pub(super) fn prefer_huge(buf: &impl Allocation) {
    #[cfg(target_os = "linux")]
    linux::advise(buf.start(), buf.bytes());
    #[cfg(not(target_os = "linux"))]
    let _ = buf;
}

/// A growable buffer's whole allocation (read only where the advice exists).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub(super) trait Allocation {
    fn start(&self) -> *const u8;
    fn bytes(&self) -> usize;
}

impl<T> Allocation for Vec<T> {
    fn start(&self) -> *const u8 {
        self.as_ptr().cast()
    }

    fn bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
}

#[cfg(target_os = "linux")]
mod linux {
    const HUGE: usize = 2 << 20;

    pub(super) fn advise(start: *const u8, len: usize) {
        if len < super::WORTH_IT {
            return;
        }
        let from = (start as usize).next_multiple_of(HUGE);
        let to = (start as usize + len) / HUGE * HUGE;
        if from < to {
            // SAFETY: the range lies inside one live allocation; MADV_HUGEPAGE
            // changes how it is backed, never its contents or its mapping.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
}
