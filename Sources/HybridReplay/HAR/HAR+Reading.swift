import Foundation

extension HAR {
    /// Reads a HAR log from its bytes, with the project's JSON reader:
    /// duplicate keys, invalid UTF-8 and trailing text are errors. A leading
    /// byte-order mark is skipped, as the HAR specification asks.
    ///
    /// Only major version 1 is read. Fields the importer does not use are
    /// ignored, and fields starting with `_` are read only from logs that
    /// HybridReplay wrote, as the specification prescribes for custom fields.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - path: The path diagnostics name.
    ///   - json: The JSON reader; the platform's by default.
    /// - Returns: The log.
    /// - Throws: ``HARReadError`` with every problem, each at its line and column.
    public static func read(_ bytes: some ContiguousBytes, path: String, json: JSONReader = .platformDefault)
        throws(HARReadError) -> HARLog
    {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(HARReadError) -> HARLog in try read(buffer, path: path, json: json) }
        }
        return try result.get()
    }

    private static func read(_ buffer: UnsafeRawBufferPointer, path: String, json: JSONReader) throws(HARReadError)
        -> HARLog
    {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skipped = buffer.starts(with: bom) ? bom.count : 0
        let document = UnsafeRawBufferPointer(rebasing: buffer[skipped...])
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try json.read(document)
        } catch {
            let position = SourcePosition(offset: error.offset + skipped, in: buffer)
            throw HARReadError([Diagnostic(file: path, position: position, message: error.message)])
        }
        var problems: [CassetteProblem] = []
        var decoder = HARDecoder(json: json)
        let log = decoder.log(value, problems: &problems)
        if let log, problems.isEmpty {
            problems = log.linkProblems() + log.timeProblems()
            if problems.isEmpty { return log }
        }
        let lines = LineTable(buffer)
        let diagnostics = problems.map { problem in
            var scanner = JSONScanner(document)
            scanner.isKeyOnly = problem.isAboutKey
            let offset = scanner.locate(problem.path.components[...]) + skipped
            return Diagnostic(file: path, position: lines.position(of: offset), message: problem.message, path: problem.path)
        }
        // Every problem has a path, so every diagnostic has a position.
        let start = SourcePosition(line: 1, column: 1)
        throw HARReadError(diagnostics.enumerated().sorted { lhs, rhs in
            (lhs.element.position ?? start, lhs.offset) < (rhs.element.position ?? start, rhs.offset)
        }.map(\.element))
    }
}
