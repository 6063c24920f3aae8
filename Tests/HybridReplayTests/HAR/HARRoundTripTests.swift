import Foundation
import Testing

@testable import HybridReplay

@Suite("HAR round trips")
struct HARRoundTripTests {
    /// Cassettes with redirect chains, failures, bodies of every kind and causes from other channels.
    static let cassettes = [
        "Cassettes/cookies/redirect-302-302-200.json", "Cassettes/cookies/post-307.json",
        "Cassettes/cookies/post-303.json", "Cassettes/cookies/cross-origin-authorization.json",
        "Cassettes/cookies/max-age.json", "Cassettes/bridge/promise-request-failed.json",
        "Cassettes/bridge/promise-out-of-order.json", "Cassettes/bridge/promise-random-user.json",
        "Tests/HybridReplayTests/Fixtures/examples/cookies/redirect-302.json",
        "Tests/HybridReplayTests/Fixtures/examples/cookies/cookie-store.json",
        "Tests/HybridReplayTests/Fixtures/examples/bridge/request-failed-reply.json",
    ]

    @Test("cassette → HAR → cassette keeps the http exchanges: ids, times, answers, redirect causes and payloads", arguments: cassettes)
    func cassetteRoundTrip(_ path: String) throws {
        let url = HARFixtures.packageRoot.appendingPathComponent(path)
        let original = try HARFixtures.cassette(url)
        let imported = try HAR.read(HAR.export(original), path: "x.har").cassette(name: "x", source: "x.har")
        let exchanges = original.events.filter {
            [HTTPRequest.eventKind, HTTPResponse.eventKind, HTTPTransportFailure.eventKind].contains($0.kind)
        }
        let answerIDs = Set(exchanges.filter { $0.answers != nil }.map(\.id))
        // Causes in other channels are not in the HAR; values not yet redacted are redacted on import.
        var placeholders = RedactionPlaceholders(reserving: Self.highestPlaceholder(in: try String(contentsOf: url, encoding: .utf8)))
        let expected = exchanges.map { event in
            var event = event
            event.cause = event.cause.flatMap { answerIDs.contains($0) ? $0 : nil }
            event.payload = Redaction.default.apply(to: event.payload, placeholders: &placeholders)
            return event
        }
        #expect(!expected.isEmpty)
        #expect(imported.events == expected)
    }

    @Test("HAR → cassette → HAR → cassette keeps every time to the microsecond, for entries decades apart")
    func distantEntries() throws {
        let text = HARText.log(entries: [
            HARText.entry(started: "2026-12-02T01:26:39.686411+00:00", time: 7.516860961914062),
            HARText.entry(started: "2056-12-01T01:26:39.708488+00:00", time: 4.176855087280273),
        ])
        let imported = try HAR.read(Data(text.utf8), path: "x.har").cassette(name: "x", source: "x.har")
        let again = try HAR.read(HAR.export(imported), path: "y.har").cassette(name: "x", source: "x.har")
        #expect(imported.events.map(\.at) == [0, 0.007517, 946_684_800.022077, 946_684_800.026254])
        #expect(again.events == imported.events)
    }

    @Test("HAR → cassette → HAR gives the same bytes for a log HybridReplay wrote", arguments: cassettes)
    func exportIsStable(_ path: String) throws {
        let original = try HARFixtures.cassette(HARFixtures.packageRoot.appendingPathComponent(path))
        let once = HAR.export(try HAR.read(HAR.export(original), path: "x.har").cassette(name: "x", source: "x.har"))
        let twice = HAR.export(try HAR.read(once, path: "x.har").cassette(name: "x", source: "x.har"))
        #expect(String(decoding: once, as: UTF8.self) == String(decoding: twice, as: UTF8.self))
    }

    /// Whether `after` is `before` with some values replaced by placeholders,
    /// as a value redacted elsewhere (a cookie's) is hidden wherever it appears.
    static func hides(_ after: JSONValue?, of before: JSONValue?) -> Bool {
        guard case .string(let after)? = after, case .string(let before)? = before, after.contains("[REDACTED:") else { return false }
        let literals = after.split(separator: /\[REDACTED:[0-9]+\]/, omittingEmptySubsequences: false)
        var rest = Substring(before)
        for (index, literal) in literals.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(literal) else { return false }
                rest = rest.dropFirst(literal.count)
            } else if index == literals.count - 1 {
                return rest.hasSuffix(literal) && rest.count > literal.count
            } else {
                guard let found = rest.dropFirst().range(of: literal) else { return false }
                rest = rest[found.upperBound...]
            }
        }
        return false
    }

    @Test(
        "HAR → cassette → HAR keeps another tool's entries: times, requests, statuses, redirects and bodies",
        arguments: [HARFixtures.shopLogin, HARFixtures.mitmproxy])
    func foreignRoundTrip(_ url: URL) throws {
        let fixture = try JSONReader.platformDefault.read([UInt8](Data(contentsOf: url)))
        let log = try HARFixtures.log(url)
        let origin = try #require(Self.instant(fixture[path: "log.entries.0.startedDateTime"]))
        let exported = try HARFixtures.json(HAR.export(log.cassette(name: "imported", source: "x.har"), origin: origin))
        let before = try #require(fixture[path: "log.entries"]?.arrayValue)
        let after = try #require(exported[path: "log.entries"]?.arrayValue)
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            #expect(Self.instant(old[path: "startedDateTime"]) == Self.instant(new[path: "startedDateTime"]))
            // Times are kept to the microsecond.
            let times = [old, new].compactMap { $0[path: "time"]?.numberValue }
            #expect(times.count == 2 && abs(times[0] - times[1]) < 0.0005)
            for key in ["request.method", "request.url", "response.status", "response.redirectURL", "response.content.text", "response.content.encoding"] {
                // An empty text, as mitmproxy writes for no body, is no body.
                let (before, after) = (old[path: key], new[path: key])
                #expect(
                    (before == "" ? nil : before) == (after == "" ? nil : after) || Self.hides(after, of: before),
                    "\(key) of \(old[path: "request.url"] ?? "")")
            }
            let names = { (entry: JSONValue, side: String) in
                entry[path: "\(side).headers"]?.arrayValue?.compactMap { $0[path: "name"]?.stringValue }.filter { !$0.hasPrefix(":") }
            }
            #expect(names(old, "request") == names(new, "request"))
            #expect(names(old, "response") == names(new, "response"))
            let cookieNames = { (entry: JSONValue) in entry[path: "request.cookies"]?.arrayValue?.compactMap { $0[path: "name"] } }
            #expect(cookieNames(old) == cookieNames(new))
        }
    }

    private static func instant(_ value: JSONValue?) -> Duration? {
        value?.stringValue.flatMap(RFC3339.dateTime).flatMap(RFC3339.instant)
    }

    private static func highestPlaceholder(in text: String) -> Int {
        var highest = 0
        var rest = Substring(text)
        while let range = rest.range(of: "[REDACTED:") {
            rest = rest[range.upperBound...]
            if let number = Int(rest.prefix { $0.isNumber }) { highest = max(highest, number) }
        }
        return highest
    }
}
