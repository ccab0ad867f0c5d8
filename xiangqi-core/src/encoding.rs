//! Text encodings of game records: UTF-8 (with or without a byte-order mark), UTF-16, GBK (read as
//! GB18030) and Big5, detected from the bytes.
//!
//! A wrong decoder does not fail on Chinese text, it produces other characters, so detection scores
//! each candidate by how many of its characters fall in the standard's block of frequent characters.
//!
//! ```
//! use xiangqi_core::encoding::{self, TextEncoding};
//!
//! let big5 = b"\xac\xb6\xa4\x47\xa5\xad\xa4\xad"; // 炮二平五
//! let gbk = b"\xc5\xda\xb6\xfe\xc6\xbd\xce\xe5"; // 炮二平五
//! assert_eq!(encoding::detect(big5), TextEncoding::Big5);
//! assert_eq!(encoding::detect(gbk), TextEncoding::Gbk);
//! assert_eq!(encoding::detect("炮二平五".as_bytes()), TextEncoding::Utf8);
//! assert_eq!(encoding::decode(big5, TextEncoding::Big5).0, "炮二平五");
//! assert_eq!(encoding::decode(gbk, TextEncoding::Gbk).0, "炮二平五");
//! ```

use std::borrow::Cow;

use core::fmt;

use crate::quote::Quoted;

/// A text encoding of game records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8, with or without a byte-order mark (ASCII too).
    Utf8,
    /// UTF-16, little endian, with a byte-order mark.
    Utf16Le,
    /// UTF-16, big endian, with a byte-order mark.
    Utf16Be,
    /// GBK, decoded as its superset GB18030 (mainland Chinese software).
    Gbk,
    /// Big5 (traditional characters: Taiwan and Hong Kong).
    Big5,
}

impl TextEncoding {
    /// The label: `UTF-8`, `UTF-16LE`, `UTF-16BE`, `GBK`, `Big5`.
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
            TextEncoding::Gbk => "GBK",
            TextEncoding::Big5 => "Big5",
        }
    }

    pub(crate) fn codec(self) -> &'static encoding_rs::Encoding {
        match self {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Utf16Le => encoding_rs::UTF_16LE,
            TextEncoding::Utf16Be => encoding_rs::UTF_16BE,
            TextEncoding::Gbk => encoding_rs::GB18030,
            TextEncoding::Big5 => encoding_rs::BIG5,
        }
    }

    /// Whether every ASCII byte stands for itself and no byte `\n` belongs to a longer character, so
    /// that the bytes can be split into lines before decoding (every encoding here but UTF-16).
    pub const fn is_ascii_compatible(self) -> bool {
        !matches!(self, TextEncoding::Utf16Le | TextEncoding::Utf16Be)
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`TextEncoding`]'s `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown text encoding {} (expected utf-8, utf-16le, utf-16be, gbk, gb18030, gb2312 or big5)", Quoted(.0))]
pub struct UnknownEncodingError(pub String);

impl core::str::FromStr for TextEncoding {
    type Err = UnknownEncodingError;

    /// Reads a label, ignoring case, `-` and `_`: `utf8`, `UTF-8`, `gbk`, `gb18030`, `gb2312`, `big5`,
    /// `utf-16le`, `utf-16be`.
    fn from_str(text: &str) -> Result<TextEncoding, UnknownEncodingError> {
        let folded: String = text.chars().filter(|c| !matches!(c, '-' | '_')).collect::<String>().to_ascii_lowercase();
        Ok(match folded.as_str() {
            "utf8" => TextEncoding::Utf8,
            "utf16le" => TextEncoding::Utf16Le,
            "utf16be" => TextEncoding::Utf16Be,
            "gbk" | "gb18030" | "gb2312" | "cp936" => TextEncoding::Gbk,
            "big5" | "cp950" => TextEncoding::Big5,
            _ => return Err(UnknownEncodingError(text.to_owned())),
        })
    }
}

