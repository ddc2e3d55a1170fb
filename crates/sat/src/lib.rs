//! # wgrnd-cnf
//!
//! Owns propositional formulas as solvers see them: variables numbered from 1, literals, a compact
//! clause store ([`Cnf`]), DIMACS output (comment lines, an exact `p cnf V C` header, buffered
//! streaming), and the answers solvers give back: competition output (`s`/`v` lines), minisat's
//! result file and bare models, read into a [`SolverAnswer`]; and strict DIMACS input
//! ([`parse_dimacs`]) for checking any CNF and verifying a model against it; reading any file as
//! text ([`read_text`]: standard input, byte-order mark, UTF-8); and the constraint
//! encodings every family uses ([`amo`]: at-most-one and cardinality), and the constraints kept
//! whole beside the clauses ([`theory`]: connectivity, [`connect`], and region division,
//! [`regions`]). It knows nothing of puzzles: the
//! grounding crate gives it clauses and the comment lines that name the atoms.

#![warn(missing_docs)]

pub mod amo;
mod answer;
pub mod connect;
mod dimacs;
mod error;
mod file;
mod formula;
pub mod gf2;
mod lexleader;
pub mod parity;
mod read;
pub mod regions;
mod simplify;
pub mod solver;
#[cfg(test)]
mod testing;
pub mod theory;
mod wcnf;

pub use answer::{parse_answer, Model, SolverAnswer};
pub use dimacs::{push_decimal, write_dimacs};
pub use error::{escape_controls, InputError};
pub use file::{display_name, read_text, utf8};
pub use formula::{Cnf, Lit, Var, MAX_VARS};
pub use lexleader::{lex_leader, lex_leader_fresh, value_precedence};
pub use read::{parse_dimacs, Dimacs};
pub use simplify::{ClauseMap, Simplified};
pub use wcnf::write_wcnf;
