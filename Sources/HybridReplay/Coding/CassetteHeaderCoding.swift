import Foundation

/// Reads and writes the members of a cassette other than its events.
enum CassetteHeaderCoding {
    static func read(_ members: [String: JSONValue], problems: inout [CassetteProblem]) -> CassetteHeader? {
        var reader = FieldReader(members, path: JSONPath())
        defer {
            _ = reader.value("events", required: true)
            reader.finish()
            problems += reader.problems
        }
        let version = reader.integer("formatVersion")
        let name = reader.string("name")
        let description = reader.optionalString("description")
        let contract = reader.optionalString("contract")
        if let contract, contract.isEmpty { reader.report("contract", "the contract name is empty; omit the field instead") }
        let recordedBy = reader.nested("recordedBy", required: false) { tool -> RecordingTool? in
            let name = tool.string("tool")
            let version = tool.optionalString("version")
            let engine = tool.optionalString("engine")
            return name.map { RecordingTool(tool: $0, version: version, engine: engine) }
        }
        var redactions: [String]?
        if let list = reader.optionalArray("redactions") {
            redactions = []
            for (index, element) in list.enumerated() {
                if let rule = element.stringValue {
                    redactions?.append(rule)
                } else {
                    problems.append(CassetteProblem(
                        path: JSONPath([.key("redactions"), .index(index)]),
                        message: "expected a string, found \(element.typeName)"))
                }
            }
        }
        var volatile: [VolatileField] = []
        for (index, element) in (reader.optionalArray("volatile") ?? []).enumerated() {
            let path = JSONPath([.key("volatile"), .index(index)])
            guard let text = element.stringValue else {
                problems.append(CassetteProblem(path: path, message: "expected a string, found \(element.typeName)"))
                continue
            }
            do {
                volatile.append(try VolatileField(parsing: text))
            } catch {
                problems.append(CassetteProblem(path: path, message: error.message))
            }
        }
        var recordedAt: Date?
        if let text = reader.optionalString("recordedAt") {
            recordedAt = RFC3339.date(text)
            if recordedAt == nil {
                reader.report("recordedAt", "expected an RFC 3339 date-time such as 2026-01-31T12:00:00Z, found \"\(text)\"")
            }
        }
        if let name, name.isEmpty { reader.report("name", "the cassette name is empty") }
        guard let version, let name else { return nil }
        return CassetteHeader(
            formatVersion: version, name: name, description: description, contract: contract,
            recordedBy: recordedBy ?? .handWritten,
            redactions: redactions ?? [], recordedAt: recordedAt, volatile: volatile)
    }

    /// `date` as the header writes it: UTC, to the microsecond, as event times are.
    static func text(of date: Date) -> String? {
        RFC3339.string(.microseconds(Int64((date.timeIntervalSince1970 * 1_000_000).rounded())))
    }

    static func write(_ header: CassetteHeader, into writer: inout FieldWriter) {
        writer.write("formatVersion", header.formatVersion)
        writer.write("name", header.name)
        writer.write("description", header.description)
        writer.write("contract", header.contract)
        writer.writeObject("recordedBy") { tool in
            tool.write("tool", header.recordedBy.tool)
            tool.write("version", header.recordedBy.version)
            tool.write("engine", header.recordedBy.engine)
        }
        writer.write("recordedAt", header.recordedAt.flatMap(CassetteHeaderCoding.text(of:)))
        writer.write("redactions", JSONValue.array(header.redactions.map(JSONValue.string)))
        // Written only when declared, so cassettes without declarations read and write as before.
        if !header.volatile.isEmpty {
            writer.write("volatile", JSONValue.array(header.volatile.map { .string($0.description) }))
        }
    }
}
