import Foundation
import HybridReplay

/// A cassette as text, one line per event, for people and for `git diff`.
///
/// The text depends on the cassette alone: no colours, no paths, no current
/// time, and columns of fixed width, so adding an event changes one line of
/// a diff rather than realigning the others.
public enum Timeline {
    /// The width of the id column; longer ids push the line right.
    static let idWidth = 4
    /// The width of the time column, enough for `+999.999s`.
    static let timeWidth = 9
    /// The width of the direction column, enough for `stimulus`.
    static let directionWidth = 8
    /// The width of the kind column, enough for every standard kind.
    static let kindWidth = EventKind.standard.map(\.description.count).max() ?? 22

    /// The lines for `cassette`: the header, then one line per event.
    ///
    /// ```
    /// # navigate-present — Tapping a link presents a native screen.
    /// # recorded by hand-written
    ///    1    +0.000s  stimulus  navigation.action       linkActivated GET navigate://present
    ///    2    +0.010s  effect    navigation.decision     cancel  (cause 1)
    /// ```
    public static func lines(for cassette: Cassette) -> [String] {
        header(of: cassette.header) + cassette.events.map(line(for:))
    }

    /// The text for `cassette`: ``lines(for:)`` each ending in a newline.
    public static func text(for cassette: Cassette) -> String {
        lines(for: cassette).map { $0 + "\n" }.joined()
    }

    static func header(of header: CassetteHeader) -> [String] {
        var lines = ["# " + oneLine(header.name) + (header.description.map { " — " + oneLine($0) } ?? "")]
        var tool = header.recordedBy.tool
        if let version = header.recordedBy.version { tool += " " + version }
        if let engine = header.recordedBy.engine { tool += " with " + engine }
        lines.append("# recorded by " + oneLine(tool))
        if let contract = header.contract { lines.append("# contract: " + oneLine(contract)) }
        if !header.redactions.isEmpty {
            lines.append("# redacted: " + oneLine(header.redactions.joined(separator: ", ")))
        }
        return lines
    }

    static func line(for event: Event) -> String {
        var relations: [String] = []
        if let cause = event.cause { relations.append("cause \(cause)") }
        if let answers = event.answers { relations.append("answers \(answers)") }
        let columns = [
            String(event.id).leftPadding(to: idWidth),
            ("+" + String(format: "%.3f", event.at) + "s").leftPadding(to: timeWidth),
            event.direction.rawValue.padding(to: directionWidth),
            event.kind.description.padding(to: kindWidth),
            oneLine(event.payload.summary),
            relations.isEmpty ? "" : "(" + relations.joined(separator: ", ") + ")",
        ]
        var line = columns.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// `text` with control characters escaped, so it stays on one line.
    static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
