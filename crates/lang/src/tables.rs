//! Data from files: `table p from "file"` reads a CSV file (RFC 4180: comma-separated fields,
//! double-quoted fields with `""` for a quote, an optional header row) or a DIMACS graph `.col`
//! file (`p edge N M`, `e u v`: the facts `p(u, v)` and the parameter `n = N`), relative to the
//! directory of the file that names it. Every value keeps its place in the file, so errors name
//! file:line:col of the CSV or `.col` file.

use std::path::{Path, PathBuf};

use crate::ast::{Item, Term};
use crate::error::{syntax, ErrorKind, FileId, Files, QpropError, Result, Span};

/// Rows of values, each with its span.
pub(crate) type Rows = Vec<(Vec<Term>, Span)>;

/// Reads a file named by a model (a path relative to the model's or data file's directory).
pub type ReadFile<'a> = &'a dyn Fn(&Path) -> std::io::Result<String>;

/// Replaces each `table p from "file"` of `items` by the rows read from the file (and, for a
/// `.col` graph, the parameter `n`); the files are added to `files`, their texts to `texts`
/// (for the program's hash).
pub(crate) fn read_tables(
    items: Vec<Item>,
    files: &mut Files,
    read: ReadFile<'_>,
    texts: &mut Vec<String>,
) -> Result<Vec<Item>> {
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        let Item::TableFrom(pred, pred_span, path, path_span) = it else {
            out.push(it);
            continue;
        };
        let base = files.get(path_span.file).map_or_else(String::new, |(name, _)| name.clone());
        let full: PathBuf = Path::new(&base).parent().unwrap_or(Path::new("")).join(&path);
        let text = read(&full).map_err(|e| {
            QpropError::new(
                ErrorKind::Unknown,
                path_span,
                format!("cannot read '{}': {e}", full.display()),
                "expected a readable file (the path is relative to this file's directory)",
            )
        })?;
        let file = files.add(&full.to_string_lossy(), &text);
        let is_col = Path::new(&path).extension().is_some_and(|x| x.eq_ignore_ascii_case("col"));
        if is_col {
            let (n, n_span, rows) = col_rows(file, &text)?;
            out.push(Item::Param("n".into(), Term::Int(n, n_span), n_span));
            out.push(Item::Rows(pred, pred_span, rows, false));
        } else {
            out.push(Item::Rows(pred, pred_span, csv_rows(file, &text)?, true));
        }
        texts.push(text);
    }
    Ok(out)
}

/// A field's text as a value: an integer (optionally negative) or a name.
fn value(text: &str, span: Span) -> Result<Term> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return text
            .parse::<i64>()
            .map(|v| Term::Int(v, span))
            .map_err(|_| syntax(span, "integer too large", "an integer within 64 bits"));
    }
    let mut chars = text.chars();
    let name = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'');
    if !name {
        let what = if text.is_empty() { "an empty field".to_string() } else { format!("'{text}'") };
        return Err(syntax(span, format!("{what} is not a value"), "expected an integer or a name"));
    }
    Ok(Term::Name(text.to_string(), span))
}

/// The records of a CSV text: each field as a value with its span, and the record's span.
/// Blank lines are skipped; white space around a field is not part of it.
pub(crate) fn csv_rows(file: FileId, text: &str) -> Result<Rows> {
    let b = text.as_bytes();
    let mut rows = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let row_start = i;
        let mut fields = Vec::new();
        loop {
            while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                i += 1;
            }
            let (content, span) = if b.get(i) == Some(&b'"') {
                let open = i;
                let mut s = String::new();
                i += 1;
                loop {
                    match text[i..].find('"') {
                        None => {
                            return Err(syntax(
                                Span::new(file, open, open + 1),
                                "unterminated quoted field",
                                "a closing '\"'",
                            ))
                        }
                        Some(k) => {
                            s.push_str(&text[i..i + k]);
                            i += k + 1;
                            if b.get(i) == Some(&b'"') {
                                s.push('"');
                                i += 1;
                            } else {
                                break;
                            }
                        }
                    }
                }
                let span = Span::new(file, open, i);
                while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                    i += 1;
                }
                if i < b.len() && !matches!(b[i], b',' | b'\n' | b'\r') {
                    return Err(syntax(
                        Span::new(file, i, i + 1),
                        "text after a quoted field",
                        "expected ',' or the end of the line",
                    ));
                }
                (s, span)
            } else {
                let start = i;
                while i < b.len() && !matches!(b[i], b',' | b'\n' | b'\r') {
                    i += 1;
                }
                let raw = &text[start..i];
                let trimmed = raw.trim_end();
                (trimmed.to_string(), Span::new(file, start, start + trimmed.len()))
            };
            fields.push((content, span));
            if b.get(i) == Some(&b',') {
                i += 1;
                continue;
            }
            break;
        }
        let row_end = i;
        if b.get(i) == Some(&b'\r') {
            i += 1;
        }
        if b.get(i) == Some(&b'\n') {
            i += 1;
        }
        if fields.len() == 1 && fields[0].0.is_empty() && !text[row_start..row_end].contains('"') {
            continue; // a blank line
        }
        let values = fields.into_iter().map(|(t, s)| value(&t, s)).collect::<Result<Vec<_>>>()?;
        rows.push((values, Span::new(file, row_start, row_end)));
    }
    Ok(rows)
}

