extension RecordingTool {
    /// The version of HybridReplay that recorders write into `recordedBy`.
    public static let hybridReplayVersion = "0.1.0"

    /// HybridReplay's ``Recorder``, at ``hybridReplayVersion``.
    ///
    /// - Parameter engine: Where the events came from, such as `URLSession`.
    /// - Returns: `{"tool": "HybridReplay", "version": "0.1.0", "engine": …}`.
    public static func hybridReplay(engine: String? = nil) -> RecordingTool {
        RecordingTool(tool: "HybridReplay", version: hybridReplayVersion, engine: engine)
    }
}
