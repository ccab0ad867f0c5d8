//! Any bytes into the XQF reader (with an XQF header in front half of the time): no panic; errors inside
//! the input with short messages; every line of a game (and of a partial game) replays; what was read
//! writes out and reads back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::xqf::{self, XqfVersion};
use xiangqi_fuzz::records::{assert_error_bounded, assert_record_replays, shape};

fuzz_target!(|data: &[u8]| {
    let mut with_header = Vec::with_capacity(1024 + data.len());
    with_header.extend_from_slice(b"XQ");
    with_header.extend_from_slice(data.get(..1).unwrap_or(&[10]));
    with_header.resize(1024, 0);
    with_header.extend_from_slice(data);
    for bytes in [data, &with_header[..]] {
        match xqf::read(bytes) {
            Ok(record) => {
                assert_record_replays(&record);
                let again = xqf::read(&xqf::write(&record, XqfVersion::V18)).expect("reads back");
                assert_eq!(shape(&again.tree), shape(&record.tree));
            }
            Err(err) => {
                assert_error_bounded(&err.location, &err.to_string(), bytes.len());
                if let Some(partial) = &err.partial {
                    assert_record_replays(partial);
                }
            }
        }
    }
});