/// A DIMACS graph (`c` comments, `p edge N M`, `e u v`): N with the span of the `p` line, and
/// the edges as rows.
pub(crate) fn col_rows(file: FileId, text: &str) -> Result<(i64, Span, Rows)> {
    let mut n: Option<(i64, Span)> = None;
    let mut rows = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let body = line.trim_end();
        let span = Span::new(file, start, start + body.len());
        let mut words = Vec::new();
        let mut at = 0;
        for w in body.split_whitespace() {
            let k = body[at..].find(w).map_or(at, |k| at + k);
            words.push((w, Span::new(file, start + k, start + k + w.len())));
            at = k + w.len();
        }
        let Some(&(tag, tag_span)) = words.first() else { continue };
        let number = |k: usize| -> Result<Term> {
            let (w, s) = words.get(k).copied().unwrap_or(("", Span::new(file, span.end as usize, span.end as usize)));
            match value(w, s)? {
                Term::Int(v, s) if v >= 1 => Ok(Term::Int(v, s)),
                _ => Err(syntax(s, format!("'{w}' is not a vertex"), "expected a positive integer")),
            }
        };
        match tag {
            "c" => {}
            "p" if n.is_none() && words.len() == 4 => {
                if let Term::Int(v, s) = number(2)? {
                    n = Some((v, s));
                }
                number(3)?;
            }
            "e" if n.is_some() && words.len() == 3 => rows.push((vec![number(1)?, number(2)?], span)),
            "e" if n.is_some() => {
                return Err(syntax(span, "an edge line without two vertices", "expected 'e u v'"));
            }
            _ if n.is_none() => {
                return Err(syntax(tag_span, format!("unexpected '{tag}'"), "expected 'c' or 'p edge N M'"));
            }
            _ => return Err(syntax(tag_span, format!("unexpected '{tag}'"), "expected 'c' or 'e u v'")),
        }
    }
    let Some((n, n_span)) = n else {
        return Err(syntax(Span::new(file, 0, 0), "no 'p edge N M' line", "a DIMACS graph (.col)"));
    };
    Ok((n, n_span, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<Vec<String>> {
        let rows = csv_rows(FileId::default(), text).unwrap();
        rows.into_iter()
            .map(|(r, _)| {
                r.into_iter()
                    .map(|t| match t {
                        Term::Int(v, _) => v.to_string(),
                        Term::Name(n, _) => n,
                        _ => "?".into(),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn csv_fields_quotes_blank_lines_and_crlf() {
        assert_eq!(fields("a,b\r\n1, 2\n\n\"red\" ,-3\n"), [["a", "b"], ["1", "2"], ["red", "-3"]]);
        assert_eq!(fields("\"blue\",\"7\"\n"), [["blue", "7"]]);
        let e = csv_rows(FileId::default(), "1,2\n\"x\"\"y\",1\n").unwrap_err();
        assert!(e.message.contains("'x\"y' is not a value"), "{e:?}");
        let e = csv_rows(FileId::default(), "1,\"2\n").unwrap_err();
        assert!(e.message.contains("unterminated"), "{e:?}");
    }

    #[test]
    fn col_graph_edges_and_vertex_count() {
        let (n, _, rows) = col_rows(FileId::default(), "c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n").unwrap();
        assert_eq!((n, rows.len()), (3, 3));
        assert!(col_rows(FileId::default(), "p edge 3 1\ne 1\n").is_err());
        assert!(col_rows(FileId::default(), "e 1 2\n").is_err());
    }
}
