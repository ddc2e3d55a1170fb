//! The operators of the language, typed from the parser on: every mapping from one to another is
//! an exhaustive `match`, so a new operator cannot be forgotten by a wildcard arm.

/// Arithmetic operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (rounds toward negative infinity)
    Div,
    /// `mod` (result has the sign of the divisor)
    Mod,
}

/// Comparison operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `=/=` or `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Binary connectives (`A if B` is parsed as `B -> A`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Conn {
    /// `and`
    And,
    /// `or`
    Or,
    /// `->`
    Imp,
    /// `iff` or `<->`
    Iff,
    /// `xor`
    Xor,
}

impl Op {
    /// The operator as written.
    pub fn spelling(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Mod => "mod",
        }
    }
}

impl CmpOp {
    /// The comparison spelled `s` (`!=` is `=/=`), if it is one.
    pub fn parse(s: &str) -> Option<CmpOp> {
        Some(match s {
            "=" => CmpOp::Eq,
            "=/=" | "!=" => CmpOp::Ne,
            "<" => CmpOp::Lt,
            "<=" => CmpOp::Le,
            ">" => CmpOp::Gt,
            ">=" => CmpOp::Ge,
            _ => return None,
        })
    }
    /// The operator as written.
    pub fn spelling(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "=/=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
    /// Whether `x op y` holds on integers.
    pub fn ints(self, x: i64, y: i64) -> bool {
        match self {
            CmpOp::Eq => x == y,
            CmpOp::Ne => x != y,
            CmpOp::Lt => x < y,
            CmpOp::Le => x <= y,
            CmpOp::Gt => x > y,
            CmpOp::Ge => x >= y,
        }
    }
    /// The comparison with its operands swapped: `a op b` is `b op.swapped() a`.
    pub fn swapped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            o => o,
        }
    }
    /// The comparison that holds exactly when this one does not.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::CmpOp;

    #[test]
    fn every_comparison_reads_back_from_its_spelling() {
        for op in [CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge] {
            assert_eq!(CmpOp::parse(op.spelling()), Some(op));
            assert_eq!(op.negate().negate(), op);
            for (x, y) in [(1, 2), (2, 2), (3, 2)] {
                assert_ne!(op.ints(x, y), op.negate().ints(x, y));
            }
        }
        assert_eq!(CmpOp::parse("!="), Some(CmpOp::Ne));
    }
}
