import Foundation

/// The values a recording redacted, replaced wherever else they appear.
///
/// Rules find a secret by where it stands: a header, a secret-named field,
/// a credential's shape. Once found, the same value is a secret everywhere:
/// in a script the app evaluates (`console.log("Signing in ada / <password>")`),
/// a URL, a dialog's text, a body the app serves through its own scheme, a
/// custom event. Each occurrence is replaced by the placeholder the value
/// already has, so `[REDACTED:1]` means one secret throughout the cassette.
///
/// Only values of at least ``minimumLength`` characters are replaced
/// everywhere, and only where they stand as a whole word: not inside a
/// longer run of letters and digits. A short value (a 4-digit PIN, a cookie
/// valued `1`, `true`) is hidden only where a rule finds it, so that hiding
/// it does not rewrite every `1` and every `true` in the cassette. A short
/// value found by what asked for it (a prompt's answer) is replaced where it
/// is quoted whole (``addQuoted(_:)``), and a declared one as a whole word.
struct RedactedValues: Sendable {
    /// Shorter values are too likely to be ordinary text.
    static let minimumLength = 6

    /// Each value with its placeholder, longest first, so a secret that holds
    /// another is replaced whole.
    private var pairs: [(secret: String, placeholder: String)]
    /// Values replaced where a string is exactly the value, with their
    /// placeholders: short secrets a rule found by what asked for them
    /// (see ``addQuoted(_:)``).
    private var wholes: [String: String] = [:]

    /// The values of `replacements` that are replaced everywhere.
    ///
    /// - Parameter replacements: Secrets with their placeholders, such as
    ///   ``RedactionPlaceholders/replacements``.
    init(_ replacements: [(secret: String, placeholder: String)] = []) {
        self.pairs = []
        add(replacements)
    }

    /// Adds the values of `replacements` that are replaced everywhere.
    ///
    /// - Parameters:
    ///   - replacements: Secrets with their placeholders.
    ///   - declared: Secrets the test declared (``Redaction/values(_:)``), replaced whatever their length.
    mutating func add(_ replacements: [(secret: String, placeholder: String)], declared: Set<String> = []) {
        var added = false
        for (secret, placeholder) in replacements
        where Self.isReplacedEverywhere(secret) || declared.contains(secret) && RedactionPlaceholders.number(in: secret) == nil {
            pairs.append((secret, placeholder))
            added = true
            // The same value as a URL or a string literal carries it.
            for encoded in Self.encodedForms(of: secret) { pairs.append((encoded, placeholder)) }
        }
        if added { pairs.sort { $0.secret.count > $1.secret.count } }
    }

    /// Adds secrets shorter than ``minimumLength`` that a rule found by what
    /// asked for them, such as the 4-digit answer to a prompt for a PIN:
    /// each is replaced where a string is exactly the secret, and where
    /// text quotes it whole — between two `"`, two `'` or two `` ` ``, such
    /// quotes escaped once or twice as a string literal in JSON escapes
    /// them (`analytics.track('pin-autofill', '4821')`,
    /// `"track(\"4821\")"`). Not where it stands unquoted, where a short
    /// value may well be an ordinary number (`cart.count(4821)`), nor inside
    /// a longer quoted string (`'x4821'`). A longer secret is added as
    /// ``add(_:declared:)`` adds it.
    ///
    /// - Parameter replacements: Secrets with their placeholders.
    mutating func addQuoted(_ replacements: [(secret: String, placeholder: String)]) {
        var added = false
        for (secret, placeholder) in replacements
        where RedactionPlaceholders.number(in: secret) == nil && secret.contains(where: { !$0.isWhitespace }) {
            guard !Self.isReplacedEverywhere(secret) else {
                add([(secret, placeholder)])
                continue
            }
            wholes[secret] = placeholder
            for form in [secret] + Self.encodedForms(of: secret) {
                for quote in ["\"", "'", "`"] {
                    for escape in ["", "\\", "\\\\\\"] {
                        let mark = escape + quote
                        pairs.append((mark + form + mark, mark + placeholder + mark))
                    }
                }
            }
            added = true
        }
        if added { pairs.sort { $0.secret.count > $1.secret.count } }
    }

