import Foundation
import HybridReplay

/// Replay options for tests: the defaults, with a re-record command for reports.
let fastReplay = ReplayOptions(recordCommand: "HYBRIDREPLAY_RECORD=failed swift test --filter Example")

/// A cassette of `events`, numbered from 1 in order when their ids are 0.
func makeCassette(_ events: [Event], name: String = "test") -> Cassette {
    Cassette(header: CassetteHeader(name: name), events: events)
}

/// Replays a hand-written example cassette against the implementation `setUp` builds.
func replayExample<Subject>(
    _ relativePath: String, options: ReplayOptions = fastReplay, _ setUp: (Platform) async throws -> Subject
) async throws -> ReplayReport {
    let replayer = try Replayer(
        contentsOf: exampleCassette(relativePath), displayPath: exampleDisplayPath(relativePath), options: options)
    return await replayer.replay(setUp)
}
