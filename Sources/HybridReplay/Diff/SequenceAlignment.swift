/// Aligns two sequences of keys: which elements of the old one are kept in
/// the new one, in order, so that everything else is an insertion or a removal.
///
/// It works the way patience diff does: common ends are trimmed, keys that
/// occur once on each side anchor the alignment (their longest increasing run,
/// found in O(n log n)), and the stretches between anchors are aligned again
/// the same way. A stretch without such keys is aligned by a longest common
/// subsequence when it is small, and greedily, in order, when it is not, so
/// two cassettes of 100 000 events with a few changes align in linear time.
package enum SequenceAlignment {
    /// The largest stretch, as old length × new length, aligned by a full
    /// longest common subsequence.
    static let exhaustiveLimit = 1 << 20

    /// The pairs of indices `(old, new)` whose keys are kept, both increasing.
    ///
    /// - Parameters:
    ///   - old: The keys of the old sequence.
    ///   - new: The keys of the new sequence.
    /// - Returns: The matched index pairs, in order.
    package static func matches(_ old: [Int], _ new: [Int]) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        var pending = [(old: 0..<old.count, new: 0..<new.count)]
        while let (oldRange, newRange) = pending.popLast() {
            var oldLow = oldRange.lowerBound
            var newLow = newRange.lowerBound
            var oldHigh = oldRange.upperBound
            var newHigh = newRange.upperBound
            while oldLow < oldHigh, newLow < newHigh, old[oldLow] == new[newLow] {
                found.append((oldLow, newLow))
                oldLow += 1
                newLow += 1
            }
            while oldLow < oldHigh, newLow < newHigh, old[oldHigh - 1] == new[newHigh - 1] {
                found.append((oldHigh - 1, newHigh - 1))
                oldHigh -= 1
                newHigh -= 1
            }
            guard oldLow < oldHigh, newLow < newHigh else { continue }
            let anchors = uniqueAnchors(old, oldLow..<oldHigh, new, newLow..<newHigh)
            if anchors.isEmpty {
                found += fallback(old, oldLow..<oldHigh, new, newLow..<newHigh)
                continue
            }
            var previous = (oldLow, newLow)
            for anchor in anchors {
                found.append(anchor)
                pending.append((previous.0..<anchor.0, previous.1..<anchor.1))
                previous = (anchor.0 + 1, anchor.1 + 1)
            }
            pending.append((previous.0..<oldHigh, previous.1..<newHigh))
        }
        found.sort { $0.0 < $1.0 }
        return found
    }

    /// The keys found exactly once in each range, as index pairs, reduced to
    /// their longest run increasing on both sides.
    private static func uniqueAnchors(
        _ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>
    ) -> [(Int, Int)] {
        // Per key: occurrences in old, the old index, occurrences in new, the new index.
        var seen: [Int: (Int, Int, Int, Int)] = [:]
        seen.reserveCapacity(oldRange.count)
        for index in oldRange {
            seen[old[index], default: (0, index, 0, 0)].0 += 1
        }
        for index in newRange {
            guard var entry = seen[new[index]] else { continue }
            entry.2 += 1
            entry.3 = index
            seen[new[index]] = entry
        }
        let candidates = seen.values.filter { $0.0 == 1 && $0.2 == 1 }.map { ($0.1, $0.3) }.sorted { $0.0 < $1.0 }
        return longestIncreasingRun(candidates)
    }

    /// The longest subsequence of `pairs` (sorted by old index) whose new
    /// indices increase, by patience sorting.
    private static func longestIncreasingRun(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        guard !pairs.isEmpty else { return [] }
        var pileTops: [Int] = []  // index into pairs of each pile's top
        var predecessor = [Int](repeating: -1, count: pairs.count)
        for (position, pair) in pairs.enumerated() {
            var low = 0
            var high = pileTops.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[pileTops[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { predecessor[position] = pileTops[low - 1] }
            if low == pileTops.count { pileTops.append(position) } else { pileTops[low] = position }
        }
        var run: [(Int, Int)] = []
        var cursor = pileTops[pileTops.count - 1]
        while cursor >= 0 {
            run.append(pairs[cursor])
            cursor = predecessor[cursor]
        }
        return run.reversed()
    }

    /// A stretch without unique keys: a longest common subsequence when it is
    /// small enough, else the keys matched greedily in order.
    private static func fallback(
        _ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>
    ) -> [(Int, Int)] {
        if oldRange.count * newRange.count <= exhaustiveLimit {
            return longestCommonSubsequence(old, oldRange, new, newRange)
        }
        var found: [(Int, Int)] = []
        var newIndex = newRange.lowerBound
        var waiting: [Int: [Int]] = [:]
        for index in newRange { waiting[new[index], default: []].append(index) }
        var cursor: [Int: Int] = [:]
        for index in oldRange {
            guard let positions = waiting[old[index]] else { continue }
            var next = cursor[old[index], default: 0]
            while next < positions.count, positions[next] < newIndex { next += 1 }
            cursor[old[index]] = next
            guard next < positions.count else { continue }
            found.append((index, positions[next]))
            newIndex = positions[next] + 1
            cursor[old[index]] = next + 1
        }
        return found
    }

    /// The classic dynamic programme, from the end so the pairs come out in order.
    private static func longestCommonSubsequence(
        _ old: [Int], _ oldRange: Range<Int>, _ new: [Int], _ newRange: Range<Int>
    ) -> [(Int, Int)] {
        let rows = oldRange.count
        let columns = newRange.count
        var lengths = [Int32](repeating: 0, count: (rows + 1) * (columns + 1))
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                let here = row * (columns + 1) + column
                if old[oldRange.lowerBound + row] == new[newRange.lowerBound + column] {
                    lengths[here] = lengths[here + columns + 2] + 1
                } else {
                    lengths[here] = max(lengths[here + columns + 1], lengths[here + 1])
                }
            }
        }
        var found: [(Int, Int)] = []
        var row = 0
        var column = 0
        while row < rows, column < columns {
            if old[oldRange.lowerBound + row] == new[newRange.lowerBound + column] {
                found.append((oldRange.lowerBound + row, newRange.lowerBound + column))
                row += 1
                column += 1
            } else if lengths[(row + 1) * (columns + 1) + column] >= lengths[row * (columns + 1) + column + 1] {
                row += 1
            } else {
                column += 1
            }
        }
        return found
    }
}
