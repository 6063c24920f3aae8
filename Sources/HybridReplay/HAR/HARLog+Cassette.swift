import Foundation

extension HARLog {
    /// The log as a cassette of `http` events, redacted as a recorder
    /// redacts by default.
    ///
    /// Each entry becomes an `http.request` and the `http.response` or
    /// `http.error` that answers it. An entry whose 3xx response redirects
    /// (its `redirectURL`, or `Location`) to the URL of a later entry's
    /// request makes that request a hop of the same exchange: its `cause`
    /// is the 3xx response, as a recorder writes a redirect it followed.
    /// Times are microseconds after the first entry started; a hop never
    /// starts before the response that caused it. A log HybridReplay wrote
    /// keeps the ids, causes and times it was exported with.
    ///
    /// Values already redacted (`[REDACTED:2]`) keep their numbers; other
    /// secrets are numbered after the highest one.
    ///
    /// - Parameters:
    ///   - name: The cassette's name.
    ///   - source: The file's name, for the description, such as `login.har`.
    /// - Returns: The cassette, with the default redactions listed in its header.
    public func cassette(name: String, source: String) -> Cassette {
        var events = keepsCassetteIDs ? linkedEvents() : inferredEvents()
        var placeholders = RedactionPlaceholders(reserving: highestPlaceholder())
        for index in events.indices {
            events[index].payload = Redaction.default.apply(to: events[index].payload, placeholders: &placeholders)
        }
        // A value redacted in one entry is hidden in every other, as a recorder hides it;
        // an http payload has no field a placeholder cannot stand in, so each rewrite reads back.
        let everywhere = RedactedValues(placeholders.replacements)
        for index in events.indices {
            events[index].payload = everywhere.apply(to: events[index].payload) ?? events[index].payload
        }
        let header = CassetteHeader(
            name: name,
            description: "Imported from \(source), a HAR log written by \(creatorName) \(creatorVersion).",
            recordedBy: .hybridReplay(engine: "HAR"), redactions: Redaction.default.ruleNames)
        return Cassette(header: header, events: events)
    }

    /// The events of a log from another tool: redirect hops found by URL,
    /// ids given in time order.
    private func inferredEvents() -> [Event] {
        let order = entries.indices.sorted { (entries[$0].started, $0) < (entries[$1].started, $1) }
        let origin = origin ?? order.first.map { entries[$0].started } ?? 0
        // The generated order is causal (a request, its answer, then any hop it caused);
        // sorting by time, then by that order, keeps it for events at the same time.
        var generated: [(at: Int64, cause: Int?, answers: Int?, payload: any EventPayload)] = []
        var answerAt: [Int: Int64] = [:]
        var causeOf: [Int: Int] = [:]
        var claimed: Set<Int> = []
        for (position, index) in order.enumerated() {
            let entry = entries[index]
            var requestAt = max(entry.started - origin, 0)
            if let cause = causeOf[index], let at = answerAt[cause] { requestAt = max(requestAt, at) }
            let requestSlot = generated.count
            generated.append((requestAt, causeOf[index], nil, entry.request))
            guard let answer = entry.answer.payload else { continue }
            let at = requestAt + entry.time
            answerAt[generated.count] = at
            generated.append((at, nil, requestSlot, answer))
            guard case .response(let response) = entry.answer, HTTPRedirect.isRedirect(response.status),
                let target = Self.target(entry.redirectURL, from: entry.request.urlString)
            else { continue }
            if let hop = order[(position + 1)...].first(where: {
                !claimed.contains($0) && Self.withoutFragment(entries[$0].request.urlString) == target
            }) {
                claimed.insert(hop)
                causeOf[hop] = generated.count - 1
            }
        }
        let sorted = generated.indices.sorted { (generated[$0].at, $0) < (generated[$1].at, $1) }
        var ids = [Int](repeating: 0, count: generated.count)
        for (position, slot) in sorted.enumerated() { ids[slot] = position + 1 }
        return sorted.map { slot in
            let event = generated[slot]
            return Event(
                id: ids[slot], at: Double(event.at) / 1_000_000, cause: event.cause.map { ids[$0] },
                answers: event.answers.map { ids[$0] }, payload: event.payload)
        }
    }

    /// Whether the events keep the ids HybridReplay exported them with:
    /// every entry has its `_cassette` ids.
    var keepsCassetteIDs: Bool { isFromHybridReplay && entries.allSatisfy { $0.link != nil } }

