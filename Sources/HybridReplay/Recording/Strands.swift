/// Numbers the tasks that made effects of one cause concurrently, the
/// ``Event/strand`` a replay lets interleave.
///
/// Within the effects of one cause (or, for effects without one, of app
/// code's own initiative), a task gets a strand when the recording shows it
/// ran beside another:
///
/// - every structured child task (`async let`, a task group's child, see
///   ``CurrentTask/structuredChild``) when two or more made such effects:
///   siblings run at once by construction;
/// - any other task of app code (the parent of those children, a `Task {}`)
///   that made an effect while another task was suspended in a call it had
///   made earlier and awaited, whose answer came only after: the two tasks
///   were running at the same time, so either call could have come first
///   (`async let a = api.x()` then `let b = await api.y()` in the parent).
///   Both tasks get a strand.
/// - a parent's effects made after it created a child task and before that
///   child's last effect of the cause, with the child's: where a runtime
///   watch saw the child created (``TaskHandoffs``), this holds even when
///   every answer came at once, so no call was in flight beside another;
/// - unstructured tasks that one piece of code started off the main actor
///   while reacting to one stimulus (two `Task {}` in a nonisolated
///   function, each making a request), where two or more made effects of
///   the cause: they run at once by construction.
///
/// Strands are numbered from 1 in the order each first made an effect of
/// the cause. Where only one task would get a strand, nothing ran beside it
/// that the recording shows, so its effects keep their place and are written
/// without one: a recording without concurrency is written exactly as before
/// strands existed. An effect made outside a task, or by a task the recorder
/// does not count as app code's (see `Recorder.appTask`), never gets one.
package enum Strands {
    /// What the recorder knows of the tasks behind the effects.
    struct Tasks: Sendable {
        /// The task of app code that made each effect made in one, by event id.
        var all: [Int: CurrentTask.ID] = [:]
        /// The effects among ``all`` made by a structured child task.
        var children: Set<Int> = []
        /// The effects whose answer the task that made them awaited.
        var awaited: Set<Int> = []
        /// ``TaskHandoffs/stamp`` when each effect of ``all`` was made.
        var stamps: [Int: UInt64] = [:]
        /// Where each child task among ``all``'s came from, where a runtime watch saw it created.
        var origins: [CurrentTask.ID: TaskHandoffs.Origin] = [:]
    }

    /// `events` with the strand of every effect a task made beside another of the same cause.
    ///
    /// - Parameters:
    ///   - events: The events as recorded, in id order.
    ///   - tasks: The tasks that made them.
    static func numbered(_ events: [Event], _ tasks: Tasks) -> [Event] {
        guard tasks.all.count > 1 else { return events }
        var answerOf: [Int: Int] = [:]
        for event in events where event.direction == .stimulus {
            if let call = event.answers { answerOf[call] = event.id }
        }
        var strandTask = tasks.all.filter { tasks.children.contains($0.key) }
        // Per cause, the awaited calls whose answer had not come yet, with the task that made each.
        var inFlight: [Int: [(call: Int, task: CurrentTask.ID)]] = [:]
        for event in events where event.direction == .effect {
            let group = event.cause ?? 0
            guard let task = tasks.all[event.id] else { continue }
            var open = inFlight[group, default: []].filter { answerOf[$0.call].map { $0 > event.id } ?? true }
            for other in open where other.task != task {
                strandTask[event.id] = task
                strandTask[other.call] = other.task
            }
            if tasks.awaited.contains(event.id) { open.append((event.id, task)) }
            inFlight[group] = open
        }
        if !tasks.origins.isEmpty {
            let effectsByCause = effectsByCauseAndTask(events, tasks)
            for (child, parent, effects) in parentsBesideChildren(effectsByCause, tasks) {
                for id in effects.parent { strandTask[id] = parent }
                for id in effects.child { strandTask[id] = child }
            }
            for (task, effects) in tasksStartedTogether(effectsByCause, tasks) {
                for id in effects { strandTask[id] = task }
            }
        }
        guard strandTask.count > 1 else { return events }
        var numbers: [Int: [CurrentTask.ID: Int]] = [:]  // by cause, 0 for none
        for event in events {
            guard let task = strandTask[event.id] else { continue }
            let group = event.cause ?? 0
            let known = numbers[group, default: [:]]
            if known[task] == nil { numbers[group, default: [:]][task] = known.count + 1 }
        }
        var stranded = events
        for index in stranded.indices {
            guard let task = strandTask[stranded[index].id], let strands = numbers[stranded[index].cause ?? 0],
                strands.count > 1
            else { continue }
            stranded[index].strand = strands[task]
        }
        return stranded
    }
}

