//! Opening a record source (a file, bytes held in memory, a Python binary file object) as a stream of games:
//! the format is told from the first megabyte, PGN is then read as a stream, XQF, DhtmlXQ and ChessBridge
//! whole.

use std::io::{self, Read};

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::record::{Format, GameRecord, RecordError, Records};

/// The games of one source, in order.
pub type GameStream = Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + Send>;

/// A Python binary file object read through its `read(n)` method.
pub struct PyFileReader(pub Py<PyAny>);

impl Read for PyFileReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let chunk = self.0.bind(py).call_method1("read", (buf.len(),)).map_err(io::Error::other)?;
            let bytes = chunk.cast::<PyBytes>().map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "the file object's read() must return bytes (open it in 'rb' mode)",
                )
            })?;
            let data = bytes.as_bytes();
            let n = data.len().min(buf.len());
            buf[..n].copy_from_slice(&data[..n]);
            Ok(n)
        })
    }
}

/// Opens a stream of games from `source`. `extension` (of a file name) decides only a source too short to
/// tell; `encoding` overrides the detection of text encodings.
pub fn open_games<R: Read + Send + 'static>(
    source: R,
    extension: Option<&str>,
    encoding: Option<TextEncoding>,
) -> io::Result<(Format, GameStream)> {
    let records = Records::from_reader(source, None, extension, encoding)?;
    Ok((records.format(), Box::new(records)))
}
