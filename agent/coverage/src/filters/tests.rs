//! Filter unit tests live with the javac-compiled fixtures in `agent/tests/coverage_*.rs`;
//! here only the pure helpers are tested.
use super::*;

#[test]
fn replacements_group_by_target_in_insertion_order() {
    let mut r = Replacements::default();
    r.add(5, 1, 0);
    r.add(7, 2, 1);
    r.add(5, 3, 1);
    assert_eq!(r.groups, vec![(5, vec![(1, 0), (3, 1)]), (7, vec![(2, 1)])]);
}
