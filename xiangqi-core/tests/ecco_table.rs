//! The embedded ECCO table is what `scripts/gen_ecco.py` makes of the fact files: regenerated into a
//! temporary file and compared byte for byte with `xiangqi-core/src/ecco/table.rs`. Needs `python3` and
//! `../shared/data/ecco/`; says so and skips without them.

use std::path::Path;
use std::process::Command;

#[test]
fn the_table_is_generated_from_the_fact_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let data = root.join("../shared/data/ecco");
    if !data.join("ecco-rules.json").is_file() {
        println!("SKIPPED: {} is not present; the table cannot be regenerated", data.display());
        return;
    }
    let output = match Command::new("python3")
        .arg(root.join("scripts/gen_ecco.py"))
        .arg("--check")
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(root.join("xiangqi-core/src/ecco/table.rs"))
        .output()
    {
        Ok(output) => output,
        Err(err) => {
            println!("SKIPPED: python3 cannot be run ({err})");
            return;
        }
    };
    let report = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{report}");
    println!("{report}");
}
