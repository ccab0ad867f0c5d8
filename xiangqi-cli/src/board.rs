//! `xiangqi show`: a position drawn with Chinese glyphs, red pieces in red when the output is a terminal.

use std::io::IsTerminal;

use xiangqi_core::{notation, Color, Piece, Position, Role, Square};

use crate::Failure;

/// The arguments of `show`.
#[derive(clap::Args)]
pub struct Args {
    /// Moves to play first, in any notation.
    moves: Vec<String>,
    /// The position (default: the standard one).
    #[arg(long)]
    fen: Option<String>,
    /// Colours: always, never, or auto (when standard output is a terminal).
    #[arg(long, default_value = "auto")]
    color: String,
}

/// The glyph of a piece: 帥仕相傌俥炮兵 for red, 將士象馬車砲卒 for black.
pub fn glyph(piece: Piece) -> char {
    let (red, black) = match piece.role {
        Role::General => ('帥', '將'),
        Role::Advisor => ('仕', '士'),
        Role::Elephant => ('相', '象'),
        Role::Horse => ('傌', '馬'),
        Role::Chariot => ('俥', '車'),
        Role::Cannon => ('炮', '砲'),
        Role::Soldier => ('兵', '卒'),
    };
    if piece.color == Color::Red {
        red
    } else {
        black
    }
}

/// The board, black at the top, with ICCS file letters and rank digits; `color` wraps red pieces in red
/// and black pieces in bold.
pub fn draw(pos: &Position, color: bool) -> String {
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9u8 {
            let sq = Square::from_coords(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                Some(piece) if color && piece.color == Color::Red => {
                    out.push_str(&format!("\x1b[31m{}\x1b[0m", glyph(piece)))
                }
                Some(piece) if color => out.push_str(&format!("\x1b[1m{}\x1b[0m", glyph(piece))),
                Some(piece) => out.push(glyph(piece)),
                None => out.push('・'),
            }
        }
        out.push('\n');
        if rank == 5 {
            out.push_str("  ～～～～楚河　漢界～～～～\n");
        }
    }
    out.push_str("  ａｂｃｄｅｆｇｈｉ\n");
    out
}

/// Runs `show`.
pub fn run(args: Args) -> Result<u8, Failure> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| Failure::usage(format!("--fen: {e}")))?,
        None => Position::default(),
    };
    for (ply, text) in args.moves.iter().enumerate() {
        let m = notation::parse(&pos, text).map_err(|e| Failure::usage(format!("ply {}: {text}: {e}", ply + 1)))?;
        pos.play_unchecked(m);
    }
    let color = match args.color.as_str() {
        "always" => true,
        "never" => false,
        "auto" => std::io::stdout().is_terminal(),
        other => return Err(Failure::usage(format!("--color {other:?}: expected always, never or auto"))),
    };
    print!("{}", draw(&pos, color));
    println!("{}", pos.fen());
    Ok(0)
}
