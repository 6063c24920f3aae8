import HybridReplayTestSupport
import Testing

@testable import HybridReplay

/// Every stimulus kind the format defines either names the receiver it
/// needs when app code registered none, or is one that needs none: a new
/// kind the scheduler's receiver check forgot fails here instead of being
/// delivered to nobody without a word.
@Suite("Receivers every stimulus kind needs")
struct ReceiverCoverageTests {
    @Test("with nothing registered, every stimulus names what is missing, unless it needs no receiver")
    func everyStimulusKindIsClassified() {
        var seen: Set<EventKind> = []
        let empty = ReplayReceivers.Table()
        for seed in CassetteRoundTripTests.seeds {
            var generator = CassetteGenerator(seed: seed)
            for event in generator.cassette(scenes: 60).events where event.direction == .stimulus {
                seen.insert(event.kind)
                let reason = empty.missingReceiver(for: event.payload)
                if ReplayReceivers.Table.needNoReceiver.contains(event.kind) {
                    #expect(reason == nil, "\(event.kind) needs no receiver, yet: \(reason ?? "")")
                } else if event.kind.channel != .custom || event.answers == nil {
                    #expect(reason != nil, "\(event.kind) is delivered to a receiver app code registers, but the check names none")
                }
            }
        }
        let stimulusKinds = Set(PayloadRegistry.standardTypes.filter { $0.eventDirection == .stimulus }.map { $0.eventKind })
        #expect(stimulusKinds.isSubset(of: seen), "not generated: \(stimulusKinds.subtracting(seen))")
    }
}
