//! The queue between a count's search and its checker, which run on two threads. A channel that
//! wakes the checker for every solution costs more than the solution (a futex wake is a few
//! microseconds; a fast enumeration finds one every microsecond or two), so the checker takes
//! solutions in batches: it is woken once a batch has gathered, and looks by itself every
//! [`LOOK_EVERY`], so that a solution waits at most about that long to be checked and shown,
//! however slowly the next one comes. Neither side makes a wake-up call unless the other waits.
//! The queue is bounded (at most [`CAPACITY`] items, fewer when the caller says so): a search that
//! runs far ahead waits, and the checker holds at most as many again while it works through what
//! it took. Either side going away (finished, failed or panicking) is seen by the other, so
//! neither waits forever.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Items gathered before the search wakes the checker, at most (half the capacity on a small
/// queue).
const BATCH: usize = 1024;

/// Items the search may be ahead of the checker, at most (see [`Handover::new`]).
pub(crate) const CAPACITY: usize = 16 * 1024;

/// How often a waiting checker looks whether something came without a wake-up. A count of fewer
/// solutions than a batch is checked only from the first look on: at 10 ms, Langford n = 8's
/// checker sat idle for the first 10 of its count's 30 ms. A look costs the checker's thread a
/// few microseconds, the search nothing.
const LOOK_EVERY: Duration = Duration::from_millis(1);

/// A queue from one producer (the search) to one consumer (the checker).
pub(crate) struct Handover<T> {
    queue: Mutex<Queue<T>>,
    capacity: usize,
    /// Items gathered before the search wakes the checker.
    batch: usize,
    /// The checker has given up (as `Queue::abandoned`, readable without the lock, so that a
    /// search between hand-overs can look often).
    given_up: AtomicBool,
    /// The search has ended (as `Queue::closed`, readable without the lock, so that the checker
    /// can look between solutions).
    closed: AtomicBool,
    /// Signalled when a batch has gathered or the search ended.
    ready: Condvar,
    /// Signalled when the checker took items or gave up.
    room: Condvar,
}

struct Queue<T> {
    items: Vec<T>,
    /// The search has ended: nothing more will come.
    closed: bool,
    /// The checker has given up: nothing more is wanted.
    abandoned: bool,
    /// The checker waits for a batch (so a wake-up is needed; a futex wake is a system call).
    checker_waits: bool,
    /// The search waits for room.
    search_waits: bool,
}

/// The checker is gone: the search should stop.
#[derive(Debug)]
pub(crate) struct Abandoned;

