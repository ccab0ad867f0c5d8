//! Any text into the DhtmlXQ reader: no panic, games that replay and survive writing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::dhtmlxq;

fuzz_target!(|data: &[u8]| {
    for game in dhtmlxq::read_bytes(data, None) {
        match game {
            Ok(record) => {
                for line in record.tree.lines() {
                    let mut pos = record.start().clone();
                    for m in line {
                        pos = pos.play(m).expect("a tree holds legal moves");
                    }
                }
                let mut again = dhtmlxq::read_str(&dhtmlxq::write(&record));
                let again = again.remove(0).expect("reads back");
                assert_eq!(again.tree.lines(), record.tree.lines());
            }
            Err(err) => assert!(err.location.byte_offset <= data.len() as u64, "{err}"),
        }
    }
});
