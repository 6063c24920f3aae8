import Testing

@testable import HybridReplay

/// The set-up shapes beside the hops: where app code becomes the location
/// delegate (in `init`, lazily on the page's first ask, from
/// `DispatchQueue.main.async`, from a main-actor `Task`) and reads
/// `authorizationStatus` right after. Each is recorded once and replayed
/// correct and wrong (the delegate never set, or a fix asked for before
/// the authorization is heard) `runs` times.
extension ReplayPatternMatrixTests {
    @Test("a location feature replays green however it sets its delegate, and fails when it skips a step", arguments: NearestPlaceFeature.Shape.correct)
    func setUpShape(_ shape: NearestPlaceFeature.Shape) async throws {
        let cassette = try await LocationDelegateByCauseTests.record(shape)
        let wrong: NearestPlaceFeature.Shape = shape == .inInit ? .neverSetsDelegate : .asksBeforeAuthorization
        await Self.measure("setup location delegate \(shape.rawValue)") { correct in
            await LocationDelegateByCauseTests.replay(cassette, as: correct ? shape : wrong)
        }
    }
}
