/// Numbers the concurrent child tasks that made effects of each cause, the
/// ``Event/strand`` a replay lets interleave.
///
/// Effects of one cause (or, for effects without one, of app code's own
/// initiative) made by two or more structured child tasks (`async let`, task
/// group children, see ``CurrentTask/structuredChild``) get the number of
/// their task among them, from 1 in the order each first made one. Where a
/// single child task made effects of a cause, nothing runs beside it there,
/// so its effects keep their place and are written without a strand: a
/// recording without fan-outs is written exactly as before strands existed.
enum Strands {
    /// `events` with the strand of every effect a child task made beside others of the same cause.
    ///
    /// - Parameters:
    ///   - events: The events as recorded, in id order.
    ///   - childTasks: The child task that made each effect made in one, by event id.
    static func numbered(_ events: [Event], childTasks: [Int: CurrentTask.ID]) -> [Event] {
        guard childTasks.count > 1 else { return events }
        var numbers: [Int: [CurrentTask.ID: Int]] = [:]  // by cause, 0 for none
        for event in events {
            guard let task = childTasks[event.id] else { continue }
            let group = event.cause ?? 0
            let known = numbers[group, default: [:]]
            if known[task] == nil { numbers[group, default: [:]][task] = known.count + 1 }
        }
        var stranded = events
        for index in stranded.indices {
            guard let task = childTasks[stranded[index].id], let tasks = numbers[stranded[index].cause ?? 0], tasks.count > 1
            else { continue }
            stranded[index].strand = tasks[task]
        }
        return stranded
    }
}
