import Foundation

/// Reads cassettes: JSON syntax, then every event's fields, then the rules
/// across events, reporting all problems with line and column.
///
/// The reader walks the top level of the document itself and parses one
/// event at a time, so it never holds a JSON tree for the whole file; that
/// keeps large cassettes fast and small in memory.
public struct CassetteReader: Sendable {
    /// The JSON reader each value goes through.
    public var json: JSONReader
    /// The most diagnostics reported for one file; the rest are counted in a
    /// last diagnostic, as compilers do, so a file that is not a cassette at
    /// all does not bury the first problems.
    public var diagnosticLimit: Int
    /// The largest file and the most events read; tests lower them.
    package var limits = CassetteLimits.standard

    public init(json: JSONReader = .platformDefault, diagnosticLimit: Int = 100) {
        self.json = json
        self.diagnosticLimit = diagnosticLimit
    }

    /// Reads the cassette at `url`.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - displayPath: The path diagnostics name; defaults to `url.path`.
    /// - Returns: The cassette.
    /// - Throws: `CassetteReadError` with every problem found; a missing or
    ///   unreadable file is one diagnostic without a position.
    public func read(contentsOf url: URL, displayPath: String? = nil) throws(CassetteReadError) -> Cassette {
        let path = displayPath ?? url.path
        return try read(Self.contents(of: url, displayPath: path, maxFileSize: limits.maxFileSize), path: path)
    }

    /// The bytes of the file at `url`, for callers that need them as well as
    /// the cassette (such as a formatter comparing them to the canonical form).
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - displayPath: The path the diagnostic names; defaults to `url.path`.
    /// - Throws: `CassetteReadError` with one diagnostic without a position,
    ///   such as `x.json: error: cannot read the file: no such file`, or
    ///   for a file larger than a cassette may be (256 MiB), before reading it.
    public static func contents(of url: URL, displayPath: String? = nil) throws(CassetteReadError) -> Data {
        try contents(of: url, displayPath: displayPath, maxFileSize: CassetteLimits.standard.maxFileSize)
    }

    /// The bytes of the file at `url`, refused without reading them when
    /// there are more than `maxFileSize`.
    package static func contents(of url: URL, displayPath: String?, maxFileSize: Int) throws(CassetteReadError) -> Data {
        let path = displayPath ?? url.path
        let limits = CassetteLimits(maxFileSize: maxFileSize, maxEventCount: 0)
        let tooLarge = { (size: Int?) in
            CassetteReadError([Diagnostic(file: path, position: nil, message: limits.fileSizeMessage(size))])
        }
        do {
            let status = fileStatus(url.path)
            // No such file: Data(contentsOf:) says why.
            if status.map({ $0.isRegular && $0.size != 0 }) ?? true {
                if let size = status?.size, size > maxFileSize { throw tooLarge(size) }
                return try Data(contentsOf: url)
            }
            // A pipe or a device such as /dev/zero has no size to check first: read one byte past the limit at most.
            // So does a file of size 0, which may be empty (Foundation's `Data(contentsOf:)` on Linux leaks a
            // page for it, found by the diff fuzz target under LeakSanitizer) or a /proc file with contents.
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maxFileSize + 1) ?? Data()
            if data.count > maxFileSize { throw tooLarge(nil) }
            return data
        } catch let error as CassetteReadError {
            throw error
        } catch {
            throw CassetteReadError([
                Diagnostic(file: path, position: nil, message: "cannot read the file: \(reason(error))")
            ])
        }
    }

    /// Whether the file at `path` is a regular one and its size, as
    /// `FileManager.attributesOfItem(atPath:)` gives them (a symbolic link is
    /// not followed), without the owner's and group's names it also looks up:
    /// `nil` when there is no such file.
    private static func fileStatus(_ path: String) -> (isRegular: Bool, size: Int)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return ((status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size))
    }

    /// Reads a cassette from its bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - path: The path diagnostics name.
    public func read(_ bytes: some ContiguousBytes, path: String) throws(CassetteReadError) -> Cassette {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(CassetteReadError) -> Cassette in
                var pass = ReadPass(bytes: buffer, json: json, path: path, diagnosticLimit: diagnosticLimit, limits: limits)
                return try pass.run()
            }
        }
        return try result.get()
    }

    /// Reads and checks the cassette at `url`, returning every diagnostic:
    /// the errors that keep it from being read, or, for a cassette that
    /// reads, warnings about likely secrets left unredacted.
    ///
    /// - Returns: The diagnostics in file order; empty when the cassette is clean.
    public func lint(contentsOf url: URL, displayPath: String? = nil) -> [Diagnostic] {
        let path = displayPath ?? url.path
        do throws(CassetteReadError) {
            return lint(try Self.contents(of: url, displayPath: path, maxFileSize: limits.maxFileSize), path: path)
        } catch {
            return error.diagnostics
        }
    }

    /// Reads and checks a cassette from its bytes; see ``lint(contentsOf:displayPath:)``.
    public func lint(_ bytes: some ContiguousBytes, path: String) -> [Diagnostic] {
        bytes.withUnsafeBytes { buffer in
            var pass = ReadPass(bytes: buffer, json: json, path: path, diagnosticLimit: diagnosticLimit, limits: limits)
            return pass.lint()
        }
    }

    /// Reads a cassette from its bytes, as ``read(_:path:)`` does, and
    /// searches it for secrets left unredacted, as ``lint(_:path:)`` does:
    /// for a command that prints a cassette's values and must hide them.
    ///
    /// - Returns: The cassette; lint's warnings, with line and column; and
    ///   each finding with its values, in the order of the warnings.
    /// - Throws: `CassetteReadError` when the cassette does not read.
    package func readScanningSecrets(
        _ bytes: some ContiguousBytes, path: String
    ) throws(CassetteReadError) -> (cassette: Cassette, warnings: [Diagnostic], findings: [SecretScanner.Finding]) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(CassetteReadError) -> (Cassette, [Diagnostic], [SecretScanner.Finding]) in
                var pass = ReadPass(bytes: buffer, json: json, path: path, diagnosticLimit: diagnosticLimit, limits: limits)
                let cassette = try pass.run()
                let findings = SecretScanner.secrets(in: cassette)
                return (cassette, pass.diagnostics(for: findings.map(\.problem), severity: .warning), findings)
            }
        }
        return try result.get()
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain,
            nsError.code == NSFileReadNoSuchFileError || nsError.code == NSFileNoSuchFileError
        {
            return "no such file"
        }
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return nsError.localizedDescription
    }
}