    /// Where the `_cassette` ids of a HybridReplay log contradict each other,
    /// so the cassette they give would not read.
    func linkProblems() -> [CassetteProblem] {
        guard keepsCassetteIDs else { return [] }
        var problems: [CassetteProblem] = []
        var seen: Set<Int> = []
        var answerIDs: Set<Int> = []
        for entry in entries {
            guard let link = entry.link else { continue }
            let path = entry.path.appending("_cassette")
            for (key, id) in [("request", link.request), ("answer", link.answer)] {
                guard let id else { continue }
                if id < 1 { problems.append(CassetteProblem(path: path.appending(key), message: "an event id is 1 or more, found \(id)")) }
                if !seen.insert(id).inserted {
                    problems.append(CassetteProblem(path: path.appending(key), message: "event id \(id) is used twice"))
                }
            }
            if let answer = link.answer {
                answerIDs.insert(answer)
                if answer <= link.request {
                    problems.append(CassetteProblem(path: path.appending("answer"), message: "the answer \(answer) must come after its request \(link.request)"))
                }
            }
            if (link.answer == nil) != (entry.answer.payload == nil) {
                problems.append(CassetteProblem(path: path, message: "'_cassette' and 'response' disagree on whether the request was answered"))
            }
        }
        for entry in entries {
            guard let link = entry.link, let cause = link.cause else { continue }
            if !answerIDs.contains(cause) || cause >= link.request {
                problems.append(CassetteProblem(path: entry.path.appending("_cassette").appending("cause"), message: "the cause \(cause) is no response of an earlier entry"))
            }
        }
        return problems
    }

    /// How long after the log's start an entry may end, in microseconds:
    /// 10^15, that is 10^9 seconds (about 31 years). A cassette holds a time
    /// as seconds in a `Double`, exact to the microsecond only up to about 2^51
    /// microseconds, so within this reach a log exports again as it was imported.
    static let reach: Int64 = 1_000_000_000_000_000

    /// Where an entry starts or ends further from the log's start than
    /// ``reach``: its times would not survive the cassette.
    func timeProblems() -> [CassetteProblem] {
        let start = origin ?? entries.map(\.started).min() ?? 0
        let from = origin == nil ? "the log's first entry" : "the log's '_origin'"
        var problems: [CassetteProblem] = []
        for entry in entries {
            let requestAt = max(entry.started - start, 0)
            let (key, verb) = requestAt > Self.reach ? ("startedDateTime", "starts") : ("time", "ends")
            guard requestAt + entry.time > Self.reach else { continue }
            problems.append(CassetteProblem(
                path: entry.path.appending(key),
                message: "the entry \(verb) more than 10^9 seconds (about 31 years) after \(from); "
                    + "a cassette's times are exact to the microsecond only that far"))
        }
        return problems
    }

    /// The events of a log HybridReplay exported, with the ids, causes and
    /// times of the cassette it came from; ``linkProblems()`` found none.
    private func linkedEvents() -> [Event] {
        let origin = origin ?? entries.map(\.started).min() ?? 0
        var events: [Event] = []
        for entry in entries {
            guard let link = entry.link else { continue }
            let requestAt = max(entry.started - origin, 0)
            events.append(Event(id: link.request, at: Double(requestAt) / 1_000_000, cause: link.cause, payload: entry.request))
            if let id = link.answer, let answer = entry.answer.payload {
                events.append(Event(id: id, at: Double(requestAt + entry.time) / 1_000_000, answers: link.request, payload: answer))
            }
        }
        events.sort { $0.id < $1.id }
        // Hand-edited times must not make the cassette invalid: time never runs backwards.
        var latest = 0.0
        for index in events.indices {
            latest = max(latest, events[index].at)
            events[index].at = latest
        }
        return events
    }

    /// The highest `[REDACTED:n]` in the log, so placeholders already in it keep their numbers.
    private func highestPlaceholder() -> Int {
        var highest = 0
        for entry in entries {
            var texts = [entry.request.urlString] + entry.request.headers.map(\.value) + Self.texts(of: entry.request.body)
            if case .response(let response) = entry.answer {
                texts += response.headers.map(\.value) + Self.texts(of: response.body)
            }
            for text in texts { highest = max(highest, RedactionPlaceholders.highestNumber(in: text)) }
        }
        return highest
    }

    /// The text a body shows, where a placeholder exported from a cassette may stand.
    private static func texts(of body: HTTPBody?) -> [String] {
        switch body {
        case .text(let text): [text]
        case .json(let value): [CanonicalPrinter.compactText(value)]
        case .bytes, nil: []
        }
    }

    /// Where a redirect goes: `location` resolved against the request's URL, without a fragment.
    private static func target(_ location: String, from url: String) -> String? {
        guard !location.isEmpty, let base = URL(string: url), let target = URL(string: location, relativeTo: base)
        else { return nil }
        return withoutFragment(target.absoluteString)
    }

    private static func withoutFragment(_ url: String) -> String {
        String(url.prefix { $0 != "#" })
    }
}

extension HAREntry.Answer {
    /// The stimulus the answer becomes, or `nil` when there is none.
    var payload: (any EventPayload)? {
        switch self {
        case .response(let response): response
        case .failure(let failure): failure
        case .none: nil
        }
    }
}
