//! Any bytes into the DhtmlXQ reader: no panic; errors inside the input with short messages; games and
//! partial games replay and survive writing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::dhtmlxq;
use xiangqi_fuzz::records::{assert_error_bounded, assert_record_replays, shape};

fuzz_target!(|data: &[u8]| {
    for game in dhtmlxq::read_bytes(data, None) {
        match game {
            Ok(record) => {
                assert_record_replays(&record);
                let mut again = dhtmlxq::read_str(&dhtmlxq::write(&record));
                let again = again.remove(0).expect("reads back");
                assert_eq!(shape(&again.tree), shape(&record.tree));
            }
            Err(err) => {
                assert_error_bounded(&err.location, &err.to_string(), data.len());
                if let Some(partial) = &err.partial {
                    assert_record_replays(partial);
                }
            }
        }
    }
});
