import Foundation
import HybridReplay

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the points of a GPX document with `XMLParser`, stopping at the first
/// problem with a ``GPXError`` that says where it is.
///
/// On Linux `XMLParser` is libxml2, which recovers from some errors, keeps
/// calling back and may still report success; so the first error is kept and
/// parsing aborted there, and every callback after it is ignored.
final class GPXTrackParser: NSObject, XMLParserDelegate {
    private static let namespaces: Set<String> = [
        "", "http://www.topografix.com/GPX/1/1", "http://www.topografix.com/GPX/1/0",
    ]
    /// The element each kind of point sits in.
    private static let pointParents = ["wpt": "gpx", "rtept": "rte", "trkpt": "trkseg"]
    /// The children of a point whose text becomes part of the fix, with what a number in them means.
    private static let fields = [
        "ele": "an elevation in metres", "speed": "a speed in metres per second", "course": "a course in degrees",
        "time": "",
    ]
    /// libxml2's global state is only documented as safe once initialised and
    /// when nothing else tears it down; GPX files are read rarely, so one at a time.
    /// A plain lock: ThreadSanitizer reported a Swift access race on the
    /// zero-sized value of the `Locked<()>` this was, whose address is the
    /// object's own.
    private static let serial = NSLock()

    private struct Element {
        var name: String
        /// The name as written, with its prefix.
        var tag: String
        /// Whether it and every element around it are in a GPX namespace (or none).
        var isGPX: Bool
        /// Where XMLParser was when it reported the start tag: at the tag's end.
        var line: Int
        var column: Int
    }

    private struct Point {
        var element: Element
        var depth: Int
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var speed: Double?
        var course: Double?
        var instant: Duration?
    }

    private let data: Data
    private let name: String
    private let start: Duration?
    private let interval: Duration
    private var stack: [Element] = []
    private var root: Element?
    private var point: Point?
    /// The text read so far of the point's child being read, such as its `<time>`.
    private var field: (element: Element, text: String)?
    private var previousInstant: Duration?
    private var fixes: [LocationFix] = []
    private var error: GPXError?

    private init(data: Data, name: String, start: Date, interval: Duration) {
        self.data = data
        self.name = name
        self.start = GPXTime.instant(start)
        self.interval = interval
    }

