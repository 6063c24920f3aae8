import HybridReplay
import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that only a hang reaches: `minutes`, or ten times as
    /// long under ThreadSanitizer, which makes all code several times slower
    /// (as the replay's stall timeout is scaled; see `ThreadSanitizerScaling`).
    /// These tests assert no duration: a limit that a slow machine reaches
    /// fails a correct test, so under the sanitizer, beside other builds, it
    /// grows with the code's speed.
    static func hangGuard(minutes: Int) -> Self {
        .timeLimit(.minutes(minutes * ThreadSanitizerScaling.factor))
    }
}
