extension AppRecording {
    /// Whether an app may record while `CI` is set in its environment.
    ///
    /// Recording on CI is refused by default: a CI run verifies cassettes, it
    /// does not make new ones. A UI test that records on CI on purpose (to
    /// collect sessions from a device farm, say) passes ``record``.
    public struct CIPolicy: Sendable, Hashable, CustomStringConvertible {
        private let allows: Bool

        private init(allows: Bool) { self.allows = allows }

        /// Refuses to record when `CI` is set, with ``AppRecordingError/Code/refusedOnCI``. The default.
        public static let refuse = CIPolicy(allows: false)
        /// Records even when `CI` is set.
        public static let record = CIPolicy(allows: true)

        /// Whether a session may record given that `CI` is or is not set.
        func permits(isCI: Bool) -> Bool { allows || !isCI }

        public var description: String { allows ? "record" : "refuse" }
    }
}