/// One reading of one document.
private struct ReadPass {
    let bytes: UnsafeRawBufferPointer
    let json: JSONReader
    let path: String
    let diagnosticLimit: Int
    let limits: CassetteLimits
    var problems: [CassetteProblem] = []
    /// Where each element of `events` starts, to place its diagnostics.
    var eventOffsets: [Int] = []
    /// Once an event fails to read, the events that did, with their indices.
    var readableEvents: [(index: Int, event: Event)] = []

    init(bytes: UnsafeRawBufferPointer, json: JSONReader, path: String, diagnosticLimit: Int, limits: CassetteLimits) {
        self.bytes = bytes
        self.limits = limits
        self.json = json
        self.path = path
        self.diagnosticLimit = max(diagnosticLimit, 1)
    }

    mutating func run() throws(CassetteReadError) -> Cassette {
        guard bytes.count <= limits.maxFileSize else {
            throw CassetteReadError([Diagnostic(file: path, position: nil, message: limits.fileSizeMessage(bytes.count))])
        }
        let cassette: Cassette?
        do {
            cassette = try walk()
        } catch {
            throw CassetteReadError([
                Diagnostic(file: path, position: SourcePosition(offset: error.offset, in: bytes), message: error.message)
            ])
        }
        if let cassette {
            problems += CassetteValidator.problems(in: cassette)
            if problems.isEmpty { return cassette }
        }
        throw CassetteReadError(diagnostics(for: problems, severity: .error))
    }

    mutating func lint() -> [Diagnostic] {
        do {
            let cassette = try run()
            return diagnostics(
                for: SecretScanner.findings(in: cassette) + UnrepliedMessages.findings(in: cassette), severity: .warning)
        } catch {
            return error.diagnostics
        }
    }

