// Reading a declaration checks its kind against the kinds' descriptions
// (Kinds/), so it lives with them rather than with the value.
extension VolatileField {
    /// Reads a declaration such as `script.message body.callbackId`.
    ///
    /// - Throws: ``VolatileField/SyntaxError`` saying what is wrong with `text`.
    public init(parsing text: String) throws(SyntaxError) {
        guard let space = text.firstIndex(of: " ") else {
            throw SyntaxError(
                "expected an event kind and a field, such as \"script.message body.callbackId\", found \"\(text)\"")
        }
        let kindText = text[..<space]
        let path = text[text.index(after: space)...].drop { $0 == " " }
        guard let dot = kindText.firstIndex(of: "."), dot != kindText.startIndex,
            kindText.index(after: dot) != kindText.endIndex
        else {
            throw SyntaxError("expected an event kind such as script.message before the field, found \"\(kindText)\"")
        }
        let kind = EventKind(
            Channel(rawValue: String(kindText[..<dot])), String(kindText[kindText.index(after: dot)...]))
        guard Channel.known.contains(kind.channel) else {
            let channels = Channel.known.map(\.rawValue).joined(separator: ", ")
            throw SyntaxError("unknown channel '\(kind.channel)' in \"\(text)\"; expected one of \(channels)")
        }
        guard kind.channel == .custom || PayloadRegistry.byKind[kind] != nil else {
            let kinds = EventKind.standard.filter { $0.channel == kind.channel }.map(\.name).joined(separator: ", ")
            throw SyntaxError("unknown kind '\(kind.name)' on channel '\(kind.channel)' in \"\(text)\"; expected one of \(kinds)")
        }
        guard !path.isEmpty else {
            throw SyntaxError("expected a field after \(kind), such as \"\(kind) body.id\", found none")
        }
        self.init(kind: kind, path: String(path))
    }
}
