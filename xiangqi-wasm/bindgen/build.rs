//! Records the version of wasm-bindgen-cli-support this tool was built with, for `--version`.
fn main() {
    let manifest = std::fs::read_to_string("Cargo.toml").expect("Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("wasm-bindgen-cli-support = \"="))
        .and_then(|rest| rest.split('"').next())
        .expect("a pinned wasm-bindgen-cli-support");
    println!("cargo:rustc-env=BINDGEN_VERSION={version}");
    println!("cargo:rerun-if-changed=Cargo.toml");
}
