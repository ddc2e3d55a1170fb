//! Tells the test binary whether the tests of external solvers are skipped on purpose
//! (`WGRND_SKIP_EXTERNAL` set when it is built): they are then compiled as ignored tests, so that
//! `cargo test` lists them as ignored instead of counting them as passed without an assertion.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(skip_external)");
    println!("cargo:rerun-if-env-changed=WGRND_SKIP_EXTERNAL");
    if std::env::var_os("WGRND_SKIP_EXTERNAL").is_some() {
        println!("cargo:rustc-cfg=skip_external");
    }
}
