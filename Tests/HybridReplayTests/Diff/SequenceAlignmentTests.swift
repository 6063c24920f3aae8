@testable import HybridReplay
import Testing

@Suite struct SequenceAlignmentTests {
    /// The kept pairs, checked to be increasing and to pair equal keys.
    func aligned(_ old: [Int], _ new: [Int]) -> [(Int, Int)] {
        let matches = SequenceAlignment.matches(old, new)
        for (first, second) in zip(matches, matches.dropFirst()) {
            #expect(first.0 < second.0 && first.1 < second.1)
        }
        for (oldIndex, newIndex) in matches { #expect(old[oldIndex] == new[newIndex]) }
        return matches
    }

    @Test("one insertion keeps every other element")
    func insertion() {
        let old = Array(0..<1000)
        var new = old
        new.insert(-1, at: 500)
        #expect(aligned(old, new).count == 1000)
    }

    @Test("repeated keys without unique anchors are aligned by a longest common subsequence")
    func repeats() {
        // The longest common subsequence of ABCBDAB and BDCABA has four elements.
        let old = [1, 2, 3, 2, 4, 1, 2]
        let new = [2, 4, 3, 1, 2, 1]
        #expect(aligned(old, new).count == 4)
    }

    @Test("nothing in common gives no pairs")
    func disjoint() {
        #expect(aligned([1, 2, 3], [4, 5]).isEmpty)
        #expect(aligned([], [1]).isEmpty)
    }

    @Test("a long stretch of repeated keys too large for the full programme is matched in order")
    func greedy() {
        let old = (0..<3000).map { $0 % 3 }
        let new = (0..<3000).map { ($0 + 1) % 3 }
        // Every element but one on each end can be kept.
        #expect(aligned(old, new).count >= 2990)
    }
}
