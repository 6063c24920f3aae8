/// The order a recording is written in: the order its events happened, with
/// each navigation lifecycle notification moved to one place among the work
/// it raced with, so that re-recording unchanged code gives the same bytes.
///
/// A web engine reports `navigation.started`, `committed`, `finished` and
/// `failed` from the process that loads the page, while the app evaluates
/// JavaScript, gets results, sends HTTP requests and asks for locations;
/// which of them the recorder sees first changes from run to run
/// (WebKitGTK's `navigation.finished` lands before, between or after an
/// `evaluate` and its `result`). Such a notification is written after the
/// racing work (``racing``) that directly follows it, at the `at` of the last
/// of it, which is as late as it could have happened. It is never written
/// after:
///
/// - anything it can cause or precede for sure: another navigation event, a
///   message, dialog or scheme request from the page, a user script, the
///   cookie store, a custom event, or anything caused by it or answering
///   what it caused, or made in reaction to it though recorded with a cause
///   of its own (a reply to an earlier message that a search cancelled
///   inside `didStartProvisionalNavigation` sends at once);
/// - work without a cause (app code after `DispatchQueue.main.async` or in a
///   `Task.detached`), unless delivering the notification handed off no such
///   work (see ``UntrackedHandoffs``), so that work cannot be its reaction.
/// - an answer to a call made before the navigation it belongs to began
///   (before the nearest action, decision or load ahead of it): whether such an
///   answer came before or after the page changed decides what the app does
///   with it (a bridge drops the answer for a page that is gone), so the
///   order it was recorded in is kept.
///
/// A replay delivers a notification once what is written before it has
/// happened, so work it cannot have caused is never made to wait for it,
/// and work it may have caused never comes before it. Ids are renumbered in
/// the written order, and `cause` and `answers` follow them.
enum RecordingOrder {
    /// The notifications whose place among racing work the engine does not fix.
    static let floating = kinds(.floating)

    /// The work a notification may be written after: the app's calls and their answers on these kinds.
    static let racing = kinds(.racing)

    private static func kinds(_ order: WrittenOrder) -> Set<EventKind> {
        var kinds: Set<EventKind> = []
        for type in PayloadRegistry.standardTypes where writtenOrder(of: type) == order { kinds.insert(type.eventKind) }
        return kinds
    }

    // Reads the requirement through a generic parameter instead of `type.writtenOrder` on the
    // existential metatype: Swift 6.3.1's SILGen crashes (signal 11 in `kinds(_:)`) on
    // `standardTypes.filter { $0.writtenOrder == order }.map(\.eventKind)`; tried again on 2026-12-05.
    private static func writtenOrder<Payload: StandardPayload>(of _: Payload.Type) -> WrittenOrder { Payload.writtenOrder }

    /// `events`, in id order, in the written order with ids renumbered from 1.
    ///
    /// - Parameters:
    ///   - events: The events as they happened.
    ///   - quiet: The notifications whose delivery handed off no work without a cause.
    ///   - reactions: For effects recorded with a cause of their own, the
    ///     stimulus app code was reacting to when it made them, where that differs.
    static func written(_ events: [Event], quiet: Set<Int>, reactions: [Int: Int] = [:]) -> [Event] {
        var order = events
        var moved = false
        // Moving notifications forward keeps the order of everything else, so
        // where an event was recorded orders it against any other that stays put.
        var recordedAt: [Int: Int] = [:]
        recordedAt.reserveCapacity(events.count)
        for (index, event) in events.enumerated() { recordedAt[event.id] = index }
        let began = navigationsBegan(in: events)
        // From the last notification back, so each one stops at the place the next one took.
        // A notification only moves forward, so what lies before `index` is still as recorded.
        for index in order.indices.reversed() where floating.contains(order[index].kind) {
            let end = lastPlace(
                of: index, in: order, quiet: quiet.contains(order[index].id), navigationBegan: began[index],
                recordedAt: recordedAt, reactions: reactions)
            guard end > index else { continue }
            var notification = order.remove(at: index)
            notification.at = order[end - 1].at
            order.insert(notification, at: end)
            moved = true
        }
        guard moved else { return events }
        var newID: [Int: Int] = [:]
        newID.reserveCapacity(order.count)
        for (index, event) in order.enumerated() { newID[event.id] = index + 1 }
        return order.enumerated().map { index, event in
            var renumbered = event
            renumbered.id = index + 1
            renumbered.cause = event.cause.map { newID[$0] ?? $0 }
            renumbered.answers = event.answers.map { newID[$0] ?? $0 }
            return renumbered
        }
    }

    /// For each index of `events`, where the navigation began that a
    /// notification there reports on — the nearest navigation event before it
    /// that is not itself a notification (an action, decision or load) — or
    /// `nil` when there is none: calls made before it were made for a page it
    /// may have replaced. One pass, in the recorded order.
    private static func navigationsBegan(in events: [Event]) -> [Int?] {
        var began: [Int?] = []
        began.reserveCapacity(events.count)
        var latest: Int?
        for (index, event) in events.enumerated() {
            began.append(latest)
            if event.channel == .navigation, !floating.contains(event.kind) { latest = index }
        }
        return began
    }

    /// The last index the notification at `index` may be written at.
    private static func lastPlace(
        of index: Int, in order: [Event], quiet: Bool, navigationBegan: Int?, recordedAt: [Int: Int],
        reactions: [Int: Int]
    ) -> Int {
        let notification = order[index].id
        var end = index
        while end + 1 < order.count {
            let next = order[end + 1]
            guard racing.contains(next.kind), next.cause != notification, reactions[next.id] != notification else { break }
            if next.direction == .effect {
                // Work without a cause may be the notification's own reaction, unless it left none.
                guard next.cause != nil || quiet else { break }
            } else {
                // Only an answer: a stimulus arriving on its own is not the app's work.
                guard let call = next.answers else { break }
                // An answer to a call made for the page before this navigation stays where it came.
                if let began = navigationBegan, let madeAt = recordedAt[call], madeAt < began { break }
            }
            end += 1
        }
        return end
    }
}

/// Where the recorder writes an event of a kind among work racing it (see ``RecordingOrder``).
enum WrittenOrder: Sendable {
    /// Where it happened: the engine fixes its place.
    case fixed
    /// A notification whose place among racing work the engine does not fix
    /// (WebKit's lifecycle callbacks come from another process): written
    /// after the racing work, in a deterministic order.
    case floating
    /// Work a floating notification may be written after: the app's calls
    /// and their answers that race the web content process.
    case racing
}
