//! Tag lines, read leniently: unescaped quotes inside values, values that continue on later lines.

/// Whether a trimmed line opens a tag: `[` and a letter.
pub(super) fn is_tag_line(trimmed: &str) -> bool {
    let mut chars = trimmed.chars();
    chars.next() == Some('[') && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
}

/// Whether a tag's text (one or more lines joined) is complete: it ends with `]`, and if it has an
/// opening quote, with `"` then spaces then `]`.
pub(super) fn is_complete(text: &str) -> bool {
    let trimmed = text.trim_end();
    let Some(body) = trimmed.strip_suffix(']') else { return false };
    match text.find('"') {
        Some(open) => {
            let before_bracket = body.trim_end();
            before_bracket.len() > open + 1 && before_bracket.ends_with('"')
        }
        None => true,
    }
}

/// Whether a one-line tag's text has its value closed but no `]`: `[Result "1-0"`. Such a line is taken
/// as a whole tag (with a warning), so that the lines after it are not read as its value.
pub(super) fn lacks_bracket(text: &str) -> bool {
    let trimmed = text.trim_end();
    !trimmed.contains('\n') && trimmed.matches('"').count() >= 2 && trimmed.ends_with('"')
}

/// Reads `[Name "value"]`: the value runs from the first quote after the name to the last quote that is
/// followed only by spaces and `]`, so quotes inside it need no escape; `\"` and `\\` are unescaped.
/// A value without quotes runs to the `]`. `None` if the text has no name.
pub(super) fn parse(text: &str) -> Option<(String, String)> {
    let (name, rest) = split_name(text)?;
    let body = rest.trim_end().strip_suffix(']').unwrap_or(rest).trim_end();
    let value = match body.find('"') {
        Some(open) => {
            let after = &body[open + 1..];
            after.strip_suffix('"').unwrap_or(after)
        }
        None => body.trim(),
    };
    Some((name.to_owned(), unescape(value)))
}

/// The name of a tag line, as [`parse`] reads it, without reading its value.
pub(super) fn name(text: &str) -> Option<&str> {
    split_name(text).map(|(name, _)| name)
}

/// A tag line's name and what follows it.
fn split_name(text: &str) -> Option<(&str, &str)> {
    let inner = text.trim().strip_prefix('[')?;
    // Byte by byte: the first byte of a character beyond ASCII ends the name as the character would.
    let name_len = inner.bytes().position(|b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    (name_len > 0).then(|| inner.split_at(name_len))
}

fn unescape(value: &str) -> String {
    if !value.contains('\\') {
        return value.to_owned();
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// Writes a tag line with `"` and `\` escaped.
pub(super) fn write(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\r' | '\n' => out.push(' '),
            _ => out.push(c),
        }
    }
    out.push_str("\"]");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(text: &str) -> (String, String) {
        parse(text).unwrap()
    }

    #[test]
    fn strict_and_lenient_values() {
        assert_eq!(tag(r#"[Red "许银川"]"#), ("Red".into(), "许银川".into()));
        assert_eq!(tag(r#"[Event "第25届"五羊杯"全国象棋冠军邀请赛"]"#).1, r#"第25届"五羊杯"全国象棋冠军邀请赛"#);
        assert_eq!(tag(r#"[Event "say \"hi\" \\ bye"]"#).1, r#"say "hi" \ bye"#);
        assert_eq!(tag("[Red \"\t吉林 洪智\"]").1, "\t吉林 洪智");
        assert_eq!(tag("[Date \"\n2005.01.18\"]").1, "\n2005.01.18");
        assert_eq!(tag("[Round 3]").1, "3");
        assert_eq!(tag(r#"[Date ""]"#).1, "");
        assert!(parse("[ \"x\"]").is_none());
    }

    #[test]
    fn completeness() {
        assert!(is_complete(r#"[Red "a"]"#));
        assert!(is_complete(r#"[Red "a"]  "#));
        assert!(!is_complete(r#"[Date ""#));
        assert!(!is_complete(r#"[Date "2005]"#));
        assert!(is_complete("[Round 3]"));
        assert!(!is_complete(r#"[Date "]"#));
        assert!(lacks_bracket(r#"[Result "1-0""#));
        assert!(!lacks_bracket(r#"[Date "2005"#));
        assert!(!lacks_bracket("[Date \"a\nb\""));
    }

    #[test]
    fn writing_escapes() {
        let mut out = String::new();
        write(&mut out, "Event", "a \"b\" \\ c\nd");
        assert_eq!(out, r#"[Event "a \"b\" \\ c d"]"#);
        assert_eq!(tag(&out).1, "a \"b\" \\ c d");
    }
}
