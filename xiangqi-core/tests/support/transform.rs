//! Board transformations for the metamorphic tests: the left-right mirror and the colour swap (the board
//! turned half a turn with the colours exchanged). Written on FEN text and ICCS moves so that the library's
//! own code is not used to check itself.

#![allow(dead_code)]

/// The FEN's placement as ten ranks (rank 9 first) of nine cells each.
fn cells(fen: &str) -> Vec<Vec<char>> {
    let placement = fen.split_whitespace().next().expect("placement");
    placement
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => row.extend(std::iter::repeat_n('.', n as usize)),
                    None => row.push(c),
                }
            }
            assert_eq!(row.len(), 9, "rank {rank:?} of {fen:?}");
            row
        })
        .collect()
}

fn placement(rows: &[Vec<char>]) -> String {
    let mut out = Vec::new();
    for row in rows {
        let mut text = String::new();
        let mut empty = 0;
        for &c in row {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(c);
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        out.push(text);
    }
    out.join("/")
}

fn rest(fen: &str) -> Vec<&str> {
    fen.split_whitespace().skip(1).collect()
}

/// The position mirrored left to right (file a becomes file i).
pub fn mirror_fen(fen: &str) -> String {
    let rows: Vec<Vec<char>> = cells(fen).into_iter().map(|r| r.into_iter().rev().collect()).collect();
    let mut parts = vec![placement(&rows)];
    parts.extend(rest(fen).into_iter().map(str::to_string));
    parts.join(" ")
}

/// The position turned half a turn with the colours exchanged: black's game becomes red's.
pub fn swap_colours_fen(fen: &str) -> String {
    let rows: Vec<Vec<char>> = cells(fen)
        .into_iter()
        .rev()
        .map(|r| {
            r.into_iter()
                .rev()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let mut parts = vec![placement(&rows)];
    let mut fields = rest(fen);
    let side = match fields.first().copied() {
        Some("b") => "w",
        _ => "b",
    };
    if fields.is_empty() {
        fields.push(side);
    } else {
        fields[0] = side;
    }
    parts.extend(fields.into_iter().map(str::to_string));
    parts.join(" ")
}

fn map_square(sq: &str, file: impl Fn(u8) -> u8, rank: impl Fn(u8) -> u8) -> String {
    let b = sq.as_bytes();
    let f = file(b[0] - b'a');
    let r = rank(b[1] - b'0');
    format!("{}{}", (b'a' + f) as char, r)
}

/// An ICCS move mirrored left to right.
pub fn mirror_move(m: &str) -> String {
    let (from, to) = m.split_at(2);
    map_square(from, |f| 8 - f, |r| r) + &map_square(to, |f| 8 - f, |r| r)
}

/// An ICCS move turned half a turn.
pub fn swap_colours_move(m: &str) -> String {
    let (from, to) = m.split_at(2);
    map_square(from, |f| 8 - f, |r| 9 - r) + &map_square(to, |f| 8 - f, |r| 9 - r)
}

/// A verdict summary with the sides exchanged.
pub fn swap_verdict(v: &str) -> String {
    v.replace("red", "\u{0}").replace("black", "red").replace('\u{0}', "black")
}

#[test]
fn transforms_are_involutions() {
    let fen = "2b1kr3/1r2a4/4ba3/1N1R5/9/4p4/9/4B4/4A4/3AK1B2 w - - 0 1";
    assert_eq!(mirror_fen(&mirror_fen(fen)), fen);
    assert_eq!(swap_colours_fen(&swap_colours_fen(fen)), fen);
    assert_eq!(swap_colours_fen(fen), "2b1ka3/4a4/4b4/9/4P4/9/5r1n1/3AB4/4A2R1/3RK1B2 b - - 0 1");
    assert_eq!(mirror_move("a0b2"), "i0h2");
    assert_eq!(swap_colours_move("a0b2"), "i9h7");
    assert_eq!(swap_verdict("red loses"), "black loses");
}