    /// The points of the GPX document in `data`, in document order.
    static func fixes(in data: Data, name: String, start: Date, interval: Duration) throws(GPXError) -> [LocationFix] {
        let first = SourcePosition(line: 1, column: 1)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = data.starts(with: byteOrderMark) ? data.dropFirst(3) : data[...]
        guard body.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
            throw GPXError(
                file: name, position: first,
                message: "the file is empty; expected a GPX document such as "
                    + "<gpx version=\"1.1\"><wpt lat=\"37.3349\" lon=\"-122.009\"/></gpx>")
        }
        let document: Data
        do {
            document = try GPXEncoding.utf8Document(Data(body))
        } catch {
            throw GPXError(file: name, position: error.position, message: error.message)
        }
        let reader = GPXTrackParser(data: document, name: name, start: start, interval: interval)
        let parser = XMLParser(data: document)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        serial.lock()
        let finished = parser.parse()
        serial.unlock()
        if let error = reader.error { throw error }
        guard let root = reader.root else {
            throw GPXError(file: name, position: first, message: "expected a <gpx> root element, found none")
        }
        guard finished else {
            let code = parser.parserError.map { " \(($0 as NSError).code)" } ?? ""
            throw GPXError(file: name, position: first, message: "malformed XML: XMLParser error\(code)")
        }
        guard !reader.fixes.isEmpty else {
            throw GPXError(
                file: name, position: reader.tagStart(root),
                message: "<\(root.tag)> has no points; expected <wpt>, <rtept> in <rte>, or <trkpt> in <trkseg>, "
                    + "each with lat and lon")
        }
        return reader.fixes
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        let parent = stack.last
        let element = Element(
            name: elementName, tag: qualifiedName ?? elementName,
            isGPX: Self.namespaces.contains(namespaceURI ?? "") && parent?.isGPX ?? true,
            line: parser.lineNumber, column: parser.columnNumber)
        let depth = stack.count
        stack.append(element)
        guard let parent else {
            guard element.isGPX, element.name == "gpx" else {
                let namespace = namespaceURI.map { $0.isEmpty ? "" : " in the namespace \($0)" } ?? ""
                let found = "<\(element.tag)>\(namespace)"
                return fail(parser, at: tagStart(element), "expected a <gpx> root element, found \(found)")
            }
            root = element
            return
        }
        guard element.isGPX else { return }
        if let point {
            if depth == point.depth + 1, Self.fields[element.name] != nil { field = (element, "") }
        } else if Self.pointParents[element.name] == parent.name {
            startPoint(element, depth: depth, attributes: attributes, parser)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, field != nil else { return }
        field?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard error == nil, field != nil else { return }
        field?.text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard error == nil, stack.popLast() != nil, let depth = point?.depth else { return }
        if let field, stack.count == depth + 1 {
            self.field = nil
            read(field.element, field.text.trimmingCharacters(in: .whitespacesAndNewlines), parser)
        } else if stack.count == depth, let point {
            self.point = nil
            finish(point, parser)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard error == nil else { return }
        let reported = SourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        let (message, position) = describe((parseError as NSError).code, at: reported)
        fail(parser, at: position, "malformed XML: \(message)")
    }

    /// Words for the libxml2 error `code` (its `xmlParserErrors`, which
    /// XMLParser passes on as the error's code) that libxml2 reported at `reported`.
    private func describe(_ code: Int, at reported: SourcePosition) -> (String, SourcePosition) {
        let open = stack.last.map { (tag: $0.tag, description: "<\($0.tag)> from line \(tagStart($0).line)") }
        switch code {
        case 4: return ("expected a <gpx> root element, found text that is not XML", reported)
        case 5:
            if let open { return ("the file ends inside \(open.description); expected </\(open.tag)>", reported) }
            if let root { return ("expected nothing after </\(root.tag)>, found more content", reported) }
            return ("expected a <gpx> root element, found none", reported)
        case 9: return ("a character XML does not allow", reported)
        case 23, 26, 68: return ("expected a name after < or &; write a literal < as &lt; and & as &amp;", reported)
        case 38: return ("a < inside an attribute value; write it as &lt;", reported)
        case 39, 41: return ("an attribute without a quoted value; expected name=\"value\"", reported)
        case 40: return ("an attribute value that never ends; expected a closing quote", reported)
        case 42: return ("the same attribute twice in one tag", reported)
        case 57, 96: return ("an unfinished <?xml …?> declaration; expected <?xml version=\"1.0\"?>", reported)
        case 64: return ("an <?xml …?> declaration that is not at the very start of the file", reported)
        case 73: return ("expected > to end the tag", reported)
        case 76:
            let closing = closingTag(endingAt: reported)
            let found = closing.map { "</\($0.name)>" } ?? "another closing tag"
            let expected = open.map { "</\($0.tag)> to close \($0.description)" } ?? "no closing tag"
            return ("expected \(expected), found \(found)", closing?.position ?? reported)
        case 89: return ("entities that refer to themselves or expand too far", reported)
        case 201: return ("a namespace prefix that is never declared with xmlns", reported)
        default: return ("XMLParser error \(code)", reported)
        }
    }

    // MARK: Points

    private func startPoint(_ element: Element, depth: Int, attributes: [String: String], _ parser: XMLParser) {
        guard let latitude = coordinate("lat", attributes, limit: 90, of: element, parser),
            let longitude = coordinate("lon", attributes, limit: 180, of: element, parser)
        else { return }
        point = Point(element: element, depth: depth, latitude: latitude, longitude: longitude)
    }

    /// The value of the `lat` or `lon` attribute, or `nil` after failing.
    private func coordinate(
        _ attribute: String, _ attributes: [String: String], limit: Int, of element: Element, _ parser: XMLParser
    ) -> Double? {
        let quantity = attribute == "lat" ? "latitude" : "longitude"
        guard let text = attributes[attribute] else {
            fail(
                parser, at: tagStart(element),
                "<\(element.tag)> has no \(attribute) attribute; expected \(attribute)=\"…\" with the \(quantity) "
                    + "in decimal degrees")
            return nil
        }
        guard let value = Self.number(text) else {
            fail(
                parser, at: tagStart(element),
                "<\(element.tag)> \(attribute)=\"\(Self.excerpt(text))\" is not a number; expected the \(quantity) "
                    + "in decimal degrees")
            return nil
        }
        guard (-Double(limit)...Double(limit)).contains(value) else {
            fail(
                parser, at: tagStart(element),
                "<\(element.tag)> \(attribute)=\"\(Self.excerpt(text))\" is outside -\(limit)...\(limit); expected the \(quantity) "
                    + "in decimal degrees")
            return nil
        }
        return value
    }

    /// Reads the text of one of a point's fields into the point.
    private func read(_ element: Element, _ text: String, _ parser: XMLParser) {
        if element.name == "time" {
            guard let instant = GPXTime.instant(xml: text) else {
                return fail(
                    parser, at: tagStart(element),
                    "<\(element.tag)>\(Self.excerpt(text))</\(element.tag)> is not a time; expected an ISO 8601 date and time "
                        + "between the years 0000 and 9999, such as 2026-01-31T12:00:00Z")
            }
            point?.instant = instant
            return
        }
        guard let value = Self.number(text) else {
            return fail(
                parser, at: tagStart(element),
                "<\(element.tag)>\(Self.excerpt(text))</\(element.tag)> is not a number; expected "
                    + (Self.fields[element.name] ?? "a number"))
        }
        switch element.name {
        case "ele": point?.altitude = value
        case "speed": point?.speed = value
        default: point?.course = value
        }
    }

    private func finish(_ point: Point, _ parser: XMLParser) {
        let next = previousInstant.map { $0 + interval } ?? start
        guard let instant = point.instant ?? next, let timestamp = GPXTime.text(instant) else {
            return fail(
                parser, at: tagStart(point.element),
                "<\(point.element.tag)> has no <time>, and the start date and interval put it outside the years "
                    + "0000 to 9999; expected a startingAt date and an interval that stay within them")
        }
        previousInstant = instant
        fixes.append(
            LocationFix(
                latitude: point.latitude, longitude: point.longitude, altitude: point.altitude, course: point.course,
                speed: point.speed, timestamp: timestamp))
    }

    private func fail(_ parser: XMLParser, at position: SourcePosition, _ message: String) {
        guard error == nil else { return }
        error = GPXError(file: name, position: position, message: message)
        parser.abortParsing()
    }

    /// A finite decimal number such as `-122.0312`, without the `nan`, `inf`
    /// and hexadecimal forms `Double` also reads.
    private static func number(_ text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ "+-.0123456789eE".unicodeScalars.contains($0) }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// `text`, shortened so that a runaway value does not flood the message.
    private static func excerpt(_ text: String) -> String {
        text.count > 60 ? "\(text.prefix(60))…" : text
    }

    // MARK: Positions

    /// Where `element`'s start tag begins: libxml2 reports where it ends.
    private func tagStart(_ element: Element) -> SourcePosition {
        let reported = SourcePosition(line: max(element.line, 1), column: max(element.column, 1))
        return lessThan(before: reported)?.position ?? reported
    }

    /// The closing tag that libxml2 reported just after, at `position`, such as `</wpx>`.
    private func closingTag(endingAt position: SourcePosition) -> (name: String, position: SourcePosition)? {
        guard let (offset, start) = lessThan(before: position) else { return nil }
        let bytes = data.dropFirst(offset)
        guard bytes.starts(with: "</".utf8) else { return nil }
        let name = bytes.dropFirst(2).prefix { !" \t\r\n>".utf8.contains($0) }
        guard !name.isEmpty else { return nil }
        return (String(decoding: name, as: UTF8.self), start)
    }

    /// The last `<` before `position` (1-based, columns counting Unicode
    /// scalars as libxml2 does), with its byte offset. libxml2 reports a tag
    /// at its `>` or `/>`, or just after it; so the tag is the one that opens last before.
    private func lessThan(before position: SourcePosition) -> (offset: Int, position: SourcePosition)? {
        let bytes = [UInt8](data)
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var offset = bomLength
        var line = 1
        while line < position.line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        var column = 1
        while column < position.column, offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        offset = min(offset - 1, bytes.count - 1)
        while offset >= bomLength, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
        guard offset >= bomLength else { return nil }
        var found = SourcePosition(offset: offset, in: bytes)
        if bomLength > 0, found.line == 1 { found.column -= 1 }
        return (offset, found)
    }
}
