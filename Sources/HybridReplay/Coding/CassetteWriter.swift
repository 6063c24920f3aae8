import Foundation

/// Writes cassettes in their canonical form.
///
/// The canonical form is what `cassette fmt` produces and what recorders
/// write: fixed member order per event kind, 2-space indent, one event per
/// block, numbers in their shortest round-tripping form, non-ASCII as UTF-8
/// and a trailing newline. Reading it back gives an equal cassette, and
/// writing that again gives the same bytes.
public enum CassetteWriter {
    /// The canonical bytes of `cassette`.
    public static func canonicalBytes(of cassette: Cassette) -> [UInt8] {
        var writer = FieldWriter()
        CassetteHeaderCoding.write(cassette.header, into: &writer)
        writer.write("events", .array(cassette.events.map(EventCoding.node(for:))))
        // A typical event prints to a few hundred bytes.
        var printer = CanonicalPrinter(reservingCapacity: 512 + cassette.events.count * 320)
        printer.printDocument(writer.node)
        return printer.bytes
    }

    /// The canonical text of `cassette`.
    public static func canonicalText(of cassette: Cassette) -> String {
        String(decoding: canonicalBytes(of: cassette), as: UTF8.self)
    }

    /// Writes `cassette` to `url` atomically: a reader sees the old file or
    /// the new one, never a mix, and a crash leaves the old file in place.
    ///
    /// - Throws: `FileWriteError` when an event's payload is of a type the
    ///   format does not know (nothing is written then), or when the
    ///   directory is not writable.
    public static func write(_ cassette: Cassette, to url: URL) throws(FileWriteError) {
        for event in cassette.events {
            if let problem = EventCoding.unknownPayloadProblem(event.payload) {
                throw FileWriteError(path: url.path, reason: "event \(event.id): \(problem)")
            }
        }
        try AtomicFile.write(canonicalBytes(of: cassette), to: url)
    }
}
