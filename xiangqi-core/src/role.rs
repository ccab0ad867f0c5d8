use core::fmt;

/// The seven kinds of piece.
///
/// FEN letters follow the common convention `K A B N R C P`; readers also accept `H` for the horse and `E`
/// for the elephant.
///
/// ```
/// use xiangqi_core::Role;
/// assert_eq!(Role::from_char('h'), Some(Role::Horse));
/// assert_eq!(Role::Chariot.char(), 'r');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Role {
    /// 帥/將: the general (king), confined to the palace.
    General = 0,
    /// 仕/士: the advisor, diagonal steps inside the palace.
    Advisor = 1,
    /// 相/象: the elephant, two diagonal steps on its own side, blocked by the "eye".
    Elephant = 2,
    /// 傌/馬: the horse, blocked by the "leg".
    Horse = 3,
    /// 俥/車: the chariot (rook).
    Chariot = 4,
    /// 炮/砲: the cannon, moves like a chariot, captures over exactly one screen.
    Cannon = 5,
    /// 兵/卒: the soldier, sideways only after crossing the river.
    Soldier = 6,
}

impl Role {
    /// All roles in declaration order.
    pub const ALL: [Role; 7] =
        [Role::General, Role::Advisor, Role::Elephant, Role::Horse, Role::Chariot, Role::Cannon, Role::Soldier];

    /// The lower-case FEN letter (`k a b n r c p`).
    pub const fn char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// The upper-case FEN letter (`K A B N R C P`).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads a FEN letter of either case; `h`/`e` are accepted for horse/elephant.
    pub const fn from_char(ch: char) -> Option<Role> {
        match ch.to_ascii_lowercase() {
            'k' => Some(Role::General),
            'a' => Some(Role::Advisor),
            'b' | 'e' => Some(Role::Elephant),
            'n' | 'h' => Some(Role::Horse),
            'r' => Some(Role::Chariot),
            'c' => Some(Role::Cannon),
            'p' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// How many pieces of this role one side has at the start (and at most).
    pub const fn max_count(self) -> u8 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// Index 0..7 in declaration order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
