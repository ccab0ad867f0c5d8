//! `xiangqi-wasm-bindgen --target nodejs|web --out-dir DIR MODULE.wasm`: the JavaScript glue and TypeScript
//! declarations of a module built with wasm-bindgen, as `wasm-bindgen` (the command of `wasm-bindgen-cli`)
//! makes them with the same options and its defaults. It uses the library that command is built on,
//! `wasm-bindgen-cli-support`, and so compiles in half the time: the command also carries a test runner
//! with an HTTP server and client, which this build never uses.

use std::path::PathBuf;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

const USAGE: &str = "usage: xiangqi-wasm-bindgen --target nodejs|web --out-dir DIR MODULE.wasm";

struct Args {
    target: String,
    out_dir: PathBuf,
    input: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut target = None;
    let mut out_dir = None;
    let mut input = None;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("--target") => target = args.next().and_then(|v| v.into_string().ok()),
            Some("--out-dir") => out_dir = args.next().map(PathBuf::from),
            Some("--version") => {
                println!("xiangqi-wasm-bindgen (wasm-bindgen-cli-support {})", env!("BINDGEN_VERSION"));
                std::process::exit(0);
            }
            Some(flag) if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ if input.is_none() => input = Some(PathBuf::from(arg)),
            _ => return Err("more than one module given".into()),
        }
    }
    match (target, out_dir, input) {
        (Some(target), Some(out_dir), Some(input)) => Ok(Args { target, out_dir, input }),
        _ => Err("--target, --out-dir and a module are all needed".into()),
    }
}

/// The library's error with its causes, on one line.
fn fail(e: impl std::fmt::Display) -> String {
    format!("{e:#}")
}

fn run(args: &Args) -> Result<(), String> {
    let mut bindgen = Bindgen::new();
    match args.target.as_str() {
        "nodejs" => bindgen.nodejs(true).map_err(fail)?,
        "web" => bindgen.web(true).map_err(fail)?,
        other => return Err(format!("unknown target {other:?} (nodejs or web)")),
    };
    // The command's defaults: TypeScript declarations, and the web target's init() finding the module
    // beside its script when called without an argument.
    bindgen.input_path(&args.input).typescript(true).omit_default_module_path(false);
    bindgen.generate(&args.out_dir).map_err(fail)
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xiangqi-wasm-bindgen: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}
