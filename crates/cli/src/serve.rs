//! `wgrnd serve [DIR]`: the browser page (`web/dist`, built by scripts/web.sh) served on this
//! machine, for people who want the page without a web server of their own (any static file
//! server does as well). A deliberately small HTTP/1.1 file server: GET and HEAD of files under
//! DIR, each response whole with its length and type, one connection per request, on the
//! loopback address unless told otherwise; nothing is written, nothing outside DIR is read.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

use wgrnd_families::{exit, Error};

/// The content types the page's files need (`.wasm` must be `application/wasm` for the browser
/// to compile it while it downloads).
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// The file under `root` that a request's path names: `/` is `index.html`; a query or fragment
/// is left out; `..`, absolute parts and percent-escapes other than `%20` are refused (the page's
/// files need none).
fn file_of(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?.replace("%20", " ");
    if path.contains('%') {
        return None;
    }
    let relative = Path::new(path.trim_start_matches('/'));
    if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
        return None;
    }
    let mut file = root.join(relative);
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// Answers one request; errors of the connection end it (the browser asks again).
fn answer(root: &Path, stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers are not needed: read up to the blank line that ends them.
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut words = request.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let mut stream = stream;
    if method != "GET" && method != "HEAD" {
        return write!(
            stream,
            "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
    }
    let Some(body) = file_of(root, target).and_then(|f| std::fs::read(&f).ok().map(|b| (f, b))) else {
        let text = "not found\n";
        return write!(
            stream,
            "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
            text.len()
        );
    };
    let (file, bytes) = body;
    write!(
        stream,
        "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        content_type(&file),
        bytes.len()
    )?;
    if method == "GET" {
        stream.write_all(&bytes)?;
    }
    stream.flush()
}

/// Serves `dir` on `host:port` (port 0: any free port) until stopped; says where on standard
/// error, first thing, so that a script can read the address.
pub fn serve(dir: &str, host: &str, port: u16) -> Result<u8, Error> {
    let root = PathBuf::from(dir);
    if !root.join("index.html").is_file() {
        return Err(Error::Option(format!(
            "{dir} holds no index.html: build the page first (scripts/web.sh writes it into web/dist)"
        )));
    }
    let listener =
        TcpListener::bind((host, port)).map_err(|e| Error::Option(format!("cannot listen on {host}:{port}: {e}")))?;
    let address = listener.local_addr().map_err(|e| Error::Option(format!("cannot listen on {host}:{port}: {e}")))?;
    eprintln!("wgrnd: serving {dir} at http://{address}/ (Ctrl-C stops)");
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        // A thread per connection: a slow reader does not hold up the page's other files.
        std::thread::spawn(move || {
            let _ = answer(&root, stream);
        });
    }
    Ok(exit::OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_under_the_root_are_served() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<p>").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/a b.js"), "x").unwrap();
        let root = dir.path();
        assert_eq!(file_of(root, "/"), Some(root.join("index.html")));
        assert_eq!(file_of(root, "/?url=https://puzz.link/p?x"), Some(root.join("index.html")));
        assert_eq!(file_of(root, "/sub/a%20b.js"), Some(root.join("sub/a b.js")));
        assert_eq!(file_of(root, "/sub/"), None);
        assert_eq!(file_of(root, "/../etc/passwd"), None);
        assert_eq!(file_of(root, "/sub/%2e%2e/index.html"), None);
        assert_eq!(file_of(root, "/missing.js"), None);
        assert_eq!(content_type(Path::new("wgrnd.wasm")), "application/wasm");
    }
}
