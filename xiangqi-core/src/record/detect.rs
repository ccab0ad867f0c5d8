//! Any record file: the format told from the content (the file name's extension only as a hint), then
//! the games read by the format's reader.

use core::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::chessbridge::{self, ChessBridgeError};
use crate::dhtmlxq::{self, DhtmlXqError};
use crate::encoding::TextEncoding;
use crate::pgn::{self, PgnError};
use crate::xqf::{self, XqfError};

use super::{GameRecord, Location};

/// How much of a file format detection looks at.
const DETECTION_PREFIX: u64 = 1024 * 1024;

/// A game record format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN text (any notation, any encoding).
    Pgn,
    /// XQStudio's binary XQF.
    Xqf,
    /// DhtmlXQ fields, usually inside a web page.
    DhtmlXq,
    /// ChessBridge's CBR (binary, one game), CBL (a library of CBR records) and CBF (XML) files.
    ChessBridge,
}

impl Format {
    /// The name: `PGN`, `XQF`, `DhtmlXQ`, `ChessBridge`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Pgn => "PGN",
            Format::Xqf => "XQF",
            Format::DhtmlXq => "DhtmlXQ",
            Format::ChessBridge => "ChessBridge",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The format of a record from its first bytes: XQF by its `XQ` signature, ChessBridge by its
/// `CCBridge` signature (CBR, CBL, and the containers that are refused) or a `<ChineseChessRecord`
/// element in the first kilobyte (CBF), DhtmlXQ by a `[DhtmlXQ` or `[DHJHtmlXQ` marker (in UTF-16
/// text with a byte-order mark too: [`dhtmlxq::contains_dhtmlxq`]), PGN otherwise. The extension
/// (`xqf`, any case) decides only a file too short to tell: an `.xqf` file without the signature is
/// still read as XQF, to get XQF's error.
///
/// ```
/// use xiangqi_core::record::{detect_format, Format};
/// assert_eq!(detect_format(b"XQ\x0a\x00", None), Format::Xqf);
/// assert_eq!(detect_format(b"<div>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]", None), Format::DhtmlXq);
/// assert_eq!(detect_format(b"[Event \"x\"]\n1. h2e2", Some("xqf")), Format::Pgn);
/// assert_eq!(detect_format(b"", Some("XQF")), Format::Xqf);
/// assert_eq!(detect_format(b"CCBridge Record\0", None), Format::ChessBridge);
/// assert_eq!(detect_format(b"\xFE\xFF\0[\0D\0h\0t\0m\0l\0X\0Q\0]", None), Format::DhtmlXq);
/// ```
pub fn detect_format(prefix: &[u8], extension: Option<&str>) -> Format {
    let head = &prefix[..prefix.len().min(1024)];
    if xqf::is_xqf(prefix) {
        Format::Xqf
    } else if prefix.starts_with(b"CCBridge") || head.windows(19).any(|w| w == b"<ChineseChessRecord") {
        Format::ChessBridge
    } else if dhtmlxq::contains_dhtmlxq(prefix) {
        Format::DhtmlXq
    } else if prefix.iter().all(u8::is_ascii_whitespace) && extension.is_some_and(|e| e.eq_ignore_ascii_case("xqf")) {
        Format::Xqf
    } else {
        Format::Pgn
    }
}

/// A game a record reader could not read, whatever the format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// From the PGN reader.
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// From the XQF reader.
    #[error(transparent)]
    Xqf(#[from] XqfError),
    /// From the DhtmlXQ reader.
    #[error(transparent)]
    DhtmlXq(#[from] DhtmlXqError),
    /// From the ChessBridge reader (CBR, CBL, CBF). The ChessBridge files that are recognised but
    /// refused (CBR layout versions 1 and 3, the `CCBridge\x15` container) are errors of this kind too,
    /// for which [`RecordError::is_unsupported`] is true: their location names the byte that tells.
    #[error(transparent)]
    ChessBridge(#[from] ChessBridgeError),
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// The source holds no game at all (it is empty, or only blank lines or text that is no record).
    #[error("no game in the {bytes} bytes of the source")]
    NoGame {
        /// The length of the source.
        bytes: u64,
    },
}

impl RecordError {
    /// Where the problem is (`None` for an I/O error).
    pub fn location(&self) -> Option<&Location> {
        match self {
            RecordError::Pgn(err) => Some(&err.location),
            RecordError::Xqf(err) => Some(&err.location),
            RecordError::DhtmlXq(err) => Some(&err.location),
            RecordError::ChessBridge(err) => Some(&err.location),
            RecordError::Io(_) | RecordError::NoGame { .. } => None,
        }
    }

    /// The game as read up to the problem, when there is one.
    pub fn partial(&self) -> Option<&GameRecord> {
        match self {
            RecordError::Pgn(err) => err.partial.as_deref(),
            RecordError::Xqf(err) => err.partial.as_deref(),
            RecordError::DhtmlXq(err) => err.partial.as_deref(),
            RecordError::ChessBridge(err) => err.partial.as_deref(),
            RecordError::Io(_) | RecordError::NoGame { .. } => None,
        }
    }

    /// Whether the source ends inside the game: a file cut short (XQF, PGN, ChessBridge), reported with the
    /// offset where the data stops and the game as read up to there (for a ChessBridge library, also a
    /// record its index announces past the end of the data).
    pub fn is_truncated(&self) -> bool {
        match self {
            RecordError::Pgn(err) => err.kind == pgn::PgnErrorKind::Truncated,
            RecordError::Xqf(err) => {
                matches!(err.kind, xqf::XqfErrorKind::Truncated | xqf::XqfErrorKind::TruncatedHeader)
            }
            RecordError::ChessBridge(err) => err.is_truncated(),
            _ => false,
        }
    }

    /// Whether the source is of a kind that is recognised but not read: a ChessBridge file the reader refuses
    /// (a CBR layout other than 2, a `CCBridge` container that is neither a record nor a library).
    ///
    /// ```
    /// use xiangqi_core::record::read_bytes;
    /// let (_, games) = read_bytes(b"CCBridge\x15\0\0\0\x03\0\0\0", None);
    /// let err = games[0].as_ref().unwrap_err();
    /// assert!(err.is_unsupported());
    /// assert_eq!(err.location().unwrap().byte_offset, 0);
    /// ```
    pub fn is_unsupported(&self) -> bool {
        matches!(self, RecordError::ChessBridge(err) if err.kind.is_unsupported())
    }
}

/// The games of a record source, in order ([`read_file`], [`Records::from_reader`]); PGN is streamed.
///
/// A source without any game gives one [`RecordError::NoGame`] item, so that an empty file is never
/// silently absent from what is read.
///
/// ```
/// use xiangqi_core::record::{RecordError, Records};
/// let mut games = Records::from_reader(&b"\n\n"[..], None, None, None)?;
/// assert!(matches!(games.next(), Some(Err(RecordError::NoGame { bytes: 2 }))));
/// assert!(games.next().is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Records {
    format: Format,
    inner: Inner,
    /// Items given so far, and the source's length when it was read whole (else the prefix's).
    given: usize,
    bytes: u64,
    ended: bool,
}

enum Inner {
    Pgn(Box<pgn::Reader<Box<dyn Read + Send>>>),
    /// An XQF file's bytes, its one game not yet read.
    Xqf(Option<Vec<u8>>),
    Read(std::vec::IntoIter<Result<GameRecord, RecordError>>),
}

/// A game of a [`Records`] source whose end has been found but whose moves may not have been read yet:
/// [`DeferredGame::finish`] reads them, on any thread. See [`Records::next_deferred`].
#[derive(Debug)]
pub enum DeferredGame {
    /// Read already (boxed: a deferred game is small until it is read).
    Read(Box<Result<GameRecord, RecordError>>),
    /// A PGN game, its lines read.
    Pgn(pgn::PendingGame),
    /// An XQF file's bytes.
    Xqf(Vec<u8>),
}

impl DeferredGame {
    /// The game, as [`Records`]'s iterator gives it.
    ///
    /// # Errors
    ///
    /// The game cannot be read whole.
    pub fn finish(self) -> Result<GameRecord, RecordError> {
        match self {
            DeferredGame::Read(read) => *read,
            DeferredGame::Pgn(pending) => pending.finish().map_err(RecordError::from),
            DeferredGame::Xqf(bytes) => xqf::read(&bytes).map_err(RecordError::from),
        }
    }
}

impl Records {
    /// Reads the games of any byte source: a file, a socket, bytes in memory, a caller's stream.
    ///
    /// The format is `format` when given, else told from the first megabyte by [`detect_format`] (with
    /// `extension`, of a file name, as a hint). `encoding` overrides the detection of text encodings (PGN,
    /// DhtmlXQ). PGN is then read one game at a time as the iterator advances; XQF, DhtmlXQ and
    /// ChessBridge are read whole now (a ChessBridge library gives one item per game of its index).
    ///
    /// ```
    /// use xiangqi_core::record::{Format, Records};
    ///
    /// let pgn = "[Event \"demo\"]\n\n1. h2e2 h9g7 *\n";
    /// let mut games = Records::from_reader(pgn.as_bytes(), None, None, None)?;
    /// assert_eq!(games.format(), Format::Pgn);
    /// assert_eq!(games.next().unwrap()?.main_line().count(), 2);
    /// assert!(games.next().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Only an error reading the source's first megabyte, or the whole of an XQF, DhtmlXQ or ChessBridge
    /// source; later read errors of a PGN stream arrive as items.
    pub fn from_reader<R: Read + Send + 'static>(
        mut source: R,
        format: Option<Format>,
        extension: Option<&str>,
        encoding: Option<TextEncoding>,
    ) -> io::Result<Records> {
        let mut prefix = Vec::new();
        (&mut source).take(DETECTION_PREFIX).read_to_end(&mut prefix)?;
        let mut bytes = prefix.len() as u64;
        // Without a DhtmlXQ marker in its first megabyte, text is taken for PGN.
        let format = format.unwrap_or_else(|| detect_format(&prefix, extension));
        let inner = match format {
            Format::Pgn => {
                let stream: Box<dyn Read + Send> = Box::new(io::Cursor::new(prefix).chain(source));
                Inner::Pgn(Box::new(pgn::Reader::with_encoding(stream, encoding)))
            }
            Format::Xqf => {
                source.read_to_end(&mut prefix)?;
                bytes = prefix.len() as u64;
                Inner::Xqf(Some(prefix))
            }
            Format::DhtmlXq | Format::ChessBridge => {
                source.read_to_end(&mut prefix)?;
                bytes = prefix.len() as u64;
                Inner::Read(read_whole(&prefix, format, encoding).into_iter())
            }
        };
        Ok(Records { format, inner, given: 0, bytes, ended: false })
    }

    /// The format the source was read in.
    pub fn format(&self) -> Format {
        self.format
    }
}

impl Records {
    /// The next game, its end found but its moves perhaps not yet read (PGN and XQF): the same items as the
    /// iterator, in the same order, once each is [finished](DeferredGame::finish). Finding where a game ends
    /// is cheap; reading its moves (notation, legality) is most of the cost, so a bulk reader can take the
    /// games of one source in order and finish them in parallel.
    ///
    /// ```
    /// use xiangqi_core::record::Records;
    /// let pgn = "1. h2e2 h9g7 *\n\n[Event \"2\"]\n1. h2h8 *\n";
    /// let mut games = Records::from_reader(pgn.as_bytes(), None, None, None)?;
    /// let found: Vec<_> = std::iter::from_fn(|| games.next_deferred()).collect();
    /// let read: Vec<_> = found.into_iter().map(|game| game.finish()).collect();
    /// assert!(read[0].is_ok() && read[1].is_err());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_deferred(&mut self) -> Option<DeferredGame> {
        if self.ended {
            return None;
        }
        let item = match &mut self.inner {
            Inner::Pgn(reader) => reader.next_pending().map(|r| match r {
                Ok(pending) => DeferredGame::Pgn(pending),
                Err(e) => DeferredGame::Read(Box::new(Err(RecordError::from(e)))),
            }),
            Inner::Xqf(bytes) => bytes.take().map(DeferredGame::Xqf),
            Inner::Read(games) => games.next().map(|read| DeferredGame::Read(Box::new(read))),
        };
        self.counted(item, |no_game| DeferredGame::Read(Box::new(Err(no_game))))
    }

