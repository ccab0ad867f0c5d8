//! `include/xiangqi.h` is generated from this crate by cbindgen (pinned in Cargo.toml) and committed. This
//! test generates it again and fails on any difference; `XQ_BLESS_HEADER=1` writes the new header instead.

use std::path::{Path, PathBuf};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The version macros, from the crate's own version, so that the header and `xq_version()` agree.
fn version_macros() -> String {
    let version = env!("CARGO_PKG_VERSION");
    format!(
        "\n#define XQ_VERSION_MAJOR {}\n#define XQ_VERSION_MINOR {}\n#define XQ_VERSION_PATCH {}\n#define XQ_VERSION_STRING \"{version}\"",
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    )
}

fn generate() -> String {
    let mut config = cbindgen::Config::from_file(crate_dir().join("cbindgen.toml")).expect("cbindgen.toml reads");
    // The version macros first, then what cbindgen.toml adds (the Arrow C data interface).
    let extra = config.after_includes.take().unwrap_or_default();
    config.after_includes = Some(version_macros() + "\n" + &extra);
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir())
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

fn first_difference(a: &str, b: &str) -> String {
    for (n, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  committed: {x}\n  generated: {y}", n + 1);
        }
    }
    format!("lengths differ: committed {} lines, generated {} lines", a.lines().count(), b.lines().count())
}

#[test]
fn header_is_up_to_date() {
    let path: PathBuf = crate_dir().join("../include/xiangqi.h");
    let generated = generate();
    if std::env::var_os("XQ_BLESS_HEADER").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("writing the header");
        return;
    }
    let committed = std::fs::read_to_string(Path::new(&path)).unwrap_or_default();
    assert!(
        committed == generated,
        "include/xiangqi.h is not what cbindgen makes of xiangqi-ffi ({}).\nRegenerate it with \
         `XQ_BLESS_HEADER=1 cargo test -p xiangqi-ffi --test header` and commit it.",
        first_difference(&committed, &generated)
    );
}

#[test]
fn header_version_matches_the_library() {
    let committed = std::fs::read_to_string(crate_dir().join("../include/xiangqi.h")).unwrap_or_default();
    let expected = format!("#define XQ_VERSION_STRING \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(committed.contains(&expected), "the header lacks {expected}");
    // SAFETY: xq_version returns a static NUL-terminated string.
    let version = unsafe { std::ffi::CStr::from_ptr(xiangqi::xq_version()) };
    assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
}