    /// Walks the top-level object, parsing non-event members whole and events one by one.
    private mutating func walk() throws(JSONSyntaxError) -> Cassette? {
        var scanner = JSONScanner(bytes)
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "{") else {
            if scanner.isAtEnd { throw JSONSyntaxError("the file is empty; a cassette is a JSON object", offset: 0) }
            throw scanner.unexpected(expecting: "'{': a cassette is a JSON object")
        }
        scanner.offset += 1
        var members: [String: JSONValue] = [:]
        var seen: Set<String> = []
        var events: [Event]?
        var deferredEvents: Int?
        if !scanner.consume(UInt8(ascii: "}")) {
            repeat {
                scanner.skipWhitespace()
                let keyOffset = scanner.offset
                let key = try scanner.readString()
                guard seen.insert(key).inserted else {
                    throw JSONSyntaxError("duplicate key \"\(key)\"", offset: keyOffset)
                }
                try scanner.expect(UInt8(ascii: ":"), "':' after an object key")
                scanner.skipWhitespace()
                if key == "events" {
                    if members["formatVersion"] != nil {
                        events = try readEvents(&scanner, version: version(members))
                    } else {
                        // The version decides how events are read; come back once it is known.
                        deferredEvents = scanner.offset
                        try scanner.skipValue(maxDepth: json.maxDepth - 1)
                    }
                } else {
                    let (value, end) = try json.backend.parseValue(in: bytes, at: scanner.offset, maxDepth: json.maxDepth - 1)
                    members[key] = value
                    scanner.offset = end
                }
            } while scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}' in the cassette object")
        }
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            throw JSONSyntaxError("unexpected text after the end of the cassette", offset: scanner.offset)
        }
        if let deferredEvents {
            var eventScanner = JSONScanner(bytes, offset: deferredEvents)
            events = try readEvents(&eventScanner, version: version(members))
        }
        if seen.contains("events") { members["events"] = .array([]) }
        let header = CassetteHeaderCoding.read(members, problems: &problems)
        if let header, let message = CassetteMigration.problem(forVersion: header.formatVersion) {
            problems.append(CassetteProblem(path: JSONPath([.key("formatVersion")]), message: message))
            return nil
        }
        guard var header, let events, problems.isEmpty else {
            problems += orderingProblems(among: events.map { $0.enumerated().map { (index: $0.offset, event: $0.element) } } ?? readableEvents)
            return nil
        }
        // Events were migrated as they were read, so the cassette is now current.
        header.formatVersion = Cassette.currentFormatVersion
        return Cassette(header: header, events: events)
    }

    /// The id and time ordering problems among the events that did read,
    /// so a file with field problems still reports its ordering ones in the
    /// same pass. Cause and answer checks wait for a clean read: they may name
    /// an event that did not read.
    private func orderingProblems(among readableEvents: [(index: Int, event: Event)]) -> [CassetteProblem] {
        guard !readableEvents.isEmpty else { return [] }
        let partial = Cassette(header: CassetteHeader(name: "partial"), events: readableEvents.map(\.event))
        return CassetteValidator.problems(in: partial).compactMap { problem in
            let components = problem.path.components
            guard components.count == 3, components[0] == .key("events"), case .index(let index) = components[1],
                components[2] == .key("id") || components[2] == .key("at"), index < readableEvents.count
            else { return nil }
            var remapped = problem
            remapped.path = JSONPath([.key("events"), .index(readableEvents[index].index), components[2]])
            return remapped
        }
    }

    private func version(_ members: [String: JSONValue]) -> Int? {
        guard let number = members["formatVersion"]?.numberValue, number.rounded() == number,
            abs(number) < 1e9
        else { return nil }
        return Int(number)
    }

    /// Reads the `events` array one element at a time; `nil` when any event has problems.
    private mutating func readEvents(_ scanner: inout JSONScanner, version: Int?) throws(JSONSyntaxError) -> [Event]? {
        guard scanner.consume(UInt8(ascii: "[")) else {
            problems.append(CassetteProblem(path: JSONPath([.key("events")]), message: "'events' must be an array"))
            try scanner.skipValue(maxDepth: json.maxDepth - 1)
            return nil
        }
        // Events of a version this library cannot read are checked for syntax only.
        let readable = version.map { CassetteMigration.problem(forVersion: $0) == nil } ?? false
        var events: [Event] = []
        var complete = true
        if scanner.consume(UInt8(ascii: "]")) { return events }
        repeat {
            scanner.skipWhitespace()
            let start = scanner.offset
            // Refused before it is parsed, so a file of tiny events cannot make the reader hold millions.
            guard eventOffsets.count < limits.maxEventCount else {
                throw JSONSyntaxError(limits.eventCountMessage, offset: start)
            }
            eventOffsets.append(start)
            let (value, end) = try json.backend.parseValue(in: bytes, at: start, maxDepth: json.maxDepth - 2)
            scanner.offset = end
            guard readable, let version else { continue }
            let migrated = version == Cassette.currentFormatVersion ? value : CassetteMigration.migrate(value, from: version)
            let path = JSONPath([.key("events"), .index(eventOffsets.count - 1)])
            if let event = EventCoding.read(migrated, path: path, problems: &problems) {
                if let message = CassetteMigration.problem(forKind: event.kind, inVersion: version) {
                    problems.append(CassetteProblem(path: path.appending("kind"), message: message))
                }
                if complete { events.append(event) } else { readableEvents.append((eventOffsets.count - 1, event)) }
            } else {
                if complete { readableEvents = events.enumerated().map { ($0.offset, $0.element) } }
                complete = false
            }
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']' in the events array")
        return complete ? events : nil
    }

    /// The problems as diagnostics, with positions, in file order.
    func diagnostics(for problems: [CassetteProblem], severity: Diagnostic.Severity) -> [Diagnostic] {
        let lines = LineTable(bytes)
        let shown = problems.prefix(diagnosticLimit)
        let located = shown.map { problem -> Diagnostic in
            var components = problem.path.components[...]
            var start = 0
            if components.count >= 2, components[components.startIndex] == .key("events"),
                case .index(let index) = components[components.startIndex + 1], index < eventOffsets.count
            {
                start = eventOffsets[index]
                components = components.dropFirst(2)
            }
            var scanner = JSONScanner(bytes, offset: start)
            scanner.isKeyOnly = problem.isAboutKey
            let offset = scanner.locate(components)
            return Diagnostic(
                file: path, position: lines.position(of: offset), severity: severity,
                message: problem.message, path: problem.path)
        }
        var sorted = located.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element.position, rhs.element.position)
            if l != r, let l, let r { return l < r }
            return lhs.offset < rhs.offset
        }.map(\.element)
        if problems.count > shown.count {
            let more = problems.count - shown.count
            var summary = Diagnostic(
                file: path, position: nil, severity: severity,
                message: "\(more) more \(severity == .error ? "error" : "warning")\(more == 1 ? "" : "s") not shown; fix these and read the file again")
            summary.problemCount = more
            sorted.append(summary)
        }
        return sorted
    }
}