extension Strands {
    /// Each child task whose parent made effects of one cause after creating
    /// it and before the child's last effect of that cause, with those
    /// effects of the parent's and every effect of the child's of the cause.
    ///
    /// Until its child's last effect the parent cannot have had the child's
    /// result, so its effects in between ran beside the child's whatever the
    /// answers' timing: `async let lounge = api.lounge()` then
    /// `let parking = await api.parking()`, answered at once, is recorded
    /// with either call first. The parent's effects before the creation, and
    /// after the child's last effect (it may have awaited the child), keep
    /// their place.
    private static func parentsBesideChildren(_ effectsByCause: [Int: [CurrentTask.ID: [Int]]], _ tasks: Tasks)
        -> [(child: CurrentTask.ID, parent: CurrentTask.ID, effects: (parent: [Int], child: [Int]))]
    {
        var found: [(child: CurrentTask.ID, parent: CurrentTask.ID, effects: (parent: [Int], child: [Int]))] = []
        for group in effectsByCause.keys.sorted() {
            guard let byTask = effectsByCause[group] else { continue }
            for (child, childEffects) in byTask {
                guard let origin = tasks.origins[child], origin.isChild, let parent = origin.creator,
                    let parentEffects = byTask[parent], let last = childEffects.last
                else { continue }
                let beside = parentEffects.filter { $0 < last && tasks.stamps[$0, default: 0] >= origin.stamp }
                if !beside.isEmpty { found.append((child, parent, (beside, childEffects))) }
            }
        }
        return found
    }
}

extension Strands {
    /// Tasks started together: by the same task (or thread), in the same scope.
    private struct StartedTogether: Hashable {
        let creator: CurrentTask.ID?
        let scope: ObjectIdentifier
    }

    /// The effects, by task, of unstructured tasks (`Task {}`, `Task.detached`)
    /// that one piece of code started off the main actor while reacting to one
    /// stimulus, where two or more of them made effects of the same cause.
    ///
    /// Started together on the global executor, they run at once: which
    /// makes its call first is the scheduler's choice, even when every answer
    /// comes at once (two completion-handler requests, each in its own
    /// `Task`, joined by a `DispatchGroup`). Tasks started on the main actor
    /// run one turn at a time in the order they were started, and keep it.
    private static func tasksStartedTogether(_ effectsByCause: [Int: [CurrentTask.ID: [Int]]], _ tasks: Tasks)
        -> [(task: CurrentTask.ID, effects: [Int])]
    {
        var together: [StartedTogether: Set<CurrentTask.ID>] = [:]
        for (task, origin) in tasks.origins where !origin.isChild && !origin.onMain {
            guard let scope = origin.scope else { continue }
            together[StartedTogether(creator: origin.creator, scope: ObjectIdentifier(scope)), default: []].insert(task)
        }
        var groupOf: [CurrentTask.ID: Int] = [:]
        for (index, group) in together.values.filter({ $0.count > 1 }).enumerated() {
            for task in group { groupOf[task] = index }
        }
        guard !groupOf.isEmpty else { return [] }
        var found: [(task: CurrentTask.ID, effects: [Int])] = []
        for cause in effectsByCause.keys.sorted() {
            // The tasks of each group started together that made effects of this cause.
            var byGroup: [Int: [(task: CurrentTask.ID, effects: [Int])]] = [:]
            for (task, ids) in effectsByCause[cause] ?? [:] {
                if let group = groupOf[task] { byGroup[group, default: []].append((task, ids)) }
            }
            for members in byGroup.values where members.count > 1 { found += members }
        }
        return found
    }

    /// The effects of each task of app code, by cause (0 for none), ids in order.
    private static func effectsByCauseAndTask(_ events: [Event], _ tasks: Tasks) -> [Int: [CurrentTask.ID: [Int]]] {
        var effects: [Int: [CurrentTask.ID: [Int]]] = [:]
        for event in events where event.direction == .effect {
            guard let task = tasks.all[event.id] else { continue }
            effects[event.cause ?? 0, default: [:]][task, default: []].append(event.id)
        }
        return effects
    }
}

