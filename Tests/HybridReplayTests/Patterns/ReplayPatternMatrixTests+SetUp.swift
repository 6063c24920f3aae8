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

/// A plugin bridge's permission request (`SetUpAheadTests`): the delegate set
/// from `Task.detached` in `init`, against a recording that caught it after
/// the page's ask (as 5 of 6 recordings of an outside app did), and the
/// delegate set on the ask, before the request. The wrong variants answer the
/// page without asking, and set the delegate after the request.
extension ReplayPatternMatrixTests {
    @Test("a permission plugin replays green however late its recording caught a detached set-up, and fails when it skips or swaps a step")
    func permissionSetUp() async {
        await Self.measure("setup location delegate via Task.detached in init recorded after the ask") { correct in
            await SetUpAheadTests.replay(SetUpAheadTests.setAfterTheAsk, correct ? .delegateFromDetachedTaskInInit : .answersWithoutAsking)
        }
        await Self.measure("setup location delegate on the ask, wrong set after the request") { correct in
            await SetUpAheadTests.replay(SetUpAheadTests.setOnTheAsk, correct ? .delegateOnAsk : .delegateAfterRequest)
        }
    }
}
