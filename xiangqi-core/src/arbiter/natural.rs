//! The natural move limit (4.2.4, 23.3): sixty moves without a capture, the claimant's checks counting at most
//! ten.

/// Where a game stands against the natural move limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NaturalLimit {
    /// Plies since the last capture (soldier moves do not reset the count).
    pub plies_since_capture: u32,
    /// Checking moves of red and black in that span.
    pub checks: [u32; 2],
    /// The limit in plies.
    pub limit: u32,
    /// How many of the claimant's checks count.
    pub check_cap: u32,
    /// Whether red and black could claim the draw now.
    pub claimable_by: [bool; 2],
    /// Whether the draw is declared without a claim (the arbiter's configuration).
    pub automatic: bool,
}

impl NaturalLimit {
    pub(crate) fn new(plies_since_capture: u32, checks: [u32; 2], limit: u32, check_cap: u32, automatic: bool) -> Self {
        let counted = |c: u32| plies_since_capture.saturating_sub(2 * c.saturating_sub(check_cap));
        let claimable_by = [counted(checks[0]) >= limit, counted(checks[1]) >= limit];
        NaturalLimit { plies_since_capture, checks, limit, check_cap, claimable_by, automatic }
    }

    /// Whether either side could claim the draw.
    pub fn is_reached(&self) -> bool {
        self.claimable_by[0] || self.claimable_by[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_checks_count() {
        let n = NaturalLimit::new(120, [10, 0], 120, 10, true);
        assert_eq!(n.claimable_by, [true, true]);
        // Red's eleventh and twelfth checks (and their answers) do not count for a red claim.
        let n = NaturalLimit::new(120, [12, 3], 120, 10, true);
        assert_eq!(n.claimable_by, [false, true]);
        let n = NaturalLimit::new(124, [12, 3], 120, 10, true);
        assert_eq!(n.claimable_by, [true, true]);
        assert!(!NaturalLimit::new(119, [0, 0], 120, 10, true).is_reached());
    }
}
