import Foundation

/// The named fields of an `application/x-www-form-urlencoded` body or query
/// string, and of a `multipart/form-data` body, rewritten in place.
///
/// Only the values a transform changes are touched: the rest of the text,
/// its order, separators and encoding stay byte for byte as they were.
enum FormFields {
    /// Rewrites a field's value: given its decoded name and decoded value,
    /// returns the text to write instead, or `nil` to keep it.
    typealias Transform = (_ name: String, _ value: String) -> String?

    /// `a=1&b=2` with each item's value replaced where `transform` says.
    static func rewrite(query: Substring, _ transform: Transform) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let value = item[item.index(after: equals)...]
            guard !value.isEmpty, let replacement = transform(decoded(item[..<equals]), decoded(value)) else {
                return String(item)
            }
            return item[...equals] + replacement
        }.joined(separator: "&")
    }

    /// Whether `text`, a string with no declared type, reads as a form body
    /// or query string: no spaces, and every `&`-separated item `name=value`.
    static func looksLikeForm(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace }), text.contains("=") else { return false }
        return text.split(separator: "&").allSatisfy { $0.contains("=") }
    }

    /// Whether all of `text` is one URL: no white space, and a scheme and
    /// `://` first (`https://…`, `myapp://…`) or a path relative to its host
    /// (`/reset-password/…`, not `//`). Such a string, wherever it stands,
    /// is read as a URL field is.
    static func isWholeURL(_ text: Substring) -> Bool {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        if text.hasPrefix("/") { return !text.hasPrefix("//") }
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Whether `url` is where an OAuth authorization server sends the user
    /// back with a `code`: its query or fragment has a `state` item, or the
    /// part before them names a callback, a redirect or OAuth
    /// (`myapp://callback?code=…`, `/oauth/done#code=…`). A `code` elsewhere
    /// (`/cart?code=SUMMER26`, `/error?code=404`) is no credential.
    static func isAuthorizationRedirect(_ url: Substring) -> Bool {
        let start = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var names: Set<String> = []
        for part in url[start...].split(whereSeparator: { $0 == "?" || $0 == "#" }) {
            for item in items(query: part) { names.insert(item.name) }
        }
        guard names.contains("code") else { return false }
        if names.contains("state") { return true }
        let address = url[..<start].lowercased()
        let words = ["callback", "redirect", "oauth"]
        return words.contains(where: { address.contains($0) })
    }

    /// `text`, a form body, with its fields ordered by name (decoded, as Swift
    /// compares strings), the fields of one name in the order they came; each
    /// field is kept byte for byte. `nil` when there is nothing to order (one
    /// field) or a field is empty (`a=1&&b=2`, a trailing `&`): such a body
    /// is kept as it is.
    ///
    /// A form built from a dictionary (`URLComponents.queryItems = params.map
    /// { … }`) comes in another order in every process, while a server reads
    /// it by name; the values of one name are a list, whose order it reads.
    static func ordered(_ text: String) -> String? {
        let items = text.split(separator: "&", omittingEmptySubsequences: false)
        guard items.count > 1, !items.contains(where: \.isEmpty) else { return nil }
        let named = items.enumerated().map { offset, item in
            (offset: offset, name: decoded(item[..<(item.firstIndex(of: "=") ?? item.endIndex)]), item: item)
        }
        return named.sorted { left, right in
            left.name == right.name ? left.offset < right.offset : left.name < right.name
        }.map(\.item).joined(separator: "&")
    }

    /// The fields of two forms paired by name and by place among the fields
    /// of that name: each recorded field's value with the value of the
    /// actual field that meets it, or `nil`; and the values of the actual
    /// fields no recorded field meets. `nil` unless both read as forms
    /// (``looksLikeForm(_:)``) and `recorded` has more than one field.
    static func paired(recorded: String, actual: String)
        -> (pairs: [(recorded: Substring, actual: Substring?)], unpaired: [Substring])?
    {
        guard looksLikeForm(recorded), looksLikeForm(actual) else { return nil }
        func fields(_ text: String) -> [(name: Substring, value: Substring)] {
            text.split(separator: "&").compactMap { item in
                item.firstIndex(of: "=").map { (item[..<$0], item[item.index(after: $0)...]) }
            }
        }
        let old = fields(recorded)
        guard old.count > 1 else { return nil }
        let new = fields(actual)
        var places: [Substring: [Int]] = [:]
        for (index, field) in new.enumerated() { places[field.name, default: []].append(index) }
        var seen: [Substring: Int] = [:]
        var met = Set<Int>()
        let pairs = old.map { field -> (recorded: Substring, actual: Substring?) in
            let place = seen[field.name, default: 0]
            seen[field.name] = place + 1
            guard let indices = places[field.name], place < indices.count else { return (field.value, nil) }
            met.insert(indices[place])
            return (field.value, new[indices[place]].value)
        }
        return (pairs, new.indices.filter { !met.contains($0) }.map { new[$0].value })
    }

    /// Every `name=value` item of a query string or form body, decoded.
    static func items(query: Substring) -> [(name: String, value: String)] {
        query.split(separator: "&").compactMap { item in
            guard let equals = item.firstIndex(of: "=") else { return nil }
            return (decoded(item[..<equals]), decoded(item[item.index(after: equals)...]))
        }
    }

    /// `text` with the value of each field of a multipart body replaced
    /// where `transform` says; parts that carry a file are left alone.
    static func rewrite(multipart text: String, boundary: String, _ transform: Transform) -> String {
        let delimiter = "--" + boundary
        var pieces = text.components(separatedBy: delimiter)
        guard pieces.count > 2 else { return text }
        // The preamble before the first delimiter and the epilogue after `--` are no parts.
        for index in pieces.indices.dropFirst() {
            guard let part = Part(pieces[index]), let name = part.name, !part.isFile,
                let replacement = transform(name, part.content)
            else { continue }
            pieces[index] = part.head + replacement + part.tail
        }
        return pieces.joined(separator: delimiter)
    }

    /// Every field of a multipart body with its value; files are skipped.
    static func fields(multipart text: String, boundary: String) -> [(name: String, value: String)] {
        text.components(separatedBy: "--" + boundary).dropFirst().compactMap { piece in
            guard let part = Part(piece), let name = part.name, !part.isFile else { return nil }
            return (name, part.content)
        }
    }

    static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// One part of a multipart body: its headers, its content, and the
    /// line break that ends it.
    private struct Part {
        var head: String
        var content: String
        var tail: String
        var name: String?
        var isFile: Bool

        init?(_ piece: String) {
            guard !piece.hasPrefix("--") else { return nil }
            let separator = piece.range(of: "\r\n\r\n") ?? piece.range(of: "\n\n")
            guard let separator else { return nil }
            head = String(piece[..<separator.upperBound])
            var content = String(piece[separator.upperBound...])
            tail = ""
            for ending in ["\r\n", "\n"] where content.hasSuffix(ending) {
                content.removeLast(ending.count)
                tail = ending
                break
            }
            self.content = content
            // By Character, where `\r\n` is one line break.
            let disposition = head.split(whereSeparator: \.isNewline).first {
                $0.lowercased().hasPrefix("content-disposition:")
            }.map(String.init) ?? ""
            name = Self.parameter("name", in: disposition)
            isFile = Self.parameter("filename", in: disposition) != nil
        }

        /// The value of `name="…"` in a `Content-Disposition` line.
        private static func parameter(_ parameter: String, in line: String) -> String? {
            for field in line.split(separator: ";").dropFirst() {
                let trimmed = field.trimmingCharacters(in: .whitespacesAndNewlines)
                guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].lowercased() == parameter else { continue }
                let value = trimmed[trimmed.index(after: equals)...]
                return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : String(value)
            }
            return nil
        }
    }
}