/// The encoding of a text: a byte-order mark if there is one, else UTF-8 if the bytes are valid UTF-8
/// (a character cut at the very end is allowed, so that a prefix of a file can be judged), else
/// whichever of GBK and Big5 scores higher.
///
/// The score of a candidate is `(frequent - 4 * replaced) / non_ascii` over its decoding: `frequent`
/// counts characters in the standard's block of frequent characters (GB2312 level 1, codes
/// `B0A1`..`D7FE`; Big5's frequently used characters, `A440`..`C67E`), `replaced` the bytes that do not
/// decode. Ties go to GBK.
pub fn detect(bytes: &[u8]) -> TextEncoding {
    if let Some(encoding) = bom(bytes) {
        return encoding;
    }
    match core::str::from_utf8(bytes) {
        Ok(_) => return TextEncoding::Utf8,
        Err(err) if err.error_len().is_none() => return TextEncoding::Utf8,
        Err(_) => {}
    }
    if score(bytes, TextEncoding::Big5) > score(bytes, TextEncoding::Gbk) {
        TextEncoding::Big5
    } else {
        TextEncoding::Gbk
    }
}

/// The encoding a byte-order mark at the start of `bytes` announces.
pub fn bom(bytes: &[u8]) -> Option<TextEncoding> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some(TextEncoding::Utf8),
        [0xFF, 0xFE, ..] => Some(TextEncoding::Utf16Le),
        [0xFE, 0xFF, ..] => Some(TextEncoding::Utf16Be),
        _ => None,
    }
}

/// What a byte may be in a double-byte encoding, one bit each: [`LEAD`], [`BIG5_TRAIL`], [`GBK_TRAIL`],
/// [`GBK_FREQUENT_TRAIL`]. Detection reads it instead of comparing ranges, byte by byte.
const BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0;
        if byte >= 0x81 && byte <= 0xFE {
            class |= LEAD;
        }
        if (byte >= 0x40 && byte <= 0x7E) || (byte >= 0xA1 && byte <= 0xFE) {
            class |= BIG5_TRAIL;
        }
        if (byte >= 0x40 && byte <= 0x7E) || (byte >= 0x80 && byte <= 0xFE) {
            class |= GBK_TRAIL;
        }
        if byte >= 0xA1 && byte <= 0xFE {
            class |= GBK_FREQUENT_TRAIL;
        }
        table[b] = class;
        b += 1;
    }
    table
};
/// `81`..`FE`: the first byte of a GBK or Big5 character.
const LEAD: u8 = 1;
/// `40`..`7E`, `A1`..`FE`.
const BIG5_TRAIL: u8 = 2;
/// `40`..`7E`, `80`..`FE`.
const GBK_TRAIL: u8 = 4;
/// `A1`..`FE`: the second byte of a GB2312 character.
const GBK_FREQUENT_TRAIL: u8 = 8;

/// Detection's score of one double-byte candidate, in thousandths.
fn score(bytes: &[u8], encoding: TextEncoding) -> i64 {
    let big5 = encoding == TextEncoding::Big5;
    let (trail_bit, frequent_trail_bit) = if big5 { (BIG5_TRAIL, BIG5_TRAIL) } else { (GBK_TRAIL, GBK_FREQUENT_TRAIL) };
    let (frequent_first, frequent_last) = if big5 { (0xA440u16, 0xC67Eu16) } else { (0xB0A1, 0xD7FE) };
    let (mut frequent, mut replaced, mut non_ascii) = (0i64, 0i64, 0i64);
    let mut i = 0;
    while i < bytes.len() {
        let lead = bytes[i];
        if lead < 0x80 {
            i += 1;
            continue;
        }
        non_ascii += 1;
        let Some(&trail) = bytes.get(i + 1) else {
            replaced += 1;
            break;
        };
        // Counted without branches: a pair that does not decode is one replaced byte, and reading goes
        // on at its second byte.
        let (lead_class, trail_class) = (BYTE_CLASS[usize::from(lead)], BYTE_CLASS[usize::from(trail)]);
        let valid = lead_class & LEAD & u8::from(trail_class & trail_bit != 0);
        let code = u16::from(lead) << 8 | u16::from(trail);
        let in_block = code.wrapping_sub(frequent_first) <= frequent_last - frequent_first;
        let is_frequent = valid & u8::from(in_block) & u8::from(trail_class & frequent_trail_bit != 0);
        frequent += i64::from(is_frequent);
        replaced += i64::from(valid ^ 1);
        i += 1 + usize::from(valid);
    }
    if non_ascii == 0 {
        return 0;
    }
    (frequent - 4 * replaced) * 1000 / non_ascii
}

