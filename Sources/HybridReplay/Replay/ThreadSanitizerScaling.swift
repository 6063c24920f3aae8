/// The stall timeout under ThreadSanitizer.
///
/// The stall timeout passes only while the implementation could run and did
/// not finish (time its executors were held back does not count), but code
/// that runs slowly still uses it up. ThreadSanitizer makes all code several
/// times slower (5 to 15 times, by its documentation), and on a shared
/// two-core machine correct replays of this package's own suite were reported
/// "still busy after 2.0 seconds" under it (17 reports in two full runs at
/// load average up to 8.6, none idle, none when the same suites ran alone).
/// So in a process that runs ThreadSanitizer the stall timeout counts ten
/// times as long; a replay that passes never waits it out, so passing
/// replays cost nothing more. The package's tests scale their hang guards
/// (Swift Testing time limits) by the same factor.
package enum ThreadSanitizerScaling {
    /// How many times longer the stall timeout counts in this process.
    package static let factor = threadSanitizerRuns ? 10 : 1

    /// Whether ThreadSanitizer's runtime is in the process: an executable
    /// built with `-sanitize=thread` exports its entry point.
    static let threadSanitizerRuns = processSymbol("__tsan_init") != nil

    /// `options` with the stall timeout this process counts.
    static func scaled(_ options: ReplayOptions) -> ReplayOptions {
        guard factor != 1 else { return options }
        var scaled = options
        scaled.stallTimeout = options.stallTimeout * factor
        return scaled
    }
}
