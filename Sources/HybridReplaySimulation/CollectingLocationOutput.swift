import HybridReplay

/// A location service output that keeps everything the service published.
public final class CollectingLocationOutput: LocationServiceOutput {
    private struct State: Sendable {
        var values: [LocationServiceValue] = []
        var completions: [LocationServiceCompletion] = []
    }

    private let state = Locked(State())

    public init() {}

    /// The values the service published, in order, across all streams.
    public var values: [LocationServiceValue] { state.withLock { $0.values } }

    /// The streams the service ended, in order.
    public var completions: [LocationServiceCompletion] { state.withLock { $0.completions } }

    /// The values published on `stream`, in order.
    ///
    /// - Parameter stream: The stream's name, such as `coordinates`.
    /// - Returns: The values, without their stream.
    public func values(on stream: String) -> [JSONValue] {
        state.withLock { $0.values.filter { $0.stream == stream }.map(\.value) }
    }

    public func publish(_ value: JSONValue, on stream: String) {
        state.withLock { $0.values.append(LocationServiceValue(stream: stream, value: value)) }
    }

    public func complete(_ stream: String, error: LocationErrorCode?) {
        state.withLock { $0.completions.append(LocationServiceCompletion(stream: stream, error: error)) }
    }
}
