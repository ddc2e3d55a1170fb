//! The `c puzzle-hash` line of a DIMACS header, written and read here only, and the one hash
//! every family computes it with.
//!
//! A CNF written by `wgrnd encode` carries, among its comment lines, `c puzzle-hash H` with `H`
//! sixteen lower-case hexadecimal digits: a hash of what was grounded (the puzzle or the model and
//! its data) under the options that shape the clauses. `wgrnd decode --cnf FILE` refuses a CNF
//! whose line differs from the puzzle's, so the hash must not depend on the build that computes
//! it: it is FNV-1a 64 ([`StableHash`]) over bytes each family lists in a fixed order, never
//! std's `DefaultHasher` (whose output Rust does not promise to keep across releases) nor a
//! `Hash` implementation (whose bytes may change with the platform or the compiler).

use wgrnd_sat::InputError;

/// The key of the header line (`c puzzle-hash 0123456789abcdef`).
pub const HASH_KEY: &str = "puzzle-hash";

/// FNV-1a 64, the hash of every `puzzle-hash` line: stable across builds, platforms and releases.
///
/// [`StableHash::bytes`] feeds bytes as they are (edge matching and packings hash their encoding
/// name, options and canonical puzzle text one after the other this way); [`StableHash::field`]
/// and [`StableHash::number`] frame what they feed, so that a sequence of fields hashes
/// unambiguously (`["ab", "c"]` and `["a", "bc"]` differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StableHash(u64);

impl Default for StableHash {
    fn default() -> Self {
        StableHash::new()
    }
}

impl StableHash {
    /// FNV-1a's offset basis.
    pub const fn new() -> StableHash {
        StableHash(0xcbf2_9ce4_8422_2325)
    }

    /// A hash that goes on from `hash`, a finished one (FNV-1a's state is its hash): what was fed
    /// after it is hashed as if fed before `finish`.
    pub const fn resume(hash: u64) -> StableHash {
        StableHash(hash)
    }

    /// Feeds `bytes` as they are.
    #[must_use]
    pub fn bytes(self, bytes: &[u8]) -> StableHash {
        let mut h = self.0;
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        StableHash(h)
    }

    /// Feeds a number as eight little-endian bytes.
    #[must_use]
    pub fn number(self, n: u64) -> StableHash {
        self.bytes(&n.to_le_bytes())
    }

    /// Feeds one field of a sequence: its length, then its bytes.
    #[must_use]
    pub fn field(self, bytes: impl AsRef<[u8]>) -> StableHash {
        let bytes = bytes.as_ref();
        self.number(bytes.len() as u64).bytes(bytes)
    }

    /// The hash.
    pub fn finish(self) -> u64 {
        self.0
    }
}

/// The header line for `hash`, without the DIMACS `c ` (the writer adds it to every comment).
pub fn hash_line(hash: u64) -> String {
    format!("{HASH_KEY} {hash:016x}")
}

/// Where the `c puzzle-hash` line of a DIMACS text is (1-based line) and what it says, looking
/// only at the comment and blank lines before the first other line; `None` when there is none.
pub fn find_hash(text: &str) -> Option<(usize, &str)> {
    text.lines()
        .take_while(|l| l.starts_with('c') || l.trim().is_empty())
        .enumerate()
        .find_map(|(i, l)| l.strip_prefix("c ")?.strip_prefix(HASH_KEY)?.strip_prefix(' ').map(|h| (i + 1, h.trim())))
}

/// Whether the DIMACS text of `file` was written for the grounding whose hash is `hash`: its
/// `c puzzle-hash` line must be there and say so.
pub fn check_written_for(file: &str, text: &str, hash: u64) -> Result<(), InputError> {
    let Some((line, theirs)) = find_hash(text) else {
        return Err(InputError::whole(
            file,
            format!("no `c {HASH_KEY}` line before the header"),
            "a CNF written by `wgrnd encode`",
        ));
    };
    let ours = format!("{hash:016x}");
    if theirs != ours {
        return Err(InputError::at(
            file,
            line,
            format!("c {HASH_KEY} ").len() + 1,
            format!("{HASH_KEY} {theirs}, written for another puzzle or other encoding options"),
            format!("{HASH_KEY} {ours} (this puzzle under these options: give `decode` the options of the `encode`)"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_64_matches_its_published_test_vectors() {
        assert_eq!(StableHash::new().finish(), 0xcbf2_9ce4_8422_2325);
        assert_eq!(StableHash::new().bytes(b"a").finish(), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(StableHash::new().bytes(b"foobar").finish(), 0x8594_4171_f739_67e8);
        // Feeding in pieces is feeding the concatenation.
        assert_eq!(StableHash::new().bytes(b"foo").bytes(b"bar"), StableHash::new().bytes(b"foobar"));
    }

    #[test]
    fn fields_are_framed() {
        let ab_c = StableHash::new().field("ab").field("c").finish();
        let a_bc = StableHash::new().field("a").field("bc").finish();
        assert_ne!(ab_c, a_bc);
    }

    #[test]
    fn the_line_written_is_the_line_read() {
        let text = format!("c wgrnd something\nc {}\nc options x\np cnf 1 1\n1 0\n", hash_line(0xab));
        assert_eq!(find_hash(&text), Some((2, "00000000000000ab")));
        assert!(check_written_for("t.cnf", &text, 0xab).is_ok());
        let other = check_written_for("t.cnf", &text, 0xac).unwrap_err();
        assert_eq!((other.line, other.column), (Some(2), Some(15)));
        assert!(other.found.contains("00000000000000ab") && other.expected.contains("00000000000000ac"));
    }

    #[test]
    fn a_hash_line_after_the_clauses_or_without_one_is_refused() {
        let late = format!("p cnf 1 1\n1 0\nc {}\n", hash_line(1));
        assert_eq!(find_hash(&late), None);
        let e = check_written_for("t.cnf", &late, 1).unwrap_err();
        assert!(e.found.contains("no `c puzzle-hash` line"), "{e}");
        // A longer key is not this key.
        assert_eq!(find_hash("c puzzle-hashes 01\n"), None);
    }
}