extension Strands {
    /// `events` (in the written order, numbered from 1) with the calls of
    /// concurrent tasks in one place among the answers they raced with, so
    /// that re-recording unchanged code gives the same bytes.
    ///
    /// Sibling tasks make their calls in whatever order the scheduler picks,
    /// and a call's answer may arrive before or after a sibling's next call;
    /// none of that is the app's doing, and a replay accepts every such order
    /// (``Event/strand``). What the app sees — the order the answers arrived
    /// in — is kept. A *run* starts at an effect with a strand and goes on
    /// while the events are effects of its cause with a strand, answers to
    /// effects of the run, or effects caused by answers of the run (a child's
    /// next call after its answer) and answers to those. In a run the answers
    /// stay in their recorded order, each effect is written as late as it
    /// could have been made (right before the first answer that needs it:
    /// the answer to it, or to a later effect it must precede, else at the
    /// end of the run), and effects written together are ordered by their
    /// canonical text, never before an effect they must follow (the same
    /// cause and the same strand, or either without one). A replay then
    /// delivers each answer once the calls it needs have been made, as
    /// before. Strands are numbered again in the new order, ids renumbered
    /// (`cause` and `answers` follow them), an `at` that would go back in
    /// time takes the one before it, and secrets' placeholders are numbered
    /// by where the written events first show them (``PlaceholderNumbering``).
    static func canonical(_ events: [Event]) -> [Event] {
        guard events.contains(where: { $0.strand != nil }) else { return events }
        var order: [Event] = []
        order.reserveCapacity(events.count)
        var index = 0
        while index < events.count {
            let first = events[index]
            guard first.direction == .effect, first.strand != nil else {
                order.append(first)
                index += 1
                continue
            }
            var members: Set<Int> = [first.id]
            var end = index + 1
            while end < events.count, belongs(events[end], toRunOf: first.cause, members: members) {
                members.insert(events[end].id)
                end += 1
            }
            order += normalForm(of: events[index..<end])
            index = end
        }
        let placed = order.map(\.id) == events.map(\.id) ? events : renumbered(order)
        return PlaceholderNumbering.byFirstAppearance(placed)
    }

    /// Whether `event` continues the run of `cause`'s strands whose events so far are `members`.
    private static func belongs(_ event: Event, toRunOf cause: Int?, members: Set<Int>) -> Bool {
        if event.direction == .effect {
            if event.strand != nil, event.cause == cause { return true }
            return event.cause.map(members.contains) ?? false
        }
        guard event.cause == nil, let call = event.answers else { return false }
        return members.contains(call)
    }

    /// Whether `earlier`, recorded before `later`, must be written before it:
    /// the replay holds them to that order (same cause, and the same strand or either without one).
    private static func mustPrecede(_ earlier: Event, _ later: Event) -> Bool {
        earlier.cause == later.cause && (earlier.strand == nil || later.strand == nil || earlier.strand == later.strand)
    }

    /// A run with its answers in place and each effect as late as it can be.
    private static func normalForm(of run: ArraySlice<Event>) -> [Event] {
        var written: [Event] = []
        var pending: [Event] = []
        for event in cancellationsInOneOrder(run) {
            guard event.direction == .stimulus else {
                pending.append(event)
                continue
            }
            if let call = event.answers, let at = pending.firstIndex(where: { $0.id == call }) {
                // The call and every pending effect it must follow, transitively.
                var due: [Event] = [pending[at]]
                for candidate in pending[..<at].reversed() where due.contains(where: { mustPrecede(candidate, $0) }) {
                    due.append(candidate)
                }
                pending.removeAll { effect in due.contains { $0.id == effect.id } }
                written += merged(due.sorted { $0.id < $1.id })
            }
            written.append(event)
        }
        return written + merged(pending)
    }

