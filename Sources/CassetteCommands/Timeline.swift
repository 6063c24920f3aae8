import Foundation
import HybridReplay

/// A cassette as text for people and for `git diff`: one summary line per
/// event, then every field of its payload on a line of its own, so a change
/// to any field — a header, a body, a coordinate — changes the text.
///
/// The text depends on the cassette alone: no colours, no paths, no current
/// time, and columns of fixed width, so adding an event changes its own lines
/// of a diff rather than realigning the others.
package enum Timeline {
    /// The width of the id column; longer ids push the line right.
    static let idWidth = 4
    /// The width of the time column, enough for `+999.999s`.
    static let timeWidth = 9
    /// The width of the direction column, enough for `stimulus`.
    static let directionWidth = 8
    /// The width of the kind column, enough for every standard kind.
    static let kindWidth = EventKind.standard.map(\.description.count).max() ?? 22

    /// The most characters of a payload's summary a summary line shows; the
    /// field lines below it show every character.
    static let summaryWidth = 160

    /// The indent of the lines that give an event's fields.
    static let fieldIndent = String(repeating: " ", count: idWidth + 2)

    /// The lines for `cassette`: the header, then each event's summary line
    /// followed by its fields.
    ///
    /// ```
    /// # navigate-present — Tapping a link presents a native screen.
    /// # recorded by hand-written
    ///    1    +0.000s  stimulus  navigation.action       linkActivated GET navigate://present
    ///       url: "navigate://present"
    ///       navigationType: "linkActivated"
    ///    2    +0.010s  effect    navigation.decision     cancel  (cause 1)
    ///       policy: "cancel"
    /// ```
    package static func lines(for cassette: Cassette) -> [String] {
        header(of: cassette.header) + cassette.events.flatMap(lines(for:))
    }

    /// The summary line of `event`, then one line per field of its payload.
    package static func lines(for event: Event) -> [String] {
        [line(for: event)] + fieldLines(for: event)
    }

    /// One line per leaf of the payload: its path and its value as compact JSON.
    static func fieldLines(for event: Event) -> [String] {
        EventFields.leaves(of: event.payload).map { leaf in
            fieldIndent + (leaf.path.isEmpty ? "payload" : leaf.path) + ": " + leaf.value.description
        }
    }

    /// The text for `cassette`: ``lines(for:)`` each ending in a newline.
    package static func text(for cassette: Cassette) -> String {
        lines(for: cassette).map { $0 + "\n" }.joined()
    }

    static func header(of header: CassetteHeader) -> [String] {
        var lines = ["# " + oneLine(header.name) + (header.description.map { " — " + oneLine($0) } ?? "")]
        // Each part is quoted when it could be mistaken for another: a version with a space in it, say.
        var tool = quotedIfAmbiguous(header.recordedBy.tool)
        if let version = header.recordedBy.version { tool += " " + quotedIfAmbiguous(version) }
        // The engine comes last, so only an empty one or one starting with a quote needs quoting.
        if let engine = header.recordedBy.engine {
            tool += " with " + (engine.isEmpty || engine.hasPrefix("\"") ? JSONValue.string(engine).description : engine)
        }
        lines.append("# recorded by " + oneLine(tool))
        if header.formatVersion != Cassette.currentFormatVersion {
            lines.append("# format version \(header.formatVersion)")
        }
        if let contract = header.contract { lines.append("# contract: " + oneLine(contract)) }
        if !header.redactions.isEmpty {
            lines.append("# redacted: " + oneLine(header.redactions.map(quotedIfAmbiguous).joined(separator: ", ")))
        }
        if !header.volatile.isEmpty {
            lines.append("# volatile: " + oneLine(header.volatile.map { quotedIfAmbiguous($0.description) }.joined(separator: ", ")))
        }
        return lines
    }

    /// `text` cut to ``summaryWidth`` characters with `…` and its total length
    /// when it is longer, such as a 53 KB script: a summary line stays one line
    /// to read, and the field lines below it still show every character.
    static func shortened(_ text: String) -> String {
        guard text.count > summaryWidth else { return text }
        return String(text.prefix(summaryWidth)) + "… (\(text.count) characters)"
    }

    /// `text`, or `text` as a JSON string when it holds what separates the
    /// parts of a header line, is empty, or starts with a quote.
    static func quotedIfAmbiguous(_ text: String) -> String {
        let ambiguous = text.isEmpty || text.hasPrefix("\"") || text.contains(" ") || text.contains(",")
        return ambiguous ? JSONValue.string(text).description : text
    }

    static func line(for event: Event) -> String {
        var relations: [String] = []
        if let cause = event.cause { relations.append("cause \(cause)") }
        if let answers = event.answers { relations.append("answers \(answers)") }
        let columns = [
            String(event.id).leftPadding(to: idWidth),
            ("+" + seconds(event.at) + "s").leftPadding(to: timeWidth),
            event.direction.rawValue.padding(to: directionWidth),
            event.kind.description.padding(to: kindWidth),
            shortened(oneLine(event.payload.summary)),
            relations.isEmpty ? "" : "(" + relations.joined(separator: ", ") + ")",
        ]
        var line = columns.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Seconds with three decimals, or every digit it takes when three would
    /// round the time: a timeline hides no change.
    static func seconds(_ at: Double) -> String {
        let short = String(format: "%.3f", at)
        return Double(short) == at ? short : JSONValue.number(at).description
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
