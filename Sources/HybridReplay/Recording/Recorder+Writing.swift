import Foundation

extension Recorder {
    /// Writes the recording to `url` as a canonical cassette, atomically.
    ///
    /// The bytes are those of ``canonicalBytes(file:)``, checked as it
    /// checks them: on any problem nothing is written and a file already at
    /// `url` is left as it was. A call app code made to a seam the wrapped
    /// platform was built without is such a problem, and so is a second web
    /// view wrapped (see ``platform(wrapping:)``).
    ///
    /// - Parameter url: A file URL; its directory must exist.
    /// - Throws: ``RecordingError`` listing every problem, or the reason the
    ///   file system refused the write.
    public func write(to url: URL) throws(RecordingError) {
        try checkSeamsPassed(file: url.path)
        try Self.write(cassette(), to: url)
    }

    /// Writes `cassette` to `url` as a canonical cassette, atomically, with
    /// the checks a recording gets: for cassettes built in code, such as one
    /// imported from a HAR file.
    ///
    /// - Parameters:
    ///   - cassette: The cassette to write.
    ///   - url: A file URL; its directory must exist.
    /// - Throws: ``RecordingError`` listing every problem, or the reason the
    ///   file system refused the write; nothing is written then.
    public static func write(_ cassette: Cassette, to url: URL) throws(RecordingError) {
        let file = url.path
        let bytes = try canonicalBytes(of: cassette, file: file)
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            var failure = RecordingError(file: file, stage: .writing, problems: [error.reason])
            failure.remedy = error.remedy(then: "record again")
            throw failure
        }
    }

    /// The recording as the canonical bytes of a cassette, checked before
    /// they are handed out.
    ///
    /// The cassette is checked twice: by ``CassetteValidator`` (ids, causes,
    /// answers, one reply per message), then by reading its canonical text
    /// back through ``CassetteReader``, which catches what only a reader
    /// sees, such as a key holding U+0000 or a body nested deeper than 64
    /// levels, and checking it reads back equal.
    ///
    /// - Parameter file: The path the bytes are meant for, as errors name it.
    /// - Returns: What ``CassetteWriter/canonicalBytes(of:)`` writes for ``cassette()``.
    /// - Throws: ``RecordingError`` listing every problem.
    public func canonicalBytes(file: String) throws(RecordingError) -> [UInt8] {
        try checkSeamsPassed(file: file)
        return try Self.canonicalBytes(of: cassette(), file: file)
    }

    /// Throws when app code called a seam the wrapped platform was built
    /// without: the recording would hold an effect no live seam performed;
    /// or when the wrapped platforms held two web views, whose events one
    /// cassette cannot tell apart.
    private func checkSeamsPassed(file: String) throws(RecordingError) {
        let calls = unavailableSeamCalls
        guard calls.isEmpty else { throw RecordingError(file: file, stage: .missingSeam, problems: calls) }
        if let problem = webViewsProblem { throw RecordingError(file: file, stage: .webViews, problems: [problem]) }
        let unsweepable = unsweepableEvents
        guard unsweepable.isEmpty else { throw RecordingError(file: file, stage: .redaction, problems: unsweepable) }
    }

    /// The canonical bytes of `cassette`, checked as ``canonicalBytes(file:)``
    /// checks a recording's.
    ///
    /// - Parameters:
    ///   - cassette: The cassette to print.
    ///   - file: The path the bytes are meant for, as errors name it.
    /// - Returns: What ``CassetteWriter/canonicalBytes(of:)`` writes for `cassette`.
    /// - Throws: ``RecordingError`` listing every problem.
    public static func canonicalBytes(of cassette: Cassette, file: String) throws(RecordingError) -> [UInt8] {
        let problems = CassetteValidator.problems(in: cassette)
        guard problems.isEmpty else {
            throw RecordingError(
                file: file, stage: .validation,
                problems: problems.map { "\(RecordingError.location(of: $0.path, in: cassette)): \($0.message)" })
        }
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let reread: Cassette
        do {
            reread = try CassetteReader().read(bytes, path: file)
        } catch {
            let unreadable = unreadableEvents(in: cassette)
            throw RecordingError(
                file: file, stage: .rereading,
                problems: unreadable.isEmpty
                    ? error.diagnostics.map { diagnostic in
                        let location = diagnostic.path.map { RecordingError.location(of: $0, in: cassette) }
                            ?? diagnostic.position.map { "line \($0.line), column \($0.column) of the canonical text" }
                            ?? "the canonical text"
                        return "\(location): \(diagnostic.message)"
                    } : unreadable)
        }
        if let difference = firstDifference(between: cassette, and: reread) {
            throw RecordingError(file: file, stage: .rereading, problems: [difference])
        }
        return bytes
    }

    /// The JSON syntax problem of each event whose canonical text does not
    /// read on its own, such as a key holding U+0000 or nesting past the
    /// limit; a reader stops at the first syntax error in a file, and the
    /// recording should list them all.
    private static func unreadableEvents(in cassette: Cassette) -> [String] {
        // Events stand two levels deep in a cassette: the top object, then `events`.
        let reader = JSONReader(backend: JSONReader.platformDefault.backend, maxDepth: JSONReader.defaultMaxDepth - 2)
        return cassette.events.indices.compactMap { index -> String? in
            var printer = CanonicalPrinter()
            printer.printDocument(EventCoding.node(for: cassette.events[index]))
            do throws(JSONSyntaxError) {
                _ = try reader.read(printer.bytes)
                return nil
            } catch {
                let location = RecordingError.location(of: JSONPath([.key("events"), .index(index)]), in: cassette)
                return "\(location): \(error.message)"
            }
        }
    }

    /// Where `reread` differs from `original`, or `nil` when they are equal.
    private static func firstDifference(between original: Cassette, and reread: Cassette) -> String? {
        if original.header != reread.header { return "the header does not read back as it was written" }
        if original.events.count != reread.events.count {
            return "\(original.events.count) events were written but \(reread.events.count) read back"
        }
        for (index, (written, read)) in zip(original.events, reread.events).enumerated() where written != read {
            let location = RecordingError.location(of: JSONPath([.key("events"), .index(index)]), in: original)
            return "\(location): does not read back as it was written (written \(written.payload.summary), read \(read.payload.summary))"
        }
        return nil
    }
}
