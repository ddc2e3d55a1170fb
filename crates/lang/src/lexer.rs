//! Tokens of the QPROP language, with byte spans.

use crate::error::{syntax, FileId, Result, Span};

/// One token. Names and strings are slices of the text: a model's tokens are lexed, read once
/// and dropped, and an owned copy of each name cost an allocation and a free (the parser copies
/// only the names it keeps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok<'t> {
    /// A name or keyword.
    Ident(&'t str),
    /// A non-negative integer literal.
    Int(i64),
    /// Punctuation or an operator, spelled as in the source.
    Punct(&'static str),
    /// End of the file.
    Eof,
    /// A double-quoted string (a file name: `table p from "edges.csv"`), without its quotes.
    Str(&'t str),
}

const PUNCT: [&str; 27] = [
    "=/=", "<->", "..", ":=", "->", "<-", "!=", "<=", ">=", "(", ")", ",", ".", "|", ":", ";", "{", "}", "[", "]", "=",
    "<", ">", "+", "-", "*", "/",
];

/// Splits `text` (file number `file`) into tokens; `%` and `//` start comments to the end of the line.
pub fn lex(file: FileId, text: &str) -> Result<Vec<(Tok<'_>, Span)>> {
    // About one token per three bytes of a data file's facts: reserved once, not regrown.
    let mut out = Vec::with_capacity(text.len() / 3 + 1);
    let bytes = text.as_bytes();
    let mut i = 0;
    'outer: while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'%' || c == b'#' || (c == b'/' && bytes.get(i + 1) == Some(&b'/')) {
            // Comments are most of a model's bytes: the end of the line found by `find`, not
            // byte by byte.
            i = text[i..].find('\n').map_or(bytes.len(), |k| i + k);
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let span = Span::new(file, start, i);
            let v = text[start..i]
                .parse::<i64>()
                .map_err(|_| syntax(span, "integer literal too large", "an integer below 2^63"))?;
            out.push((Tok::Int(v), span));
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'\'') {
                i += 1;
            }
            out.push((Tok::Ident(&text[start..i]), Span::new(file, start, i)));
            continue;
        }
        if c == b'"' {
            let start = i;
            let Some(len) = text[i + 1..].find(['"', '\n']).filter(|&k| bytes[i + 1 + k] == b'"') else {
                let span = Span::new(file, start, start + 1);
                return Err(syntax(span, "unterminated string", "a closing '\"' on the same line"));
            };
            out.push((Tok::Str(&text[i + 1..i + 1 + len]), Span::new(file, start, i + len + 2)));
            i += len + 2;
            continue;
        }
        // Only the spellings that begin with this byte are compared (the list keeps the longest
        // spellings first).
        for p in PUNCT {
            if p.as_bytes()[0] == c && text[i..].starts_with(p) {
                out.push((Tok::Punct(p), Span::new(file, i, i + p.len())));
                i += p.len();
                continue 'outer;
            }
        }
        let ch = text[i..].chars().next().unwrap_or('?');
        let span = Span::new(file, i, i + ch.len_utf8());
        let expected = if ch == '…' {
            "spell the elided cases out: the language has no '…'"
        } else {
            "a name, a number, an operator or a comment"
        };
        return Err(syntax(span, format!("unexpected character '{ch}'"), expected));
    }
    // The end of the file is placed right after its last character that is not white space, so
    // that a diagnostic's header and its snippet name the same line.
    let end = text.trim_end().len();
    out.push((Tok::Eof, Span::new(file, end, end)));
    Ok(out)
}