/// The length of the byte-order mark at the start of `bytes` that [`decode`] drops for this encoding (0
/// when there is none, or when it announces another encoding).
fn bom_len(bytes: &[u8], encoding: TextEncoding) -> usize {
    match bom(bytes) {
        Some(TextEncoding::Utf8) if encoding == TextEncoding::Utf8 => 3,
        Some(found) if found == encoding => 2,
        _ => 0,
    }
}

/// Decodes a text (after removing a byte-order mark). Bytes that do not decode become U+FFFD; the flag
/// says whether there were any.
pub fn decode(bytes: &[u8], encoding: TextEncoding) -> (Cow<'_, str>, bool) {
    encoding.codec().decode_without_bom_handling(&bytes[bom_len(bytes, encoding)..])
}

/// The offsets in `bytes` of the characters that start at `offsets` (in increasing order) in their
/// decoding by [`decode`] (which drops a byte-order mark): the decoder is run again, once, up to the
/// last of them. Where bytes did not decode, the offset is that of the bytes the replacement came from,
/// within a character.
pub(crate) fn source_offsets(bytes: &[u8], encoding: TextEncoding, offsets: &[usize]) -> Vec<usize> {
    let mark = bom_len(bytes, encoding);
    let rest = &bytes[mark..];
    if encoding == TextEncoding::Utf8 && core::str::from_utf8(rest).is_ok() {
        return offsets.iter().map(|&offset| mark + offset.min(rest.len())).collect();
    }
    let mut found = Vec::with_capacity(offsets.len());
    let mut wanted = offsets.iter().copied().peekable();
    let mut decoder = encoding.codec().new_decoder_without_bom_handling();
    let mut produced = 0;
    let mut out = String::with_capacity(16);
    for (i, byte) in rest.iter().enumerate() {
        while wanted.next_if(|&offset| offset <= produced).is_some() {
            found.push(mark + i);
        }
        if wanted.peek().is_none() {
            break;
        }
        out.clear();
        let _ = decoder.decode_to_string(core::slice::from_ref(byte), &mut out, false);
        produced += out.len();
    }
    found.resize(offsets.len(), mark + rest.len());
    found
}

/// Where the first bytes that do not decode are: their offset in `bytes` and the offset in the decoding
/// by [`decode`] of the U+FFFD that stands for them. `None` when every byte decodes.
pub(crate) fn first_undecodable(bytes: &[u8], encoding: TextEncoding) -> Option<(usize, usize)> {
    let mark = bom_len(bytes, encoding);
    let rest = &bytes[mark..];
    let mut decoder = encoding.codec().new_decoder_without_bom_handling();
    let mut out = String::with_capacity(decoder.max_utf8_buffer_length_without_replacement(rest.len()).unwrap_or(0));
    let mut read = 0;
    loop {
        let (result, just_read) =
            decoder.decode_to_string_without_replacement(rest.get(read..).unwrap_or_default(), &mut out, true);
        read += just_read;
        match result {
            encoding_rs::DecoderResult::InputEmpty => return None,
            encoding_rs::DecoderResult::OutputFull => out.reserve(out.capacity().max(64)),
            encoding_rs::DecoderResult::Malformed(bad, after) => {
                let start = read.saturating_sub(usize::from(bad) + usize::from(after));
                return Some((mark + start, out.len()));
            }
        }
    }
}

/// Encodes a text. Characters the encoding cannot hold become numeric character references
/// (`&#12345;`), as `encoding_rs` does; UTF-16 targets are written as UTF-8. The flag says whether
/// any character was replaced.
pub fn encode(text: &str, encoding: TextEncoding) -> (Cow<'_, [u8]>, bool) {
    if encoding == TextEncoding::Gbk && text.contains(REPLACEMENT) {
        let (bytes, replaced) = encode_gbk_with_replacements(text);
        return (Cow::Owned(bytes), replaced);
    }
    let (bytes, _, replaced) = encoding.codec().encode(text);
    (bytes, replaced)
}

const REPLACEMENT: char = '\u{FFFD}';