    /// Counts an item given; at the end, a source that gave none gives one [`RecordError::NoGame`].
    fn counted<T>(&mut self, item: Option<T>, no_game: impl FnOnce(RecordError) -> T) -> Option<T> {
        match item {
            Some(item) => {
                self.given += 1;
                Some(item)
            }
            None => {
                self.ended = true;
                (self.given == 0).then(|| no_game(RecordError::NoGame { bytes: self.bytes }))
            }
        }
    }
}

impl Iterator for Records {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        let item = match &mut self.inner {
            Inner::Pgn(reader) => reader.next().map(|r| r.map_err(RecordError::from)),
            Inner::Xqf(bytes) => bytes.take().map(|bytes| xqf::read(&bytes).map_err(RecordError::from)),
            Inner::Read(games) => games.next(),
        };
        self.counted(item, Err)
    }
}

impl fmt::Debug for Records {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Records").field("format", &self.format).finish_non_exhaustive()
    }
}

/// Every game of a whole record in one format.
fn read_whole(bytes: &[u8], format: Format, encoding: Option<TextEncoding>) -> Vec<Result<GameRecord, RecordError>> {
    match format {
        Format::Pgn => pgn::Reader::with_encoding(bytes, encoding).map(|r| r.map_err(RecordError::from)).collect(),
        Format::Xqf => vec![xqf::read(bytes).map_err(RecordError::from)],
        Format::DhtmlXq => {
            dhtmlxq::read_bytes(bytes, encoding).into_iter().map(|r| r.map_err(RecordError::from)).collect()
        }
        Format::ChessBridge => chessbridge::read(bytes).into_iter().map(|r| r.map_err(RecordError::from)).collect(),
    }
}