    /// `run` with each block of consecutive answers that cancelled calls
    /// got (URLSession's `-999` to each request of a task group's siblings
    /// `cancelAll()` cancelled, or that a failing sibling's group cancelled on
    /// its way out) in the order of the calls' canonical text, ties in
    /// recorded order. Each cancelled task resumes with its failure in
    /// whatever order the runtime runs them; the app cancelled them all at
    /// once, and a replay delivers each recorded cancellation once its own
    /// task is cancelled (``CallCancellation``), whatever order they are
    /// written in. The calls then follow, each written right before its answer.
    private static func cancellationsInOneOrder(_ run: ArraySlice<Event>) -> [Event] {
        var events = Array(run)
        func isCancellation(_ event: Event) -> Bool {
            event.direction == .stimulus && event.answers != nil && ReplayHTTPTransport.isCancellation(event.payload)
        }
        guard events.count(where: isCancellation) > 1 else { return events }
        var calls: [Int: Event] = [:]
        for event in events where event.direction == .effect { calls[event.id] = event }
        var index = 0
        while index < events.count {
            guard isCancellation(events[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < events.count, isCancellation(events[end]) { end += 1 }
            if end - index > 1 {
                let keyed = events[index..<end].enumerated().map { offset, answer in
                    (key: answer.answers.flatMap { calls[$0] }.map(key(of:)) ?? [], offset: offset, answer: answer)
                }
                let ordered = keyed.sorted { first, second in
                    first.key == second.key ? first.offset < second.offset : first.key.lexicographicallyPrecedes(second.key)
                }
                events.replaceSubrange(index..<end, with: ordered.map(\.answer))
            }
            index = end
        }
        return events
    }

    /// Effects of one stimulus, some made by concurrent tasks, in one order
    /// whatever order the scheduler gave them: ordered by canonical text, each
    /// strand's effects (and each effect without one) keeping its place
    /// against those it must follow — the order ``canonical(_:)`` writes.
    /// What a run's fingerprint reads (`RunFingerprint`).
    package static func inOneOrder(_ effects: [Event]) -> [Event] { merged(effects) }

    /// `effects` (in recorded order) ordered by canonical text, never one
    /// before an effect it must follow.
    private static func merged(_ effects: [Event]) -> [Event] {
        guard effects.count > 1 else { return effects }
        var left = effects.map { (key: key(of: $0), event: $0) }
        var result: [Event] = []
        result.reserveCapacity(effects.count)
        while !left.isEmpty {
            var best: Int?
            for index in left.indices
            where !left[..<index].contains(where: { mustPrecede($0.event, left[index].event) }) {
                if let current = best, !left[index].key.lexicographicallyPrecedes(left[current].key) { continue }
                best = index
            }
            // The first effect left never has one it must follow before it.
            let next = best ?? left.startIndex
            result.append(left.remove(at: next).event)
        }
        return result
    }

    /// What orders two effects written together: their kind and canonical
    /// payload, with placeholders' numbers left out (they are the order the
    /// secrets happened to come in; ``PlaceholderNumbering`` numbers them again
    /// once the order is written).
    private static func key(of effect: Event) -> [UInt8] {
        var printer = CanonicalPrinter()
        printer.printDocument(EventCoding.payloadNode(effect.payload))
        return Array("\(effect.kind) ".utf8) + PlaceholderNumbering.masked(printer.bytes)
    }

    /// `order` with ids from 1, references following them, strands numbered
    /// again by first appearance in each cause, and times that never go back.
    private static func renumbered(_ order: [Event]) -> [Event] {
        var newID: [Int: Int] = [:]
        for (index, event) in order.enumerated() { newID[event.id] = index + 1 }
        var result: [Event] = []
        result.reserveCapacity(order.count)
        for (index, event) in order.enumerated() {
            var renumbered = event
            renumbered.id = index + 1
            renumbered.cause = event.cause.map { newID[$0] ?? $0 }
            renumbered.answers = event.answers.map { newID[$0] ?? $0 }
            if let previous = result.last, renumbered.at < previous.at { renumbered.at = previous.at }
            result.append(renumbered)
        }
        return numberedByFirstEffect(result, droppingLone: false)
    }

    /// `events` with the strands of each cause numbered from 1 in the order
    /// their first effects come; with `droppingLone`, a cause left with one
    /// strand has none (a replay's trace, where the others' calls were not made).
    package static func numberedByFirstEffect(_ events: [Event], droppingLone: Bool) -> [Event] {
        var numbers: [Int: [Int: Int]] = [:]  // by cause (0 for none), strand to new number
        for event in events {
            guard let strand = event.strand else { continue }
            let group = event.cause ?? 0
            if numbers[group]?[strand] == nil { numbers[group, default: [:]][strand] = (numbers[group]?.count ?? 0) + 1 }
        }
        return events.map { event in
            guard let strand = event.strand else { return event }
            var renumbered = event
            let strands = numbers[event.cause ?? 0] ?? [:]
            renumbered.strand = droppingLone && strands.count < 2 ? nil : strands[strand]
            return renumbered
        }
    }
}
