//! The hash of the language's own tables: the ground program's constraints as symmetry finding
//! keys them, the checker's plans, candidate indexes and memos, the grounder's shared
//! sub-formulas, integer atoms and decision-diagram nodes, and a program's input facts and domain
//! positions. Their keys are small integers, hashed by the million, where the default (SipHash,
//! built against collisions chosen by an attacker) was a quarter of finding the symmetries of a
//! small model and a sixth of the graph colouring's whole `solve`; on the input facts, which the
//! checker looks up per binding (its profile on a 10 x 10 hitori), replacing it saved 8% of the
//! hitori's `backbone`. The program and its data are the user's own, so there is no one to
//! attack.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash for keys of small integers (values, predicate numbers, literals).
#[derive(Default)]
pub struct Mix(u64);

/// A hash map keyed through [`Mix`].
pub type MixMap<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

/// A hash set keyed through [`Mix`].
pub type MixSet<K> = HashSet<K, BuildHasherDefault<Mix>>;

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
    fn finish(&self) -> u64 {
        // A product's low bits depend on its input's low bits only, and hash tables take the
        // bucket from the low bits: keys that differ only high up (remainders of large
        // power-of-two weights in an MDD's memo) would share a probe chain. Rotating brings the
        // well-mixed middle bits down (as rustc-hash 2 does).
        self.0.rotate_left(26)
    }
}
