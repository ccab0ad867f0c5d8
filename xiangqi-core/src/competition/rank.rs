//! Ranking by a chain of criteria, ties split criterion by criterion; criteria may depend on the group still
//! tied (head-to-head).

/// A place in the standings: 1-based, and whether others share it (名次并列, 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The place.
    pub place: usize,
    /// Whether another entrant has the same place.
    pub shared: bool,
}

/// Orders `entrants` (indices, in increasing order) by `value(criterion, entrant, tied_group)` (higher
/// first) for each criterion in turn, splitting only the groups still tied. Returns the entrants best first,
/// each with its place among them. Within a tie the order is the entrant order, so the result depends on
/// nothing else.
pub(crate) fn rank<C: Copy>(
    entrants: Vec<usize>,
    chain: &[C],
    mut value: impl FnMut(C, usize, &[usize]) -> i64,
) -> Vec<(usize, Place)> {
    let mut groups: Vec<Vec<usize>> = vec![entrants];
    for &criterion in chain {
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            let mut keyed: Vec<(i64, usize)> = group.iter().map(|&e| (value(criterion, e, &group), e)).collect();
            keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut start = 0;
            while start < keyed.len() {
                let mut end = start + 1;
                while end < keyed.len() && keyed[end].0 == keyed[start].0 {
                    end += 1;
                }
                next.push(keyed[start..end].iter().map(|&(_, e)| e).collect());
                start = end;
            }
        }
        groups = next;
    }
    let mut ranked = Vec::new();
    for group in groups {
        let place = Place { place: ranked.len() + 1, shared: group.len() > 1 };
        ranked.extend(group.into_iter().map(|e| (e, place)));
    }
    ranked
}
