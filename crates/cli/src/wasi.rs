//! The C library functions that Rust's std for `wasm32-wasip1` links against and Debian's
//! `wasi-libc` (a 2022 snapshot, the one the browser page is built with: docs/web.md) lacks.
//! WASI preview 1 has no threads and no `realpath`: each function here says so the way the C
//! library would (an error number), so that std turns it into an `io::Error`. Only in the WASI
//! build; nothing here runs on any other target.

use std::ffi::{c_char, c_int, c_void};

extern "C" {
    /// wasi-libc's `errno`, a plain global in its single-threaded build.
    static mut errno: c_int;
}

/// WASI's error numbers (wasi-libc's `errno.h`).
const EAGAIN: c_int = 6;
const ENOSYS: c_int = 52;

/// Where `errno` lives (newer wasi-libc defines it; std's `io::Error::last_os_error` reads it).
#[no_mangle]
pub extern "C" fn __errno_location() -> *mut c_int {
    &raw mut errno
}

/// Thread attributes: accepted and ignored (std asserts that these succeed before it asks for a
/// thread, which is then refused).
#[no_mangle]
pub extern "C" fn pthread_attr_init(_attr: *mut c_void) -> c_int {
    0
}

/// See [`pthread_attr_init`].
#[no_mangle]
pub extern "C" fn pthread_attr_setstacksize(_attr: *mut c_void, _size: usize) -> c_int {
    0
}

/// See [`pthread_attr_init`].
#[no_mangle]
pub extern "C" fn pthread_attr_destroy(_attr: *mut c_void) -> c_int {
    0
}

/// No threads: `std::thread::Builder::spawn` returns an error (wgrnd runs one job here: the
/// machine's cores are not known, so every default is one thread).
#[no_mangle]
pub extern "C" fn pthread_create(
    _thread: *mut c_void,
    _attr: *const c_void,
    _start: *const c_void,
    _arg: *mut c_void,
) -> c_int {
    EAGAIN
}

/// Never reached: no thread was made.
#[no_mangle]
pub extern "C" fn pthread_join(_thread: *mut c_void, _result: *mut *mut c_void) -> c_int {
    ENOSYS
}

/// Never reached: no thread was made.
#[no_mangle]
pub extern "C" fn pthread_detach(_thread: *mut c_void) -> c_int {
    ENOSYS
}

/// No canonical paths on WASI: `std::fs::canonicalize` returns an error.
#[no_mangle]
pub extern "C" fn realpath(_path: *const c_char, _resolved: *mut c_char) -> *mut c_char {
    // SAFETY: WASI preview 1 runs one thread (`pthread_create` above refuses every other), so
    // nothing reads or writes `errno` while this plain `int` store runs.
    unsafe { errno = ENOSYS };
    std::ptr::null_mut()
}
