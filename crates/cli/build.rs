//! Tells the test binary whether the tests of external solvers are skipped on purpose
//! (`WGRND_SKIP_EXTERNAL` set when it is built): they are then compiled as ignored tests, so that
//! `cargo test` lists them as ignored instead of counting them as passed without an assertion.
//!
//! Also links the `wgrnd` binary as a position-dependent executable on Linux: the dynamic loader
//! then has no relative relocations to apply at every start (a PIE build had 7,216, which write
//! to pages of `.data.rel.ro` and `.got`, a page fault each), and the kernel maps it at its fixed
//! address. The code is still compiled position-independent, so only the link changes (the last
//! of `-pie` and `-no-pie` wins). Measured: docs/wellposed.md, "Paint by numbers".

fn main() {
    println!("cargo:rustc-check-cfg=cfg(skip_external)");
    println!("cargo:rerun-if-env-changed=WGRND_SKIP_EXTERNAL");
    if std::env::var_os("WGRND_SKIP_EXTERNAL").is_some() {
        println!("cargo:rustc-cfg=skip_external");
    }
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=wgrnd=-no-pie");
    }
}
