/// Which way an event crosses its seam.
public enum Direction: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Platform to app code; played back on replay.
    case stimulus
    /// App code to platform; verified on replay.
    case effect

    public var description: String { rawValue }
}
