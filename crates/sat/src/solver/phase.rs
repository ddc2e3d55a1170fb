//! CaDiCaL's per-literal phases, which the `cadical` crate (0.1.16, CaDiCaL 1.9.5) does not
//! expose: `Solver::phase(lit)` makes the solver decide `lit`'s variable the way `lit` says
//! whenever it decides it (a "forced" phase: it outranks the saved and target phases). CaDiCaL
//! 1.9.5's C API (`ccadical.h`) has no `phase` either (later versions add `ccadical_phase`), so
//! the call goes to the C++ method, compiled into the library the crate builds, through its
//! Itanium-ABI name (Linux, macOS; elsewhere phases are not set, see [`AVAILABLE`]).
//!
//! Two facts about the crate's and the library's layout are used, both pinned by Cargo.lock
//! and by the test below (a model of a clause-free formula follows the phases exactly):
//! - `cadical::Solver` holds the C wrapper's pointer and its callbacks (`None` until a solve
//!   sets them): two pointer-sized words, of which a fresh solver has exactly one not null;
//! - the C wrapper (`struct Wrapper : Learner, Terminator` in `ccadical.cpp`) starts with its
//!   two bases' vtable pointers, then the `Solver *`.

use std::ffi::{c_int, c_void};

/// Whether this platform can set phases (the Itanium C++ ABI: Linux, macOS, the BSDs).
pub const AVAILABLE: bool = cfg!(all(unix, any(target_arch = "x86_64", target_arch = "aarch64")));

#[cfg(all(unix, any(target_arch = "x86_64", target_arch = "aarch64")))]
extern "C" {
    /// `void CaDiCaL::Solver::phase(int lit)`: a non-virtual member function, called with the
    /// object as its first argument.
    #[link_name = "_ZN7CaDiCaL6Solver5phaseEi"]
    fn cadical_solver_phase(solver: *mut c_void, lit: c_int);
}

/// The library's `CaDiCaL::Solver` inside a `cadical::Solver`, which owns it and outlives this
/// handle (both live in one [`crate::solver::CadicalSession`]).
pub(crate) struct Raw(*mut c_void);

// SAFETY: the handle is used only through its session (`&mut`), and the `cadical` crate declares
// its solver `Send` (CaDiCaL keeps no thread-local state).
unsafe impl Send for Raw {}

impl Raw {
    /// The `CaDiCaL::Solver` of a fresh `cadical::Solver` (no solve yet: its callbacks are
    /// unset). `None` where [`AVAILABLE`] is false or the crate's layout is not the expected one.
    pub(crate) fn of<C: cadical::Callbacks>(s: &cadical::Solver<C>) -> Option<Raw> {
        if !AVAILABLE || size_of::<cadical::Solver<C>>() != 2 * size_of::<*mut c_void>() {
            return None;
        }
        // SAFETY: the struct is two pointer-sized words (checked above), so no padding: the
        // wrapper's pointer and an `Option<Box<C>>` (null when `None`, as Rust guarantees).
        let words: [*mut c_void; 2] = unsafe { std::mem::transmute_copy(s) };
        let wrapper = match words {
            [w, n] | [n, w] if n.is_null() && !w.is_null() => w,
            _ => return None,
        };
        // SAFETY: `wrapper` points to the live C wrapper, whose third word is its `Solver *`.
        let solver = unsafe { *(wrapper as *const *mut c_void).add(2) };
        (!solver.is_null()).then_some(Raw(solver))
    }

    /// Sets the phase `lit` (DIMACS, a variable the solver knows: reserved or in a clause).
    pub(crate) fn phase(&self, lit: i32) {
        debug_assert!(lit != 0 && lit != i32::MIN);
        #[cfg(all(unix, any(target_arch = "x86_64", target_arch = "aarch64")))]
        // SAFETY: `self.0` is the live `CaDiCaL::Solver` of the session calling this.
        unsafe {
            cadical_solver_phase(self.0, lit)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::solver::{CadicalSession, Session};
    use crate::{Cnf, Lit, SolverAnswer, Var};

    /// Clauses that the phases' assignment satisfies (so the search meets no conflict and takes
    /// every phase), solved under an assumption (CaDiCaL tries its own "lucky" assignments only
    /// without one): the model is the phases exactly; without phases it is not.
    #[test]
    fn a_model_follows_the_phases() {
        if !super::AVAILABLE {
            return;
        }
        let n = 64;
        let mut cnf = Cnf::new();
        let vars: Vec<Var> = (0..n).map(|_| cnf.new_var()).collect();
        // The phases: a fixed irregular pattern, true for about a third of the variables.
        let want: Vec<Lit> = vars.iter().enumerate().map(|(i, v)| v.lit((i * 7 + i / 5) % 3 == 0)).collect();
        for i in 0..n {
            cnf.add_clause(&[want[i], want[(i * 13 + 5) % n]]);
        }
        let assumption = [want[0]];
        let mut phased = CadicalSession::new(&cnf);
        for &l in &want {
            assert!(phased.phase(l));
        }
        let mut plain = CadicalSession::new(&cnf);
        let model = |s: &mut CadicalSession| match s.solve_assuming(&assumption, None).unwrap() {
            SolverAnswer::Sat(m) => vars.iter().map(|&v| v.lit(m.value(v) == Some(true))).collect::<Vec<Lit>>(),
            other => panic!("{other:?}"),
        };
        assert_eq!(model(&mut phased), want);
        assert_ne!(model(&mut plain), want);
        // The phases hold for later solves too.
        assert_eq!(model(&mut phased), want);
    }
}
