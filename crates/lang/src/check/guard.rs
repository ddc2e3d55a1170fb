//! The check plan's guards over data (`flat.rs`), compiled once per quantifier into a short
//! program of a stack machine: while a plan is built, every binding of every quantifier tests its
//! guard's conjuncts over data, and walking the formula's tree there (boxed nodes, a call and a
//! `Result` per node) was most of a plan's cost (langford 7: 60% of 1.3 M instructions).
//!
//! The program computes what `flat::data_holds` computes, in the same order: `and`, `or` and `->`
//! stop where the tree walk stops, and whatever that evaluation would find an error (a value
//! outside a domain, an unbound variable, an arithmetic error, a part that is not over data)
//! fails the program only when it is reached.

use crate::error::Span;
use crate::program::{arith, CmpOp, Op, PredId, PredKind, Program, Val, F, T};

/// One instruction. Truth values are `Val::Int(0)` and `Val::Int(1)` on the stack.
#[derive(Clone, Copy)]
enum Ins {
    Push(Val),
    /// A variable's value (an error when unbound).
    Slot(usize),
    /// `x op y` of the two values on top.
    Arith(Op, Span),
    /// `0 - x`.
    Neg(Span),
    Cmp(CmpOp),
    /// The atom of input predicate `pred` with the `n` values on top as arguments.
    Atom(PredId, usize),
    Not,
    /// Iff (`true`) or xor of the two values on top.
    Same(bool),
    /// When the top is `when`, jump to the instruction given (keeping it); else drop it.
    Jump(bool, usize),
    /// An error: what the tree walk cannot evaluate over data.
    Fail,
}

/// A compiled guard conjunct.
pub(super) struct Guard {
    code: Vec<Ins>,
}

/// Why the evaluation of a guard failed (the statement is not planned).
pub(super) struct Failed;

impl Guard {
    /// The program of formula `f`.
    pub(super) fn new(f: &F) -> Guard {
        let mut code = Vec::new();
        formula(f, &mut code);
        Guard { code }
    }

    /// Whether it holds under `env`, with `stack` as scratch.
    pub(super) fn holds(&self, p: &Program, env: &[Option<Val>], stack: &mut Vec<Val>) -> Result<bool, Failed> {
        stack.clear();
        let mut pc = 0;
        while let Some(&ins) = self.code.get(pc) {
            pc += 1;
            match ins {
                Ins::Push(v) => stack.push(v),
                Ins::Slot(s) => stack.push(env.get(s).copied().flatten().ok_or(Failed)?),
                Ins::Arith(op, span) => {
                    let y = stack.pop().ok_or(Failed)?;
                    let x = stack.pop().ok_or(Failed)?;
                    let r = match (op, x, y) {
                        (Op::Add, Val::Int(a), Val::Int(b)) => a.checked_add(b).map(Val::Int),
                        (Op::Sub, Val::Int(a), Val::Int(b)) => a.checked_sub(b).map(Val::Int),
                        (Op::Mul, Val::Int(a), Val::Int(b)) => a.checked_mul(b).map(Val::Int),
                        _ => arith(op, x, y, span).ok(),
                    };
                    stack.push(r.ok_or(Failed)?);
                }
                Ins::Neg(span) => {
                    let x = stack.pop().ok_or(Failed)?;
                    stack.push(arith(Op::Sub, Val::Int(0), x, span).map_err(|_| Failed)?);
                }
                Ins::Cmp(op) => {
                    let y = stack.pop().ok_or(Failed)?;
                    let x = stack.pop().ok_or(Failed)?;
                    stack.push(truth(op.holds(x, y).ok_or(Failed)?));
                }
                Ins::Atom(pr, n) => {
                    let at = stack.len().checked_sub(n).ok_or(Failed)?;
                    let pred = p.preds.get(pr.index()).ok_or(Failed)?;
                    let PredKind::Input(facts) = &pred.kind else { return Err(Failed) };
                    let t = stack.get(at..).ok_or(Failed)?;
                    if t.len() != pred.args.len() {
                        return Err(Failed);
                    }
                    // Outside the argument's domain: the tree walk's error, not a false atom.
                    for (&v, d) in t.iter().zip(&pred.args) {
                        p.domains.get(d.index()).and_then(|x| x.pos(v)).ok_or(Failed)?;
                    }
                    let holds = facts.contains(t);
                    stack.truncate(at);
                    stack.push(truth(holds));
                }
                Ins::Not => {
                    let x = is_true(stack.pop())?;
                    stack.push(truth(!x));
                }
                Ins::Same(iff) => {
                    let y = is_true(stack.pop())?;
                    let x = is_true(stack.pop())?;
                    stack.push(truth((x == y) == iff));
                }
                Ins::Jump(when, to) => {
                    if is_true(stack.last().copied())? == when {
                        pc = to;
                    } else {
                        stack.pop();
                    }
                }
                Ins::Fail => return Err(Failed),
            }
        }
        is_true(stack.pop())
    }
}

fn truth(b: bool) -> Val {
    Val::Int(i64::from(b))
}

fn is_true(v: Option<Val>) -> Result<bool, Failed> {
    match v {
        Some(Val::Int(0)) => Ok(false),
        Some(Val::Int(1)) => Ok(true),
        _ => Err(Failed),
    }
}

fn formula(f: &F, code: &mut Vec<Ins>) {
    match f {
        F::Const(b) => code.push(Ins::Push(truth(*b))),
        F::Atom(pr, args, _) => {
            if args.len() > super::SMALL_ARITY {
                // `data_holds` takes at most this many arguments.
                code.push(Ins::Fail);
                return;
            }
            for a in args {
                term(a, code);
            }
            code.push(Ins::Atom(*pr, args.len()));
        }
        F::Cmp(c) => {
            term(&c.a, code);
            term(&c.b, code);
            code.push(Ins::Cmp(c.op));
        }
        F::Not(a) => {
            formula(a, code);
            code.push(Ins::Not);
        }
        // `a and b`: false when `a` is, without `b`; `a or b`: true when `a` is; `a -> b`: true
        // when `a` is false.
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) => {
            formula(a, code);
            let when = match f {
                F::And(..) => false,
                F::Or(..) => true,
                _ => {
                    code.push(Ins::Not);
                    true
                }
            };
            let jump = code.len();
            code.push(Ins::Fail);
            formula(b, code);
            code[jump] = Ins::Jump(when, code.len());
        }
        F::Iff(a, b) | F::Xor(a, b) => {
            formula(a, code);
            formula(b, code);
            code.push(Ins::Same(matches!(f, F::Iff(..))));
        }
        _ => code.push(Ins::Fail),
    }
}

fn term(t: &T, code: &mut Vec<Ins>) {
    match t {
        T::Const(v) => code.push(Ins::Push(*v)),
        T::Var(s) => code.push(Ins::Slot(s.index())),
        T::Bin(b) => {
            term(&b.a, code);
            term(&b.b, code);
            code.push(Ins::Arith(b.op, b.span));
        }
        T::Neg(a, s) => {
            term(a, code);
            code.push(Ins::Neg(*s));
        }
        _ => code.push(Ins::Fail),
    }
}
