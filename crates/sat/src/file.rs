//! Reading a file as text: every file wgrnd reads comes through [`read_text`], so that an
//! unreadable file, standard input and a file that is not UTF-8 are refused the same way
//! everywhere, as an [`InputError`].

use std::io::Read;

use crate::InputError;

/// Reads a whole file (or standard input for `-`) as UTF-8 text, without the byte-order mark some
/// editors put first: every file wgrnd reads comes through here.
pub fn read_text(path: &str) -> Result<String, InputError> {
    let shown = display_name(path);
    let mut bytes = Vec::new();
    let result = if path == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).map(|_| ())
    };
    result.map_err(|e| InputError::whole(&shown, format!("an unreadable file ({e})"), "a readable file"))?;
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    Ok(utf8(&shown, text)?.to_string())
}

/// How a path is named in messages.
pub fn display_name(path: &str) -> String {
    if path == "-" {
        "<stdin>".to_string()
    } else {
        path.to_string()
    }
}

/// Checks that the bytes are UTF-8 text and says where they are not.
pub fn utf8<'a>(file: &str, bytes: &'a [u8]) -> Result<&'a str, InputError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        // The column in characters: the valid UTF-8 since the line's start, plus one.
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let col = std::str::from_utf8(&good[start..]).map_or(1, |s| s.chars().count() + 1);
        InputError::at(
            file,
            line,
            col,
            format!("the byte 0x{:02x}, which is not UTF-8 text", bytes[e.valid_up_to()]),
            "a text file (UTF-8)",
        )
    })
}
