//! The common tags as typed columns, every other tag kept as a name-value pair.

use xiangqi_core::record::Tags;

/// The tags of a game: the ones every database has, typed, and the rest as they were read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FixedTags {
    /// `Event`.
    pub event: Option<String>,
    /// `Site`.
    pub site: Option<String>,
    /// `Date` as written.
    pub date: Option<String>,
    /// `Date` as days since 1970-01-01, when it names a whole day (see [`parse_date`]).
    pub date_days: Option<i32>,
    /// `Round`.
    pub round: Option<String>,
    /// `Red`.
    pub red: Option<String>,
    /// `Black`.
    pub black: Option<String>,
    /// `RedElo` as an integer (a value that is no integer stays in `other` under its name).
    pub red_elo: Option<i32>,
    /// `BlackElo` as an integer (likewise).
    pub black_elo: Option<i32>,
    /// `Result` as written.
    pub result: Option<String>,
    /// `Opening`.
    pub opening: Option<String>,
    /// `ECCO`.
    pub ecco: Option<String>,
    /// Every other tag, in the order read.
    pub other: Vec<(String, String)>,
}

impl FixedTags {
    /// Sorts a record's tags into the fixed columns and the rest.
    pub fn from_tags(tags: &Tags) -> FixedTags {
        let mut fixed = FixedTags::default();
        for (name, value) in tags.iter() {
            let text = || Some(value.to_owned());
            match name {
                "Event" => fixed.event = text(),
                "Site" => fixed.site = text(),
                "Date" => {
                    fixed.date = text();
                    fixed.date_days = parse_date(value);
                }
                "Round" => fixed.round = text(),
                "Red" => fixed.red = text(),
                "Black" => fixed.black = text(),
                "RedElo" | "BlackElo" => match value.trim().parse::<i32>() {
                    Ok(elo) if name == "RedElo" => fixed.red_elo = Some(elo),
                    Ok(elo) => fixed.black_elo = Some(elo),
                    Err(_) if value.trim().is_empty() => {}
                    Err(_) => fixed.other.push((name.to_owned(), value.to_owned())),
                },
                "Result" => fixed.result = text(),
                "Opening" => fixed.opening = text(),
                "ECCO" => fixed.ecco = text(),
                _ => fixed.other.push((name.to_owned(), value.to_owned())),
            }
        }
        fixed
    }
}

/// A date as days since 1970-01-01: year, month and day as numbers separated by `.`, `-`, `/` or
/// written `2005年1月18日`; `None` for a partial date (`2005.??.??`) or one that does not exist.
///
/// ```
/// use xiangqi_corpus::parse_date;
/// assert_eq!(parse_date("1970.01.02"), Some(1));
/// assert_eq!(parse_date("2005-01-18"), Some(12801));
/// assert_eq!(parse_date("2005年1月18日"), Some(12801));
/// assert_eq!(parse_date("2005.??.??"), None);
/// assert_eq!(parse_date("2005.02.30"), None);
/// ```
pub fn parse_date(text: &str) -> Option<i32> {
    let parts: Vec<&str> = text.trim().split(['.', '-', '/', '年', '月', '日']).filter(|p| !p.is_empty()).collect();
    let [year, month, day] = parts[..] else { return None };
    let (year, month, day) = (year.parse::<i32>().ok()?, month.parse::<u32>().ok()?, day.parse::<u32>().ok()?);
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) || !(1000..=9999).contains(&year) {
        return None;
    }
    Some(days_from_civil(year, month, day))
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (H. Hinnant's algorithm).
fn days_from_civil(year: i32, month: u32, day: u32) -> i32 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = month as i32;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i32 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        assert_eq!(parse_date("2000.02.29"), Some(11_016));
        assert_eq!(parse_date("1900.02.29"), None);
    }

    #[test]
    fn sorting_tags() {
        let mut tags = Tags::default();
        tags.set("Red", "许银川");
        tags.set("RedElo", "2600");
        tags.set("BlackElo", "n/a");
        tags.set("Annotator", "x");
        let fixed = FixedTags::from_tags(&tags);
        assert_eq!(fixed.red.as_deref(), Some("许银川"));
        assert_eq!(fixed.red_elo, Some(2600));
        assert_eq!(fixed.black_elo, None);
        assert_eq!(fixed.other, [("BlackElo".to_owned(), "n/a".to_owned()), ("Annotator".to_owned(), "x".to_owned())]);
    }
}
