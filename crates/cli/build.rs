//! Links the `wgrnd` binary as a position-dependent executable on Linux: the dynamic loader then
//! has no relative relocations to apply at every start (a PIE build had 7,216, which write to
//! about 30 pages of `.data.rel.ro` and `.got`, each a page fault), and the kernel maps it at its
//! fixed address. The code is still compiled position-independent, so only the link changes (the
//! last of `-pie` and `-no-pie` wins). Measured: docs/wellposed.md, "Paint by numbers".

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=wgrnd=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
