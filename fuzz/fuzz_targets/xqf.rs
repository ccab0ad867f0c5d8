//! Any bytes into the XQF reader (with an XQF header in front half of the time): no panic, errors inside
//! the input, games that replay and survive writing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::xqf::{self, XqfVersion};

fuzz_target!(|data: &[u8]| {
    let mut with_header = Vec::with_capacity(1024 + data.len());
    with_header.extend_from_slice(b"XQ");
    with_header.extend_from_slice(data.get(..1).unwrap_or(&[10]));
    with_header.resize(1024, 0);
    with_header.extend_from_slice(data);
    for bytes in [data, &with_header[..]] {
        match xqf::read(bytes) {
            Ok(record) => {
                for line in record.tree.lines() {
                    let mut pos = record.start().clone();
                    for m in line {
                        pos = pos.play(m).expect("a tree holds legal moves");
                    }
                }
                let again = xqf::read(&xqf::write(&record, XqfVersion::V18)).expect("reads back");
                assert_eq!(again.tree.lines(), record.tree.lines());
            }
            Err(err) => assert!(err.location.byte_offset <= bytes.len() as u64),
        }
    }
});