    /// These values and those of `other`, each once.
    func merged(with other: RedactedValues) -> RedactedValues {
        guard !other.isEmpty else { return self }
        var merged = self
        merged.pairs += other.pairs.filter { pair in !pairs.contains { $0.secret == pair.secret } }
        merged.pairs.sort { $0.secret.count > $1.secret.count }
        merged.wholes.merge(other.wholes) { mine, _ in mine }
        return merged
    }

    /// `secret` as other text carries it, each form that differs from it
    /// once: percent-encoded as in a URL (`a+b/c=` as `a%2Bb%2Fc%3D`, and a
    /// space as `+` too, as a form writes it), and
    /// escaped as in a string literal — a JSON string's (`"` as `\"`, `\` as
    /// `\\`), with `/` as `\/` as `JSONEncoder` writes it (or only that, as
    /// a replay's comparison leaves the rest escaped), or a single-quoted
    /// JavaScript one's (`'` as `\'`) — and such a literal escaped again, as
    /// JSON holding a script that holds the literal writes it.
    static func encodedForms(of secret: String) -> [String] {
        var forms: [String] = []
        func add(_ form: String?) {
            if let form, form != secret, !forms.contains(form) { forms.append(form) }
        }
        add(secret.addingPercentEncoding(withAllowedCharacters: unreserved))
        // A form or query writes a space as `+`.
        let spaced = unreserved.union(CharacterSet(charactersIn: " "))
        add(secret.addingPercentEncoding(withAllowedCharacters: spaced)?.replacing(" ", with: "+"))
        let json = jsonEscaped(secret)
        let literals = [
            json, json.replacing("/", with: "\\/"), secret.replacing("/", with: "\\/"),
            secret.replacing("\\", with: "\\\\").replacing("'", with: "\\'"),
        ]
        for literal in literals {
            add(literal)
            add(jsonEscaped(literal))
        }
        return forms
    }

    /// `text` as a JSON string writes it, without its quotes.
    private static func jsonEscaped(_ text: String) -> String {
        String(JSONValue.string(text).description.dropFirst().dropLast())
    }

    /// Whether `secret` is replaced wherever it appears, not only where a rule found it.
    static func isReplacedEverywhere(_ secret: String) -> Bool {
        secret.count >= minimumLength && RedactionPlaceholders.number(in: secret) == nil
            && secret.contains { !$0.isWhitespace }
    }

    var isEmpty: Bool { pairs.isEmpty && wholes.isEmpty }

    /// `payload` with every value replaced in every string it writes.
    ///
    /// - Parameters:
    ///   - payload: The payload to store.
    ///   - texts: ``PayloadStrings/texts(of:)`` of `payload`, when known.
    /// - Returns: `payload` itself when it holds none of the values; the
    ///   payload to store; `nil` when replacing makes it unreadable, such as
    ///   a secret equal to a navigation policy.
    func apply(to payload: any EventPayload, texts: [UInt8]? = nil) -> (any EventPayload)? {
        guard !isEmpty else { return payload }
        let texts = texts ?? PayloadStrings.texts(of: payload)
        // Most payloads hold no secret: search their text once rather than rewrite them.
        let present = pairs.filter { Self.bytes(texts, contain: $0.secret) }
        let wholes = wholes.filter { Self.bytes(texts, contain: $0.key) }
        guard !present.isEmpty || !wholes.isEmpty else { return payload }
        let values = RedactedValues(sorted: present, wholes: wholes)
        return PayloadStrings.rewrite(payload, text: values.replacing(in:), bytes: values.replacing(in:))
    }

    private init(sorted pairs: [(secret: String, placeholder: String)], wholes: [String: String]) {
        self.pairs = pairs
        self.wholes = wholes
    }

