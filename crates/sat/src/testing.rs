//! What the tests of the constraints kept whole share: a small deterministic generator for
//! random instances, and a model of some variables from the bits of a number.

use crate::{Model, Var};

/// A xorshift generator: the same instances on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number below `n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A model of `num_vars` variables where `vars[k]` takes bit `k` of `bits` (the others unset).
pub(crate) fn model_of(num_vars: u32, vars: &[Var], bits: u64) -> Model {
    let mut m = Model::new(num_vars);
    for (k, &v) in vars.iter().enumerate() {
        m.set(v, Some(bits >> k & 1 == 1));
    }
    m
}
