//! Any bytes into the XQF reader (with an XQF header in front half of the time): no panic; errors inside
//! the input with short messages; every line of a game (and of a partial game) replays; what was read
//! writes out and reads back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_core::xqf;
use xiangqi_fuzz::records::check_binary_read;

fuzz_target!(|data: &[u8]| {
    let mut with_header = Vec::with_capacity(1024 + data.len());
    with_header.extend_from_slice(b"XQ");
    with_header.extend_from_slice(data.get(..1).unwrap_or(&[10]));
    with_header.resize(1024, 0);
    with_header.extend_from_slice(data);
    for bytes in [data, &with_header[..]] {
        check_binary_read(bytes, xqf::read(bytes).map_err(Into::into));
    }
});
