/// Replay issues and reports as the console shows them: the text of a
/// Swift Testing issue, an XCTest failure, `cassette verify`'s output and a
/// GitHub annotation.
///
/// The only place their sentences are composed: the replay decides what
/// happened as structure (``ReplayIssue``), and this renderer words it.
/// ``ReplayIssue/message``, ``ReplayIssue/headline`` and
/// ``ReplayReport/description`` are its output.
package enum ConsoleIssueRenderer {
    /// What an issue says happened, in one sentence.
    package static func message(of issue: ReplayIssue) -> String {
        var text = sentence(of: issue)
        if issue.reportedAs != nil {
            // Work the replay follows, woken by the end: what was missing comes first, the late arrival after.
            text =
                issue.cameOnceWokenByEnd
                ? text + "; it came only after the replay had reported it missing, once the end of the run had "
                    + "cancelled what its work still waited for on the replay"
                : "the effect came after the replay had reported it missing, from work the replay could not see; "
                    + "it was reported as: " + text
        }
        if issue.unreplayedEvents > 0 { text += " (\(issue.unreplayedEvents) later events were not replayed)" }
        return text
    }

    /// The headline: event, channel and kind, then the message.
    package static func headline(of issue: ReplayIssue) -> String {
        // An effect the cassette does not have is named by its kind alone: `javascript.evaluate: …`.
        var subject: [String] = []
        if let eventID = issue.eventID { subject.append("event \(eventID)") }
        if let eventKind = issue.eventKind { subject.append(issue.eventID == nil ? "\(eventKind)" : "(\(eventKind))") }
        return (subject.isEmpty ? "" : subject.joined(separator: " ") + ": ") + message(of: issue)
    }

    /// How many field differences an issue's text lists before it counts the rest.
    package static let shownDifferences = 12

    /// The headline, then the differences field by field, what happened and the nearest candidate, one a line.
    ///
    /// Past ``shownDifferences`` differences the text counts the rest in one
    /// line, saying where they are all listed: `fullListing`, such as the
    /// name of an attachment, or else the issue's `differences`. The
    /// structure keeps every difference.
    package static func lines(of issue: ReplayIssue, fullListing: String? = nil) -> [String] {
        var lines = [headline(of: issue)]
        lines += issue.differences.prefix(shownDifferences).map { "  \($0)" }
        let more = issue.differences.count - shownDifferences
        if more > 0 {
            let total = issue.differences.count
            lines.append(
                "  … and \(more) more difference\(more == 1 ? "" : "s") (all \(total) are listed in "
                    + (fullListing ?? "the issue's `differences`") + ")")
        }
        if let actual = issue.actual { lines.append("  happened: \(actual)") }
        if let nearest = issue.nearestCandidate { lines.append("  nearest recorded candidate: \(nearest)") }
        return lines
    }

    /// The report: whether it passed, then every issue indented, then the command that re-records.
    ///
    /// - Parameter fullListing: Where every field difference is listed, such as
    ///   an attachment, named where an issue's text stops listing them.
    package static func lines(of report: ReplayReport, fullListing: String? = nil) -> [String] {
        guard !report.passed else {
            return ["\(report.subject): replay passed" + (report.runs > 1 ? " (\(report.runs) runs, identical traces)" : "")]
        }
        let count = report.issues.count == 1 ? "1 issue" : "\(report.issues.count) issues"
        var text = [
            "\(report.subject): replay failed" + (report.runs > 1 ? " in run \(report.run) of \(report.runs)" : "") + ": "
                + count
        ]
        for issue in report.issues {
            text += lines(of: issue, fullListing: fullListing).joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }
        }
        if report.recordCommand != nil, !report.issues.isEmpty, report.issues.allSatisfy({ misuses.contains($0.kind) }) {
            // A second decision or reply, a handler added twice, a call on a stopped scheme task: WebKit
            // raises on each whatever the cassette holds, and the recorder refuses to write it.
            text.append("  Fix the app code: WebKit raises an exception on this, so no recording makes it right.")
        } else if let recordCommand = report.recordCommand {
            text.append("  If the new behaviour is right, re-record the cassette:")
            text.append("    \(recordCommand)")
        }
        return text
    }

    /// The kinds no new behaviour can make right: WebKit raises an exception on
    /// each, so a report of only these offers no re-record command.
    static let misuses: Set<ReplayIssue.Kind> = [
        .decisionRepeated, .replyRepeated, .answerRepeated, .schemeTaskRepeated, .schemeTaskMisuse, .scriptHandlerAddedTwice,
    ]

    // MARK: Sentences

    private static func sentence(of issue: ReplayIssue) -> String {
        let cause = issue.cause?.description ?? "an unknown event"
        let related = issue.relatedEvent?.description ?? "another event"
        switch issue.statement {
        case .told(let text):
            return text
        case .settledTwice(let kind):
            // An earlier stimulus still waiting for its own: the second call may have been meant for it.
            return settlement(kind, issue) { $0.repeated }
                + (issue.relatedEvent.map { ". Meanwhile \($0) has had none, as if its handler were called for this one" } ?? "")
                + (issue.cameOnceWokenByEnd
                    ? "; the second came after the run ended, once the replay had failed the calls it had not answered "
                        + "and cancelled what still waited on it, so its value may answer that failure"
                    : "")
        case .neverSettled(let kind):
            return settlement(kind, issue) { $0.missing }
        case .settledDifferently(let kind):
            var shown = issue
            if let expected = issue.expected, expected == issue.found, !issue.differences.isEmpty {
                // Two summaries that read the same (a password hidden on both sides): the difference is below.
                shown.found = expected + " (the same in summary: the field below differs)"
            }
            return settlement(kind, shown) { $0.differs ?? "" }
        case .repeats:
            // What the repeat was made in reaction to says which callback made the call again.
            return "unexpected effect: it repeats \(related), which already happened"
                + (issue.cause.map { "; this one was made in reaction to \($0)" } ?? "")
        case .differs:
            guard let swapped = issue.relatedEvent else { return "the effect that happened differs from the recording" }
            guard let cause = issue.cause else {
                return "the effect that happened differs from the recording: it is \(swapped), recorded after it, made first; "
                    + "neither has a cause, and effects without a cause keep their recorded order among themselves "
                    + "(docs/replaying.md, \"Matching effects\")"
            }
            return "the effect that happened differs from the recording: it is \(swapped), recorded after it for the same "
                + "cause (\(cause)), made first; effects of one cause keep their recorded order unless the recording shows them "
                + "made concurrently (docs/replaying.md, \"Matching effects\")"
        case .beforeCause:
            guard let madeIn = issue.relatedEvent else { return "happened before its cause, \(cause), was delivered" + missingCall(issue) }
            return "happened in reaction to \(madeIn), before its recorded cause, \(cause), was delivered" + missingCall(issue)
        case .beforeStimuliAhead:
            return "happened before the stimuli recorded ahead of it were delivered"
        case .beforeEarlierOfSameCause:
            let causeText = issue.cause.map { "both follow \($0)" } ?? "neither has a cause"
            return "happened before \(related); \(causeText) and were recorded in that order"
        case .beforeRecordedAhead:
            return "happened before \(related), which was recorded ahead of it"
        case .extraBefore:
            return "unexpected effect: nothing in the cassette expects it before \(related), which happened right after it"
        case .aheadOfStimulus, .aheadOfHeldStimulus:
            // Short sentences, in the order a developer reads them: what happened, the likely
            // reason (the call not made yet, which is what to look for first), what it is nearest to.
            let stimulus = issue.relatedEvent.map { "event \($0.id)" } ?? "that event"
            let reason = issue.missingCall.map { call in
                // The call came after all: a settlement can only have come early (there is one); another
                // effect may have, or may be one the recording does not have (a placeholder shown first).
                issue.missingCallCameLater
                    ? (issue.eventKind.flatMap(Settlement.of) != nil
                        ? " It came early: the call the recording made first, \(call), answered by \(stimulus), was made "
                            + "only after it in this run."
                        : " The call the recording made first, \(call), answered by \(stimulus), was made only after it "
                            + "in this run: this effect came early, or is one the recording does not have.")
                    : (issue.statement == .aheadOfHeldStimulus
                    ? " Most likely an effect recorded before it is missing: \(call), which \(stimulus) waits for, "
                    : " Most likely the call the recording made first is missing: \(call), answered by \(stimulus), ")
                    + "has not happened yet. Otherwise this effect is one the recording does not have."
            }
            let nearest = "The recorded effect nearest to it" + (issue.eventID.map { ", event \($0)," } ?? "")
                + " comes after \(stimulus) and differs " + (issue.differences.isEmpty ? "from it" : "in the fields below")
            return "unexpected effect: nothing in the cassette expects it before \(related) is delivered.\(reason ?? "") \(nearest)"
        case .skipped:
            return "expected effect did not happen" + (issue.cause.map { " after \($0)" } ?? "") + ": "
                + (issue.expected ?? issue.eventKind.map { "\($0)" } ?? "") + "; \(related), recorded after it, happened without it"
        case .nothingExpects:
            let kind = issue.eventKind.map { "\($0)" } ?? "this effect"
            return "unexpected effect: nothing in the cassette expects \(kind)"
                + (issue.cause.map { " in reaction to \($0)" } ?? " here")
                + (issue.relatedEvent.map { ", made after \($0), the last stimulus delivered" } ?? "")
        case .didNotHappen:
            var text = "expected effect did not happen"
            if let cause = issue.cause { text += " after \(cause)" }
            text += ": " + (issue.expected ?? issue.eventKind.map { "\($0)" } ?? "")
            if let answer = issue.relatedEvent { text += ", so \(answer), which answers it, was not delivered" }
            return text + (issue.stall.map { "; " + stall($0) } ?? "")
        case .stalled:
            return "the replay stalled" + (issue.stall.map { "; " + stall($0) } ?? "")
        case .undeliverable(let reason):
            return "could not be delivered: \(reason)"
        case .schemeTaskMisuse(let misuse):
            return "the scheme task for \(cause): \(misuse)"
        case .schemeTaskCalledAfterStop(let first, let later):
            var text = "the scheme task for \(cause): \(first) was called after the page stopped the task (stop(_:)); "
                + "WebKit raises an exception for any call on a stopped task"
            if !later.isEmpty {
                text += ", on a device at this first one (and \(later.count) more call\(later.count == 1 ? "" : "s") after stop: "
                    + later.joined(separator: ", ") + ")"
            }
            return text
        case .setUpThrew(let error):
            return "setting up the implementation threw \(error)"
        case .scriptHandlerAddedTwice(let addition):
            return (issue.cause.map { "in reaction to \($0): " } ?? "") + sentence(of: addition) + "; "
                + (issue.hint ?? addition.hint)
        }
    }

    /// Why WebKit refuses a second handler under a name, in one sentence: the
    /// replay's issue says it, and the simulation keeps it as misuse.
    package static func sentence(of addition: ScriptHandlerAddition) -> String {
        "a script message handler named '\(addition.name)' is already registered in \(addition.contentWorld); "
            + "WebKit raises NSInvalidArgumentException on this \(addition.call), so the first handler was kept"
    }

    /// A settlement's sentence: its template with the issue's fields in the slots.
    private static func settlement(
        _ kind: EventKind, _ issue: ReplayIssue, _ template: (Settlement.Wording) -> String
    ) -> String {
        guard let settlement = Settlement.of(kind) else { return "\(kind) settled wrongly" }
        return fill(
            template(settlement.wording),
            [
                "cause": issue.cause?.description ?? "an unknown event", "expected": issue.expected ?? "nothing",
                "found": issue.found ?? "nothing", "event": issue.relatedEvent.map { String($0.id) } ?? "?",
                "hint": issue.hint ?? "",
            ])
    }

    /// `template` with each `{name}` replaced by its value, in one pass, so a
    /// value that itself holds `{found}` stays as it is.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// What an issue that may follow from a call gone missing adds: which call.
    ///
    /// An effect that matches one recorded after the answer to a call not
    /// made (``ReplayIssue/Statement/beforeCause``) shows that call skipped.
    /// (One that only comes nearest to it, ``ReplayIssue/Statement/aheadOfStimulus``,
    /// may as well be an effect the recording does not have — an evaluation
    /// for a search the app forgot to cancel — made before a call that is
    /// still to come; its sentences give the call as the likely reason and say both.)
    private static func missingCall(_ issue: ReplayIssue) -> String {
        guard let call = issue.missingCall else { return "" }
        let answer = issue.cause.map { "event \($0.id)" } ?? "its cause"
        return ". The call the recording made first is missing: \(call), answered by \(answer), has not happened"
    }

    /// Why the replay judged when it did.
    private static func stall(_ stall: ReplayIssue.Stall) -> String {
        let clock = CanonicalNumber.text(Recorder.seconds(stall.clock))
        var text =
            !stall.wasBusy
            ? "the implementation went idle at \(clock) s on the cassette's clock"
            : stall.busyTrackedWork > 0
                ? "the implementation was still busy after \(stall.stallTimeout) of real time, at \(clock) s on the cassette's clock: "
                    + (stall.busyTrackedWork == 1 ? "1 piece" : "\(stall.busyTrackedWork) pieces")
                    + " of its work (what a handler, a delegate or its set-up ran, or a task they started) had neither ended "
                    + "nor waited on the replay, as a task does in a Task.sleep or clock wait of real time (sleep on the platform's clock instead), "
                    + "in a call to something the replay does not play, or on a continuation nothing resumes"
                : "the implementation was still busy after \(stall.stallTimeout) of real time, at \(clock) s on the cassette's clock, with work the replay cannot see (Task.detached, Dispatch or a thread)"
        if !stall.wasBusy {
            var parts: [String] = []
            let asleep = stall.sleepsInRealTime
            if asleep > 0 {
                parts.append(
                    (asleep == 1 ? "1 task" : "\(asleep) tasks") + " of its work slept in real time (Task.sleep), "
                        + "held on the replay clock until " + (asleep == 1 ? "its deadline" : "their deadlines"))
            }
            let delayed = stall.delayedBlocksOnClock
            if delayed > 0 {
                parts.append(
                    "its work handed " + (delayed == 1 ? "1 block" : "\(delayed) blocks") + " to DispatchQueue.asyncAfter, "
                        + "held on the replay clock until " + (delayed == 1 ? "its deadline" : "their deadlines"))
            }
            let waiting = stall.parkedWork
            if waiting > 0 {
                parts.append(
                    (waiting == 1 ? "1 piece" : "\(waiting) pieces")
                        + " of its work waited on nothing the replay plays and had nothing on its way, as a task does in `for await` "
                        + "over a stream of the app's or on a continuation nothing resumes: only something the replay sends could wake "
                        + (waiting == 1 ? "it" : "them"))
            }
            if !parts.isEmpty { text += ": " + parts.joined(separator: "; ") }
        }
        if let deadline = stall.sleeperDeadline {
            text += ", waiting on the replay clock until \(CanonicalNumber.text(Recorder.seconds(deadline))) s"
            if let recordedAt = stall.recordedAt {
                text += ", later than the \(CanonicalNumber.text(Recorder.seconds(recordedAt))) s at which the recording has this effect"
            }
        }
        if stall.wasBusy, let first = stall.firstUntrackedEffect {
            let count = stall.untrackedEffects == 1 ? "1 effect" : "\(stall.untrackedEffects) effects"
            let source = stall.busyTrackedWork > 0 ? "work the replay cannot see (Task.detached, Dispatch or a thread)" : "such work"
            text += "; \(count) came from \(source), the first \(first)"
        }
        if stall.waitedForUnseenWork {
            let why = stall.unseenWork.map { "this run handed work to what the replay cannot see (\($0))" }
                ?? "ReplayOptions.unseenWork is .expected"
            text += "; \(why), so the replay waited the stall timeout (\(stall.stallTimeout)) for it before reporting this"
        }
        if stall.stillWaitedOnReplay {
            text += "; part of it still waited on the replay, so the replay waited the stall timeout (\(stall.stallTimeout)) for work it cannot see before reporting this"
        }
        if stall.delayedBlocks > 0 {
            let blocks = stall.delayedBlocks == 1 ? "1 block" : "\(stall.delayedBlocks) blocks"
            text += "; its work handed \(blocks) to DispatchQueue.asyncAfter, which runs in real time: the replay, on the cassette's clock, held \(stall.delayedBlocks == 1 ? "it" : "them") until it had judged, so \(stall.delayedBlocks == 1 ? "it runs" : "they run") after the verdict in every run: delay on the platform's clock instead (Writing app code that replays: DispatchQueue.main.asyncAfter and Timer)"
        }
        return text
    }
}
