//! Escapes in text values: `||` for a line break, `\uXXXX` for a UTF-16 code unit, and values that are
//! percent-encoded as a whole.

/// Decodes a text value (an information field or a comment).
///
/// A value is percent-decoded first when it is clearly percent-encoded: it is ASCII without
/// whitespace, it has at least one `%`, every `%` starts a `%XX` pair of hexadecimal digits, and the
/// decoded bytes are UTF-8. Then `||` becomes a line break and `\uXXXX` its character (a surrogate pair
/// written as two escapes becomes one character; a lone surrogate becomes U+FFFD).
pub(super) fn decode(value: &str) -> String {
    match percent_decoded(value) {
        Some(decoded) => unescape(&decoded),
        None => unescape(value),
    }
}

fn hex_digit(b: u8) -> Option<u8> {
    char::from(b).to_digit(16).map(|d| d as u8)
}

fn percent_decoded(value: &str) -> Option<String> {
    if !value.contains('%') || !value.is_ascii() || value.bytes().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let high = hex_digit(*bytes.get(i + 1)?)?;
            let low = hex_digit(*bytes.get(i + 2)?)?;
            out.push(high << 4 | low);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The code unit of a `\uXXXX` escape at the start of `text`.
fn escaped_unit(text: &str) -> Option<u32> {
    let digits = text.strip_prefix("\\u")?.get(..4)?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}

const ESCAPE_LEN: usize = "\\uXXXX".len();

fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find(['|', '\\']) {
        let (plain, tail) = rest.split_at(i);
        out.push_str(plain);
        if let Some(after) = tail.strip_prefix("||") {
            out.push('\n');
            rest = after;
        } else if let Some(unit) = escaped_unit(tail) {
            rest = tail.get(ESCAPE_LEN..).unwrap_or_default();
            let low = escaped_unit(rest).filter(|low| (0xDC00..0xE000).contains(low));
            let c = match (unit, low) {
                (0xD800..=0xDBFF, Some(low)) => {
                    rest = rest.get(ESCAPE_LEN..).unwrap_or_default();
                    char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                }
                _ => char::from_u32(unit),
            };
            out.push(c.unwrap_or(char::REPLACEMENT_CHARACTER));
        } else {
            let (c, after) = tail.split_at(1);
            out.push_str(c);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Encodes a text value so that [`decode`] gives it back, line breaks aside: `\r\n`, `\r` and `\n` all
/// become `||` (read back as `\n`). The characters that would end the value or start an escape
/// (`[`, `]`, `|`, `\`, `%`) are written as `\uXXXX`.
pub(super) fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("||");
            }
            '\n' => out.push_str("||"),
            '[' | ']' | '|' | '\\' | '%' => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(decode("a||b|c"), "a\nb|c");
        assert_eq!(decode("\\u7EA2\\u5148 \\u12"), "红先 \\u12");
        assert_eq!(decode("\\uD83C\\uDC04 \\uD83C"), "\u{1F004} \u{FFFD}");
        assert_eq!(decode("http%3A//www.dpxq.com/%0D%0A"), "http://www.dpxq.com/\r\n");
        assert_eq!(decode("50% 100%"), "50% 100%");
        assert_eq!(decode("%ZZ"), "%ZZ");
        assert_eq!(decode("%E7%BA%A2"), "红");
        assert_eq!(decode("%FF"), "%FF");
    }

    #[test]
    fn encoding_reads_back() {
        for text in ["plain", "two\nlines", "[x] | \\u0041 % %41 ||", "红先\u{1F004}"] {
            assert_eq!(decode(&encode(text)), text, "{text:?}");
        }
        assert_eq!(encode("a\r\nb\rc"), "a||b||c");
    }
}
