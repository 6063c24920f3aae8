import HybridReplay

/// A failed replay's issues as an attachment: one JSON document of their
/// structure, next to the actual trace, for tools and for reading field by
/// field what the console tells in sentences. Its name shares the trace's
/// stem (see ``AttachmentNames``).
///
/// The issues come from a report the replay has already redacted, so the
/// attachment shows no secret the report hides.
enum IssueAttachment {
    /// The document: `{"issues": [...]}`, each issue's fields in a fixed
    /// order, absent fields left out, in the cassettes' canonical layout.
    static func bytes(of issues: [ReplayIssue]) -> [UInt8] {
        var printer = CanonicalPrinter()
        printer.printDocument(.object([("issues", .array(issues.map(node)))]))
        return printer.bytes
    }

    static func node(_ issue: ReplayIssue) -> CanonicalNode {
        var members: [(String, CanonicalNode)] = [("kind", text(issue.kind.description))]
        if let reportedAs = issue.reportedAs { members.append(("reportedAs", text(reportedAs.description))) }
        if let eventID = issue.eventID { members.append(("event", .value(.number(Double(eventID))))) }
        if let eventKind = issue.eventKind { members.append(("eventKind", text(eventKind.description))) }
        if let cause = issue.cause { members.append(("cause", node(cause))) }
        if let related = issue.relatedEvent { members.append(("relatedEvent", node(related))) }
        if let call = issue.missingCall { members.append(("missingCall", node(call))) }
        if let expected = issue.expected { members.append(("expected", text(expected))) }
        if let found = issue.found { members.append(("found", text(found))) }
        if !issue.differences.isEmpty {
            members.append(("differences", .array(issue.differences.map(node))))
        }
        if let actual = issue.actual { members.append(("happened", text(actual))) }
        if let nearest = issue.nearestCandidate { members.append(("nearestCandidate", text(nearest))) }
        if let hint = issue.hint { members.append(("hint", text(hint))) }
        if let stall = issue.stall { members.append(("stall", node(stall))) }
        if issue.unreplayedEvents > 0 {
            members.append(("unreplayedEvents", .value(.number(Double(issue.unreplayedEvents)))))
        }
        members.append(("message", text(issue.message)))
        return .object(members)
    }

    private static func node(_ reference: ReplayIssue.EventReference) -> CanonicalNode {
        var members: [(String, CanonicalNode)] = [("id", .value(.number(Double(reference.id))))]
        if let kind = reference.kind { members.append(("kind", text(kind.description))) }
        if !reference.summary.isEmpty { members.append(("summary", text(reference.summary))) }
        return .object(members)
    }

    private static func node(_ difference: FieldDifference) -> CanonicalNode {
        var members: [(String, CanonicalNode)] = [("path", text(difference.path))]
        members.append(("expected", difference.expected.map(text) ?? .value(.null)))
        members.append(("found", difference.actual.map(text) ?? .value(.null)))
        if let note = difference.note, !note.isEmpty { members.append(("note", text(note))) }
        return .object(members)
    }

    private static func node(_ stall: ReplayIssue.Stall) -> CanonicalNode {
        var members: [(String, CanonicalNode)] = [
            ("busy", .value(.bool(stall.wasBusy))), ("clock", seconds(stall.clock)),
        ]
        if let deadline = stall.sleeperDeadline { members.append(("sleeperDeadline", seconds(deadline))) }
        if let recordedAt = stall.recordedAt { members.append(("recordedAt", seconds(recordedAt))) }
        if stall.untrackedEffects > 0 {
            members.append(("untrackedEffects", .value(.number(Double(stall.untrackedEffects)))))
        }
        if let first = stall.firstUntrackedEffect { members.append(("firstUntrackedEffect", text(first))) }
        members.append(("waitedForUnseenWork", .value(.bool(stall.waitedForUnseenWork))))
        if let unseen = stall.unseenWork { members.append(("unseenWork", text(unseen))) }
        members.append(("stillWaitedOnReplay", .value(.bool(stall.stillWaitedOnReplay))))
        members.append(("stallTimeout", seconds(stall.stallTimeout)))
        return .object(members)
    }

    private static func text(_ string: String) -> CanonicalNode { .value(.string(string)) }

    private static func seconds(_ duration: Duration) -> CanonicalNode { .value(.number(duration.timeInterval)) }
}