/// Reads every game of a record held in memory, in the format [`detect_format`] finds.
///
/// ```
/// use xiangqi_core::record::{read_bytes, Format};
/// let (format, games) = read_bytes(b"1. h2e2 h9g7\n\n[Event \"2\"]\n1. h2h8", None);
/// assert_eq!(format, Format::Pgn);
/// assert_eq!(games.len(), 2);
/// assert!(games[0].is_ok());
/// let err = games[1].as_ref().unwrap_err();
/// assert_eq!(err.location().unwrap().game_index, 1);
/// ```
pub fn read_bytes(bytes: &[u8], extension: Option<&str>) -> (Format, Vec<Result<GameRecord, RecordError>>) {
    let format = detect_format(bytes, extension);
    (format, read_whole(bytes, format, None))
}

/// Opens a record file and reads its games one at a time, in the format [`detect_format`] finds (the
/// extension is a hint only). PGN is streamed from the file; XQF, DhtmlXQ and ChessBridge files are read
/// whole.
///
/// # Errors
///
/// The file cannot be opened or read.
pub fn read_file(path: impl AsRef<Path>) -> io::Result<Records> {
    let path = path.as_ref();
    let file = File::open(path)?;
    Records::from_reader(file, None, path.extension().and_then(|e| e.to_str()), None)
}