impl<T> Handover<T> {
    /// A queue that holds up to `capacity` items (at least one, at most [`CAPACITY`]); the
    /// checker may hold as many again while it works through what it took.
    pub(crate) fn new(capacity: usize) -> Handover<T> {
        let capacity = capacity.clamp(1, CAPACITY);
        Handover {
            capacity,
            batch: (capacity / 2).clamp(1, BATCH),
            given_up: AtomicBool::new(false),
            closed: AtomicBool::new(false),
            queue: Mutex::new(Queue {
                items: Vec::new(),
                closed: false,
                abandoned: false,
                checker_waits: false,
                search_waits: false,
            }),
            ready: Condvar::new(),
            room: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Queue<T>> {
        // A panic on the other side while it held the lock leaves the queue itself intact.
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The search hands over one item; waits while the queue is full.
    pub(crate) fn push(&self, item: T) -> Result<(), Abandoned> {
        let mut q = self.lock();
        while q.items.len() >= self.capacity && !q.abandoned {
            q.search_waits = true;
            q = self.room.wait(q).unwrap_or_else(|poisoned| poisoned.into_inner());
            q.search_waits = false;
        }
        if q.abandoned {
            return Err(Abandoned);
        }
        q.items.push(item);
        if q.items.len() >= self.batch && q.checker_waits {
            // Once: the checker takes everything when it wakes.
            q.checker_waits = false;
            self.ready.notify_one();
        }
        Ok(())
    }

    /// The checker takes what was handed over: a batch as soon as one has gathered, else what
    /// there is after [`LOOK_EVERY`] (or at the end); `None` once the search has ended and
    /// everything was taken. `spare` (emptied) takes the place of the items, so that the queue's
    /// buffers are reused rather than grown again for every batch.
    pub(crate) fn take(&self, mut spare: Vec<T>) -> Option<Vec<T>> {
        spare.clear();
        let mut q = self.lock();
        let mut waited = false;
        loop {
            if q.items.len() >= self.batch || q.closed || (waited && !q.items.is_empty()) {
                if q.items.is_empty() {
                    return None;
                }
                let items = std::mem::replace(&mut q.items, spare);
                if q.search_waits {
                    self.room.notify_one();
                }
                return Some(items);
            }
            q.checker_waits = true;
            let (guard, wait) = self.ready.wait_timeout(q, LOOK_EVERY).unwrap_or_else(|poisoned| poisoned.into_inner());
            q = guard;
            q.checker_waits = false;
            waited = wait.timed_out();
        }
    }

    /// The search's end: what it handed over is all there is. Called by [`Closing`] on drop.
    fn close(&self) {
        let mut q = self.lock();
        q.closed = true;
        self.closed.store(true, Ordering::Relaxed);
        if q.checker_waits {
            self.ready.notify_one();
        }
    }

    /// The checker's end: nothing more is wanted. Called by [`Abandoning`] on drop.
    fn abandon(&self) {
        self.given_up.store(true, Ordering::Relaxed);
        let mut q = self.lock();
        q.abandoned = true;
        q.items.clear();
        self.room.notify_one();
    }

    /// Whether the search has ended: once it has, a `take` gets everything that is left.
    pub(crate) fn ended(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    /// Whether the checker has given up (the search should stop).
    pub(crate) fn is_abandoned(&self) -> bool {
        self.given_up.load(Ordering::Relaxed)
    }

    /// A guard for the search side: closes the queue when dropped (at the end, or in a panic).
    pub(crate) fn closing(&self) -> Closing<'_, T> {
        Closing(self)
    }

    /// A guard for the checker side: abandons the queue when dropped (after the last item, on a
    /// failed check, or in a panic).
    pub(crate) fn abandoning(&self) -> Abandoning<'_, T> {
        Abandoning(self)
    }
}

/// Closes the queue when dropped (see [`Handover::closing`]).
pub(crate) struct Closing<'a, T>(&'a Handover<T>);

impl<T> Drop for Closing<'_, T> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Abandons the queue when dropped (see [`Handover::abandoning`]).
pub(crate) struct Abandoning<'a, T>(&'a Handover<T>);

impl<T> Drop for Abandoning<'_, T> {
    fn drop(&mut self) {
        self.0.abandon();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_arrives_in_order_across_batches_and_a_full_queue() {
        // The largest queue, and small ones (big models): a batch of one, of half the queue.
        for capacity in [CAPACITY, 1, 2, 7] {
            let h = Handover::new(capacity);
            let n = capacity * 3 + BATCH / 2;
            let got = std::thread::scope(|s| {
                s.spawn(|| {
                    let _closing = h.closing();
                    for i in 0..n {
                        h.push(i).unwrap();
                    }
                });
                let _abandoning = h.abandoning();
                let (mut got, mut spare) = (Vec::new(), Vec::new());
                while let Some(mut items) = h.take(spare) {
                    assert!(items.len() <= capacity, "capacity {capacity}: took {}", items.len());
                    got.append(&mut items);
                    spare = items;
                }
                got
            });
            assert_eq!(got, (0..n).collect::<Vec<_>>(), "capacity {capacity}");
        }
    }

    #[test]
    fn a_lone_item_arrives_without_a_batch_or_the_end() {
        let h = Handover::new(CAPACITY);
        let (go_on, wait) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|s| {
            let _abandoning = h.abandoning();
            let h = &h;
            s.spawn(move || {
                let _closing = h.closing();
                h.push(7).unwrap();
                // The search goes on (here: waits) without handing over more.
                wait.recv().unwrap();
            });
            assert_eq!(h.take(Vec::new()), Some(vec![7]));
            go_on.send(()).unwrap();
            assert_eq!(h.take(Vec::new()), None);
        });
    }

    #[test]
    fn a_checker_that_gives_up_stops_a_search_waiting_for_room() {
        let h = Handover::new(CAPACITY);
        let pushed = std::thread::scope(|s| {
            let search = s.spawn(|| {
                let _closing = h.closing();
                (0..).take_while(|&i| h.push(i).is_ok()).count()
            });
            assert!(h.take(Vec::new()).is_some());
            drop(h.abandoning());
            search.join().unwrap()
        });
        assert!(pushed >= 1);
    }
}
