import Foundation
import HybridReplay

/// A line diff of two texts in unified format, for files that are not
/// cassettes when `cassette diff` runs as git's external diff.
enum PlainTextDiff {
    /// Lines of context around each change.
    static let context = 3

    /// The unified diff of `old` and `new`; empty when they are equal.
    static func unified(_ old: String, _ new: String, oldLabel: String, newLabel: String) -> [(DiffText.Role, String)] {
        let oldLines = split(old)
        let newLines = split(new)
        let matches = SequenceAlignment.matches(oldLines.map(\.hashValue), newLines.map(\.hashValue))
            .filter { oldLines[$0.0] == newLines[$0.1] }
        // Each line as kept, removed or added, in order.
        var script: [(DiffText.Role, Int, Int)] = []
        var oldNext = 0
        var newNext = 0
        for (oldIndex, newIndex) in matches + [(oldLines.count, newLines.count)] {
            while oldNext < oldIndex { script.append((.removed, oldNext, newNext)); oldNext += 1 }
            while newNext < newIndex { script.append((.added, oldNext, newNext)); newNext += 1 }
            if oldIndex < oldLines.count { script.append((.context, oldIndex, newIndex)) }
            oldNext = oldIndex + 1
            newNext = newIndex + 1
        }
        let changed = script.indices.filter { script[$0].0 != .context }
        guard !changed.isEmpty else { return [] }
        var lines: [(DiffText.Role, String)] = [(.files, "--- " + oldLabel), (.files, "+++ " + newLabel)]
        var hunkStart = 0
        while hunkStart < changed.count {
            var hunkEnd = hunkStart
            while hunkEnd + 1 < changed.count, changed[hunkEnd + 1] - changed[hunkEnd] <= 2 * context { hunkEnd += 1 }
            let first = max(0, changed[hunkStart] - context)
            let last = min(script.count - 1, changed[hunkEnd] + context)
            let slice = script[first...last]
            let oldCount = slice.filter { $0.0 != .added }.count
            let newCount = slice.filter { $0.0 != .removed }.count
            let oldStart = (slice.first?.1 ?? 0) + (oldCount > 0 ? 1 : 0)
            let newStart = (slice.first?.2 ?? 0) + (newCount > 0 ? 1 : 0)
            lines.append((.hunk, "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"))
            for (role, oldIndex, newIndex) in slice {
                switch role {
                case .removed: lines.append((.removed, "-" + oldLines[oldIndex]))
                case .added: lines.append((.added, "+" + newLines[newIndex]))
                default: lines.append((.context, " " + oldLines[oldIndex]))
                }
            }
            hunkStart = hunkEnd + 1
        }
        return lines
    }

    /// The lines of `text`, split at every line feed byte: a carriage return
    /// before one stays in its line, as in git's own diff.
    private static func split(_ text: String) -> [Substring] {
        var text = text
        // The line feeds' offsets, found by `memchr`, which scans many times
        // faster than a loop over the bytes (and, in the fuzz builds, calls no
        // coverage hook per byte).
        let feeds: [Int] = text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return [] }
            let start = UnsafeRawPointer(base)
            var found: [Int] = []
            var offset = 0
            while offset < buffer.count, let hit = memchr(start + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
                let feed = start.distance(to: UnsafeRawPointer(hit))
                found.append(feed)
                offset = feed + 1
            }
            return found
        }
        let utf8 = text.utf8
        var lines: [Substring] = []
        lines.reserveCapacity(feeds.count + 1)
        var start = utf8.startIndex
        for feed in feeds {
            let end = utf8.index(utf8.startIndex, offsetBy: feed)
            lines.append(Substring(utf8[start..<end]))
            start = utf8.index(after: end)
        }
        lines.append(Substring(utf8[start...]))
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
