//! The module's allocator: blocks in power-of-two size classes, one free list
//! per class, carved from `memory.grow`. A few hundred bytes of code instead
//! of dlmalloc's several kilobytes (the `.wasm` has a size budget), and fit
//! for how this module allocates: each call allocates its input and answer
//! and frees them before returning, so blocks are reused call after call and
//! memory stays at the peak of the largest call. Memory is never returned to
//! the host (WebAssembly memories cannot shrink).
//!
//! wasm32 without threads: one caller at a time, so the state needs no lock.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::UnsafeCell;
use core::ptr;

const PAGE: usize = 65_536;
/// The smallest block: room for the free-list link and 16-byte alignment.
const MIN_CLASS: u32 = 4;
const CLASSES: usize = usize::BITS as usize;

pub(crate) struct SizeClasses {
    state: UnsafeCell<State>,
}

struct State {
    /// Per class, the first free block (its first word links to the next), or 0.
    free: [usize; CLASSES],
    /// The unused part of memory: [next, end).
    next: usize,
    end: usize,
}

// SAFETY: wasm32-unknown-unknown without the atomics feature has one thread;
// the state is never touched concurrently.
unsafe impl Sync for SizeClasses {}

impl SizeClasses {
    pub(crate) const fn new() -> Self {
        SizeClasses {
            state: UnsafeCell::new(State {
                free: [0; CLASSES],
                next: 0,
                end: 0,
            }),
        }
    }
}

/// The class of a layout: log2 of the block size, a power of two at least
/// the size and the alignment. Blocks are aligned to their own size, so any
/// alignment up to the size holds.
fn class(layout: Layout) -> u32 {
    let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
    usize::BITS - (size - 1).leading_zeros()
}

impl State {
    /// A fresh block of `1 << k` bytes from the unused part, growing memory
    /// when it is short; 0 when memory cannot grow.
    fn carve(&mut self, k: u32) -> usize {
        if self.end == 0 {
            // Everything below the current end of memory belongs to the
            // linker's data and stack.
            self.end = wasm32::memory_size(0) * PAGE;
            self.next = self.end;
        }
        let size = 1usize << k;
        let Some(start) = self.next.checked_next_multiple_of(size) else {
            return 0;
        };
        let Some(stop) = start.checked_add(size) else {
            return 0;
        };
        if stop > self.end {
            let pages = (stop - self.end).div_ceil(PAGE);
            if wasm32::memory_grow(0, pages) == usize::MAX {
                return 0;
            }
            self.end += pages * PAGE;
        }
        self.next = stop;
        start
    }
}

// SAFETY: every block handed out is `1 << class` bytes, aligned to that size,
// inside memory the module owns, and handed out to one owner at a time: a
// block is either on one free list or owned by the caller.
unsafe impl GlobalAlloc for SizeClasses {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let k = class(layout);
        if k as usize >= CLASSES {
            return ptr::null_mut();
        }
        // SAFETY: single-threaded (see `Sync`), and no other borrow of the
        // state is live while the allocator runs.
        let state = unsafe { &mut *self.state.get() };
        let head = state.free[k as usize];
        if head != 0 {
            // SAFETY: a free block's first word holds the next free block.
            state.free[k as usize] = unsafe { *(head as *const usize) };
            return head as *mut u8;
        }
        state.carve(k) as *mut u8
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        let k = class(layout) as usize;
        // SAFETY: as in `alloc`; `block` came from `alloc` with this layout,
        // so it is a block of class `k`, at least a word long and aligned.
        let state = unsafe { &mut *self.state.get() };
        unsafe { *(block as *mut usize) = state.free[k] };
        state.free[k] = block as usize;
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees a valid layout for `new_size`.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class(new_layout) == class(layout) {
            return block;
        }
        // SAFETY: the GlobalAlloc contract, passed on.
        let moved = unsafe { self.alloc(new_layout) };
        if !moved.is_null() {
            // SAFETY: both blocks hold at least the smaller size; distinct blocks.
            unsafe {
                ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                self.dealloc(block, layout);
            }
        }
        moved
    }
}
