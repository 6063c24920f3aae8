import HybridReplay

/// The classes of each query item of a URL: missing, empty, whitespace,
/// non-ASCII, not a number, numeric boundaries, and the item given twice:
/// with the same value, and with another one after it, since parsers
/// disagree on which of two values counts.
enum URLQueryClasses {
    static let classes: [(String, String?)] = [
        ("missing", nil), ("empty", ""), ("whitespace", "%20"), ("non-ascii", "%EF%BC%92"), ("not-a-number", "x"),
        ("negative", "-1"), ("zero", "0"), ("fraction", "1.5"), ("exponent", "1e2"), ("max-byte", "255"), ("past-byte", "256"),
    ]

    static func edits(of url: String, rebuild: (String) -> any EventPayload) -> [VariantEdit] {
        guard let mark = url.firstIndex(of: "?") else { return [] }
        let base = url[..<mark]
        var query = String(url[url.index(after: mark)...])
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = String(query[..<hash])
        }
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
        var edits: [VariantEdit] = []
        for (position, item) in items.enumerated() {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard !name.isEmpty else { continue }
            let recorded = parts.count > 1 ? String(parts[1]) : nil
            for (className, value) in classes where value != recorded {
                var changed = items
                if let value { changed[position] = "\(name)=\(value)" } else { changed.remove(at: position) }
                let text = base + (changed.isEmpty ? "" : "?" + changed.joined(separator: "&")) + fragment
                edits.append(VariantEdit("query", "\(name)=\(className)", "query item '\(name)' \(value == nil ? "left out" : "as \(className)")", .replace(rebuild(String(text)))))
            }
            var repeated = items
            repeated.insert(item, at: position)
            edits.append(
                VariantEdit("query", "\(name)=repeated", "query item '\(name)' given twice", .replace(rebuild(base + "?" + repeated.joined(separator: "&") + fragment))))
            var differing = items
            let other = recorded == "0" ? "1" : "0"
            differing.insert("\(name)=\(other)", at: position + 1)
            edits.append(
                VariantEdit(
                    "query", "\(name)=repeated-differing", "query item '\(name)' given twice, then as \(other)",
                    .replace(rebuild(base + "?" + differing.joined(separator: "&") + fragment))))
        }
        return edits
    }
}
