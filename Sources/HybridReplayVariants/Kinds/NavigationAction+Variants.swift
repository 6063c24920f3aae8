import HybridReplay

/// A navigation action's variants: each other navigation type, each target
/// frame (main, sub, none: a new window), the other method, and each class of
/// each query item of its URL.
extension NavigationAction: KindVariants {
    func variantEdits(of event: Event, in cassette: Cassette) -> [VariantEdit] {
        var edits: [VariantEdit] = []
        for type in NavigationType.known where type != navigationType {
            var variant = self
            variant.navigationType = type
            edits.append(VariantEdit("navigation-type", type.rawValue, "navigation type \(type.rawValue)", .replace(variant)))
        }
        for (name, frame) in ScriptMessage.frameClasses(from: targetFrame) {
            var variant = self
            variant.targetFrame = frame
            edits.append(VariantEdit("target-frame", name, "targets \(name == "none" ? "a new window" : "the \(name) frame")", .replace(variant)))
        }
        var other = self
        other.method = method.uppercased() == "GET" ? "POST" : "GET"
        edits.append(VariantEdit("method", other.method, "method \(other.method)", .replace(other)))
        let action = self
        edits += URLQueryClasses.edits(of: url) { changedURL in
            var variant = action
            variant.url = changedURL
            return variant
        }
        return edits
    }
}

/// The classes of each query item of a URL: missing, empty, whitespace,
/// non-ASCII, not a number, numeric boundaries, and the item given twice.
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
        }
        return edits
    }
}