    /// `text` with every value that stands there as a whole word replaced,
    /// and the whole text when it is a value added by ``addQuoted(_:)``.
    func replacing(in text: String) -> String {
        if let placeholder = wholes[text] { return placeholder }
        var text = text
        for (secret, placeholder) in pairs where text.contains(secret) {
            // A placeholder already there is never cut in two.
            let protected = text.contains("[REDACTED") ? RedactionPlaceholders.ranges(in: text) : []
            var result = ""
            var position = text.startIndex
            var searchStart = text.startIndex
            while let found = text.range(of: secret, range: searchStart..<text.endIndex) {
                if Self.standsAlone(found, in: text), !RedactionPlaceholders.cuts(found, protected) {
                    result += text[position..<found.lowerBound]
                    result += placeholder
                    position = found.upperBound
                    searchStart = found.upperBound
                } else {
                    searchStart = text.index(after: found.lowerBound)
                }
            }
            text = result + text[position...]
        }
        return text
    }

    /// `data` with every value, as UTF-8 bytes, replaced where it stands as a
    /// whole word — or wherever it stands, in bytes that are not UTF-8 text
    /// and hold no words, where the byte of a protobuf tag or length next to
    /// it is no letter; the other bytes are kept, whatever their encoding.
    func replacing(in data: Data) -> Data {
        if !wholes.isEmpty, let text = String(bytes: data, encoding: .utf8), let placeholder = wholes[text] {
            return Data(placeholder.utf8)
        }
        var bytes = [UInt8](data)
        let isText = String(validating: bytes, as: UTF8.self) != nil
        for (secret, placeholder) in pairs {
            let needle = Array(secret.utf8)
            guard needle.count <= bytes.count else { continue }
            let protected = RedactionPlaceholders.ranges(in: bytes)
            var result: [UInt8] = []
            var position = 0
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle),
                    !isText || Self.standsAlone(index..<index + needle.count, in: bytes),
                    !RedactionPlaceholders.cuts(index..<index + needle.count, protected)
                {
                    result += bytes[position..<index]
                    result += Array(placeholder.utf8)
                    index += needle.count
                    position = index
                } else {
                    index += 1
                }
            }
            if position > 0 { bytes = result + bytes[position...] }
        }
        return bytes == [UInt8](data) ? data : Data(bytes)
    }

    /// Whether `haystack` holds the UTF-8 bytes of `needle`.
    static func bytes(_ haystack: [UInt8], contain needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { needle in
            haystack.withUnsafeBufferPointer { haystack in
                guard let start = haystack.baseAddress, let wanted = needle.baseAddress, let first = needle.first,
                    needle.count <= haystack.count
                else { return needle.isEmpty }
                var offset = 0
                let lastStart = haystack.count - needle.count
                while offset <= lastStart {
                    guard let found = memchr(start + offset, Int32(first), lastStart - offset + 1) else { return false }
                    offset = UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
                    if memcmp(start + offset, wanted, needle.count) == 0 { return true }
                    offset += 1
                }
                return false
            }
        }
    }

    /// Whether the match is not part of a longer word: a match that starts
    /// (ends) with a letter or digit must not follow (precede) one.
    private static func standsAlone(_ range: Range<String.Index>, in text: String) -> Bool {
        let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
        let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
        let first = text[range.lowerBound]
        let last = text[text.index(before: range.upperBound)]
        return !(isWordCharacter(first) && before.map(isWordCharacter) == true)
            && !(isWordCharacter(last) && after.map(isWordCharacter) == true)
    }

    private static func standsAlone(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        let before = range.lowerBound > 0 ? bytes[range.lowerBound - 1] : nil
        let after = range.upperBound < bytes.count ? bytes[range.upperBound] : nil
        return !(isWordByte(bytes[range.lowerBound]) && before.map(isWordByte) == true)
            && !(isWordByte(bytes[range.upperBound - 1]) && after.map(isWordByte) == true)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// A byte of a letter, a digit, `_` or of a character beyond ASCII.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
    }

    /// RFC 3986's unreserved characters, which a URL never percent-encodes.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
