/// The most a cassette may hold, so that a huge or hostile file gets a clear
/// error instead of exhausting memory (docs/cassette-format.md, "Limits").
///
/// The reader checks the size before it reads the file and counts events
/// before it parses each one; nesting is limited by ``JSONReader/maxDepth``.
/// Strings have no limit of their own: the file size bounds them.
package struct CassetteLimits: Sendable, Hashable {
    /// The largest file, in bytes.
    package var maxFileSize: Int
    /// The most events in the `events` array.
    package var maxEventCount: Int

    package init(maxFileSize: Int, maxEventCount: Int) {
        self.maxFileSize = maxFileSize
        self.maxEventCount = maxEventCount
    }

    /// The limits every reader applies: 256 MiB and 1,000,000 events.
    package static let standard = CassetteLimits(maxFileSize: 256 << 20, maxEventCount: 1_000_000)

    /// The diagnostic message for a file of `size` bytes, past ``maxFileSize``;
    /// `nil` for a pipe or a device, read only one byte past the limit.
    package func fileSizeMessage(_ size: Int?) -> String {
        (size.map { "the file is \(Self.bytes($0))" } ?? "the file goes on past \(Self.bytes(maxFileSize))")
            + ", larger than a cassette may be (\(Self.bytes(maxFileSize))); "
            + "record shorter sessions into several cassettes (docs/cassette-format.md, \"Limits\")"
    }

    /// The diagnostic message for the event past ``maxEventCount``.
    package var eventCountMessage: String {
        "more than \(maxEventCount) events, the most a cassette may hold; "
            + "record shorter sessions into several cassettes (docs/cassette-format.md, \"Limits\")"
    }

    /// `size` in the largest binary unit that keeps it at least 1, such as `1.0 GiB` or `300 bytes`.
    static func bytes(_ size: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(size)
        var unit = "bytes"
        for next in units where value >= 1024 {
            value /= 1024
            unit = next
        }
        if unit == "bytes" { return "\(size) bytes" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : "\(rounded) \(unit)"
    }
}
