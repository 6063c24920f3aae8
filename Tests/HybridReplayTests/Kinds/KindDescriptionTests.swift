import Foundation
import HybridReplayTestSupport
import Testing

@testable import HybridReplay

/// Each event kind is described once, in its own file under
/// `Sources/HybridReplay/Kinds/`; these tests hold the descriptions to each
/// other and to the platform: a stimulus goes to a receiver or answers a
/// call, an effect is delivered nowhere, a settlement settles a stimulus,
/// and a stimulus whose receiver app code never registered names it.
@Suite("Kind descriptions")
struct KindDescriptionTests {
    /// How a kind's description says it is delivered, as a plain value.
    enum Delivery: Equatable {
        case effect(DeliveryExecutor)
        case answer
        case receiver
    }

    static func delivery<Payload: StandardPayload>(of _: Payload.Type) -> Delivery {
        switch Payload.delivery {
        case .effect(let executor): .effect(executor)
        case .answer: .answer
        case .receiver: .receiver
        }
    }

    static func webHalfRole<Payload: StandardPayload>(of _: Payload.Type) -> WebHalfRole { Payload.webHalfRole }

    @Test("every kind is registered once and described in one file under Kinds/, and every file there describes a registered kind")
    func everyKindHasOneFile() throws {
        let kinds = PayloadRegistry.standardTypes.map { $0.eventKind }
        #expect(Set(kinds).count == kinds.count, "a kind is registered twice")
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HybridReplay/Kinds")
        var describedIn: [String: [String]] = [:]
        for channel in try FileManager.default.contentsOfDirectory(atPath: folder.path) where channel != "Shapes" {
            let path = folder.appendingPathComponent(channel).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: path) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
                let lines = text.split(separator: "\n")
                let described = PayloadRegistry.standardTypes.map { String(describing: $0) }.filter { name in
                    lines.contains { $0.hasPrefix("extension \(name): ") }
                }
                #expect(!described.isEmpty, "\(channel)/\(file) describes no registered kind")
                for name in described { describedIn[name, default: []].append(file) }
            }
        }
        for type in PayloadRegistry.standardTypes {
            let files = describedIn[String(describing: type)] ?? []
            #expect(files.count == 1, "\(type.eventKind) is described in \(files.isEmpty ? "no file" : files.joined(separator: ", "))")
        }
    }

    @Test("a stimulus answers a call or goes to a receiver; an effect is delivered nowhere")
    func deliveryAgreesWithDirection() {
        for type in PayloadRegistry.standardTypes {
            let delivery = Self.delivery(of: type)
            if type.eventDirection == .stimulus {
                #expect(delivery == .answer || delivery == .receiver, "\(type.eventKind) is a stimulus, described as \(delivery)")
            } else {
                #expect(delivery == .effect(.anywhere) || delivery == .effect(.mainActor), "\(type.eventKind) is an effect, described as \(delivery)")
            }
        }
    }

    @Test("an evaluation's result comes back on the main actor, as WebKit calls its completion handler")
    func evaluationAnswersOnTheMainActor() {
        #expect(Self.delivery(of: JavaScriptEvaluation.self) == .effect(.mainActor))
        #expect(DeliveryExecutor.forAnswer(to: JavaScriptEvaluation(script: "1")) == .mainActor)
        #expect(Self.delivery(of: HTTPRequest.self) == .effect(.anywhere))
        #expect(DeliveryExecutor.forAnswer(to: CustomEvent(name: "x", direction: .effect, fields: [:])) == .anywhere)
    }

    @Test("only a scheme task's stop is handed over in its cause's turn: every other receiver's stimulus gets a turn of its own")
    func handOverTurns() {
        let withItsCause = PayloadRegistry.standardTypes.filter { type in
            if case .withItsCause = type.handOverTurn { return true }
            return false
        }
        #expect(withItsCause.map { $0.eventKind } == [URLSchemeStop.eventKind])
        #expect(Self.delivery(of: URLSchemeStop.self) == .receiver)
    }

    @Test("a settlement is an effect that settles a stimulus delivered to a receiver, and names its own kind")
    func settlementsSettleStimuli() {
        var settling: [EventKind] = []
        for type in PayloadRegistry.standardTypes {
            guard let settlement = type.settlement else { continue }
            settling.append(type.eventKind)
            #expect(type.eventDirection == .effect, "\(type.eventKind) settles, but is a stimulus")
            #expect(settlement.effectKind == type.eventKind)
            let cause = PayloadRegistry.description(of: settlement.causeKind)
            #expect(cause.map { Self.delivery(of: $0) } == .receiver, "\(type.eventKind) settles \(settlement.causeKind), which no receiver gets")
        }
        #expect(Set(settling) == [
            NavigationDecision.eventKind, NavigationResponseDecision.eventKind, ScriptReply.eventKind,
            JavaScriptDialogAnswer.eventKind, URLSchemeCompletion.eventKind, AuthenticationAnswer.eventKind,
            MediaCaptureDecision.eventKind,
        ])
        #expect(Settlement.of(NavigationDecision.eventKind)?.causeKind == NavigationAction.eventKind)
        #expect(Settlement.of(NavigationLoad.eventKind) == nil)
        #expect(Settlement.of(EventKind(.custom, "anything")) == nil)
    }

    @Test("the web half waits for page stimuli and plays native effects")
    func webHalfRolesAgreeWithDirection() {
        for type in PayloadRegistry.standardTypes {
            switch Self.webHalfRole(of: type) {
            case .pageStimulus: #expect(type.eventDirection == .stimulus, "\(type.eventKind)")
            case .nativeEffect: #expect(type.eventDirection == .effect, "\(type.eventKind)")
            case .notThePage: break
            }
        }
        #expect(WebHalfRole(ScriptMessage.eventKind) == .pageStimulus)
        #expect(WebHalfRole(HTTPRequest.eventKind) == .notThePage)
        #expect(WebHalfRole(EventKind(.custom, "anything")) == .notThePage)
    }

    @Test("every kind added after version 1 makes an older cassette an error, naming the version it needs")
    func formatVersionsComeFromTheDescriptions() {
        for type in PayloadRegistry.standardTypes {
            #expect((1...Cassette.currentFormatVersion).contains(type.formatVersion), "\(type.eventKind)")
            let problem = CassetteMigration.problem(forKind: type.eventKind, inVersion: 1)
            if type.formatVersion > 1 {
                #expect(problem?.contains("needs format version \(type.formatVersion)") == true, "\(type.eventKind)")
            } else {
                #expect(problem == nil, "\(type.eventKind)")
            }
        }
        #expect(CassetteMigration.kindsAdded[URLSchemeRequest.eventKind] == 2)
        #expect(CassetteMigration.kindsAdded[NavigationAction.eventKind] == nil)
    }

    @Test("with nothing registered, every stimulus names the receiver it lacks, unless it answers a call or stops a task")
    func everyStimulusNamesItsMissingReceiver() {
        var seen: Set<EventKind> = []
        let empty = ReplayReceivers.Table()
        for seed in CassetteRoundTripTests.seeds {
            var generator = CassetteGenerator(seed: seed)
            for event in generator.cassette(scenes: 60).events where event.direction == .stimulus {
                seen.insert(event.kind)
                let reason = empty.missingReceiver(for: event.payload)
                guard let type = PayloadRegistry.description(of: event.kind) else {
                    if event.answers == nil { #expect(reason != nil, "custom \(event.kind) names no missing handler") }
                    continue
                }
                if Self.delivery(of: type) == .receiver, event.kind != URLSchemeStop.eventKind {
                    #expect(reason != nil, "\(event.kind) is delivered to a receiver app code registers, but names none missing")
                } else {
                    #expect(reason == nil, "\(event.kind) needs no receiver, yet: \(reason ?? "")")
                }
            }
        }
        let stimulusKinds = Set(PayloadRegistry.standardTypes.filter { $0.eventDirection == .stimulus }.map { $0.eventKind })
        #expect(stimulusKinds.isSubset(of: seen), "not generated: \(stimulusKinds.subtracting(seen))")
    }

    @Test("the reasons name what app code forgot")
    func reasonsNameTheReceiver() {
        let empty = ReplayReceivers.Table()
        #expect(empty.missingReceiver(for: LocationUpdate([])) == "the app never set a location delegate")
        #expect(empty.missingReceiver(for: NavigationFinish(url: nil)) == "the web view has no navigation delegate")
        let message = ScriptMessage(handler: "bridge", body: .null, frame: nil, expectsReply: true, contentWorld: .page)
        #expect(empty.missingReceiver(for: message)?.hasPrefix("no reply handler is registered for 'bridge'") == true)
        #expect(empty.missingReceiver(for: URLSchemeRequest(url: "app://x/"))?.contains("(none is registered)") == true)
    }

    @Test("a summary counts one byte as a byte, and any other number as bytes")
    func byteCountsInSummaries() {
        #expect(HTTPResponse(status: 200, body: .text("7")).summary.contains("(1 byte of text)"))
        #expect(HTTPResponse(status: 200, body: .text("14.50")).summary.contains("(5 bytes of text)"))
        #expect(HTTPResponse(status: 200, body: .bytes(Data([0xFF]))).summary.contains("(1 byte)"))
        #expect(URLSchemeData(Data("7".utf8)).summary == "1 byte of text")
        #expect(URLSchemeData(Data([0xFF, 0xFE])).summary == "2 bytes")
    }
}