/// U+FFFD in GBK as the encoder writes it: its GB18030 four-byte code.
const GBK_REPLACEMENT: [u8; 4] = [0x84, 0x31, 0xA4, 0x37];

/// GBK text holding U+FFFD (text that did not decode, read back from a record): the encoder finds the
/// four-byte code of U+FFFD by a search through the GB18030 ranges, which made writing a comment of many
/// replaced bytes cost tens of nanoseconds a character; the same bytes are written directly.
fn encode_gbk_with_replacements(text: &str) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(text.len());
    let mut replaced = false;
    for (i, piece) in text.split(REPLACEMENT).enumerate() {
        if i > 0 {
            out.extend_from_slice(&GBK_REPLACEMENT);
        }
        if !piece.is_empty() {
            let (bytes, _, piece_replaced) = TextEncoding::Gbk.codec().encode(piece);
            out.extend_from_slice(&bytes);
            replaced |= piece_replaced;
        }
    }
    (out, replaced)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The score as first written, range by range: the table-driven one must agree with it.
    fn reference_score(bytes: &[u8], encoding: TextEncoding) -> i64 {
        let (mut frequent, mut replaced, mut non_ascii) = (0i64, 0i64, 0i64);
        let mut i = 0;
        while i < bytes.len() {
            let lead = bytes[i];
            if lead < 0x80 {
                i += 1;
                continue;
            }
            non_ascii += 1;
            let Some(&trail) = bytes.get(i + 1) else {
                replaced += 1;
                break;
            };
            let code = u16::from(lead) << 8 | u16::from(trail);
            let valid = match encoding {
                TextEncoding::Big5 => (0x81..=0xFE).contains(&lead) && matches!(trail, 0x40..=0x7E | 0xA1..=0xFE),
                _ => (0x81..=0xFE).contains(&lead) && matches!(trail, 0x40..=0x7E | 0x80..=0xFE),
            };
            if !valid {
                replaced += 1;
                i += 1;
                continue;
            }
            let is_frequent = match encoding {
                TextEncoding::Big5 => (0xA440..=0xC67E).contains(&code),
                _ => (0xB0A1..=0xD7FE).contains(&code) && (0xA1..=0xFE).contains(&trail),
            };
            frequent += i64::from(is_frequent);
            i += 2;
        }
        if non_ascii == 0 {
            return 0;
        }
        (frequent - 4 * replaced) * 1000 / non_ascii
    }

    #[test]
    fn table_score_agrees_with_ranges() {
        // Pseudo-random bytes, dense in the double-byte ranges; every pair of bytes once; runs of ASCII of
        // every length up to 37 between double-byte ones.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut bytes = Vec::new();
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push((state >> 24) as u8);
        }
        let pairs: Vec<u8> = (0..=0xFFFFu32).flat_map(|code| [(code >> 8) as u8, code as u8]).collect();
        let ascii = b"1. h2e2 [Event \"x\"]\n abcdefghijklmnop";
        let mixed: Vec<u8> =
            bytes.chunks(3).enumerate().flat_map(|(n, pair)| [&ascii[..n % 38], pair].concat()).collect();
        for sample in [&bytes[..], &pairs[..], &mixed[..], &bytes[..1001], &pairs[1..7777], b"abc", &[0xA4][..], &[]] {
            for encoding in [TextEncoding::Big5, TextEncoding::Gbk] {
                assert_eq!(score(sample, encoding), reference_score(sample, encoding), "{encoding}");
                for chunk in sample.chunks(97) {
                    assert_eq!(score(chunk, encoding), reference_score(chunk, encoding), "{encoding}");
                }
            }
        }
    }

    #[test]
    fn gbk_replacement_characters_encode_as_the_encoder_writes_them() {
        for text in
            ["\u{FFFD}", "a\u{FFFD}\u{FFFD}b", "炮\u{FFFD}二平五\u{FFFD}", "\u{FFFD}x\u{FFFD}", "\u{FFFD}\u{1F600}"]
        {
            let (expected, _, replaced) = TextEncoding::Gbk.codec().encode(text);
            assert_eq!(encode(text, TextEncoding::Gbk), (expected, replaced), "{text:?}");
            assert_eq!(decode(&encode(text, TextEncoding::Gbk).0, TextEncoding::Gbk).0, text);
        }
    }

    #[test]
    fn byte_order_marks_win() {
        assert_eq!(detect(b"\xEF\xBB\xBF[Game]"), TextEncoding::Utf8);
        assert_eq!(detect(b"\xFF\xFE[\x00"), TextEncoding::Utf16Le);
        assert_eq!(decode(b"\xEF\xBB\xBFab", TextEncoding::Utf8).0, "ab");
        assert_eq!(decode(b"\xFF\xFEa\x00", TextEncoding::Utf16Le).0, "a");
    }

    #[test]
    fn offsets_map_back_to_the_bytes() {
        let text = "ab炮\nc";
        let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let decoded_offsets = [0, 1, 2, 5, 6, 7];
        assert_eq!(source_offsets(&utf16, TextEncoding::Utf16Le, &decoded_offsets), [2, 4, 6, 8, 10, 12]);
        let gbk = encode(text, TextEncoding::Gbk).0;
        assert_eq!(source_offsets(&gbk, TextEncoding::Gbk, &decoded_offsets), [0, 1, 2, 4, 5, 6]);
        let utf8 = [b"\xEF\xBB\xBF", text.as_bytes()].concat();
        assert_eq!(source_offsets(&utf8, TextEncoding::Utf8, &[0, 5, 99]), [3, 8, 10]);
    }

    #[test]
    fn the_first_bytes_that_do_not_decode() {
        assert_eq!(first_undecodable(b"abc", TextEncoding::Utf8), None);
        assert_eq!(first_undecodable(b"\xEF\xBB\xBFab\xFFc\xFF", TextEncoding::Utf8), Some((5, 2)));
        assert_eq!(first_undecodable(b"\xC5\xDAx\x81", TextEncoding::Gbk), Some((3, 4)));
        assert_eq!(first_undecodable(b"\xFF\xFEa\x00\x00\xDCb\x00", TextEncoding::Utf16Le), Some((4, 1)));
    }

    #[test]
    fn a_cut_character_at_the_end_is_still_utf8() {
        let text = "炮二平五".as_bytes();
        assert_eq!(detect(&text[..text.len() - 1]), TextEncoding::Utf8);
    }

    #[test]
    fn traditional_and_simplified_text_is_told_apart() {
        let traditional = "[Event \"象棋\"]\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n";
        let simplified = "[Event \"象棋\"]\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n";
        let (big5, _) = encode(traditional, TextEncoding::Big5);
        let (gbk, _) = encode(simplified, TextEncoding::Gbk);
        assert_eq!(detect(&big5), TextEncoding::Big5);
        assert_eq!(detect(&gbk), TextEncoding::Gbk);
        assert_eq!(decode(&big5, TextEncoding::Big5), (traditional.into(), false));
    }

    fn source_offset(bytes: &[u8], encoding: TextEncoding, offset: usize) -> usize {
        source_offsets(bytes, encoding, &[offset])[0]
    }

    #[test]
    fn offsets_in_the_source() {
        let text = "[Red \"胡荣华\"] h2e2";
        let at = text.find("h2e2").unwrap();
        let (gbk, _) = encode(text, TextEncoding::Gbk);
        assert_eq!(source_offset(&gbk, TextEncoding::Gbk, at), at - 3);
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend_from_slice(text.as_bytes());
        assert_eq!(source_offset(&with_bom, TextEncoding::Utf8, at), at + 3);
        let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        assert_eq!(source_offset(&utf16, TextEncoding::Utf16Le, at), 2 + 2 * (at - 6));
        // An undecodable byte before the character.
        let mut bad = gbk.to_vec();
        bad.insert(1, 0xFF);
        let (decoded, lossy) = decode(&bad, TextEncoding::Gbk);
        assert!(lossy);
        let at = decoded.find("h2e2").unwrap();
        assert_eq!(source_offset(&bad, TextEncoding::Gbk, at), gbk.len() + 1 - 4);
    }

    #[test]
    fn labels() {
        assert_eq!("GB-2312".parse(), Ok(TextEncoding::Gbk));
        assert_eq!("Big5".parse(), Ok(TextEncoding::Big5));
        assert!("latin1".parse::<TextEncoding>().is_err());
    }
}
