import Testing

@testable import HybridReplay

@Suite("The stall timeout under ThreadSanitizer")
struct ThreadSanitizerScalingTests {
    @Test("a replay counts the stall timeout ten times as long where ThreadSanitizer runs, and as given elsewhere")
    func scaling() {
        #expect(ThreadSanitizerScaling.factor == (ThreadSanitizerScaling.threadSanitizerRuns ? 10 : 1))
        let engine = ReplayEngine(cassette: makeCassette([]), options: ReplayOptions(stallTimeout: .milliseconds(300)))
        #expect(engine.options.stallTimeout == .milliseconds(300) * ThreadSanitizerScaling.factor)
    }
}
