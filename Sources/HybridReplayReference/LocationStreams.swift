import HybridReplaySeams

/// A ``LocationServiceOutput`` for the app: what ``DeviceLocationService``
/// publishes, as async sequences (the seed's `PassthroughSubject`s).
///
/// ```swift
/// let streams = LocationStreams()
/// let service = DeviceLocationService(manager: manager, output: streams)
/// service.requestLocationUpdates()
/// for try await coordinate in streams.coordinates { show(coordinate) }
/// ```
///
/// Each stream is single-consumer. Combine's `PassthroughSubject` sends every
/// value to every subscriber; an `AsyncStream` gives each element to only one
/// of the tasks iterating it (the others never see it), and two tasks
/// awaiting ``coordinates``, an `AsyncThrowingStream`, at once is a runtime
/// trap. So iterate each stream in one task only. To fan out to several
/// consumers, have that task hand each element on: store it in a model the
/// views observe, or yield it to one `AsyncStream` continuation per consumer.
/// Elements published before anyone iterates are buffered, so nothing is lost
/// between creating the service and starting to listen.
public final class LocationStreams: LocationServiceOutput {
    /// A latitude and longitude in degrees.
    public struct Coordinate: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// Why the coordinate stream ended.
    public struct Failure: Error, Sendable, Hashable {
        public var code: LocationErrorCode
    }

    /// Every published coordinate, until the service fails; single-consumer.
    public let coordinates: AsyncThrowingStream<Coordinate, any Error>
    /// One element each time location access turns out to be denied; single-consumer.
    public let deniedLocationAccess: AsyncStream<Void>

    private let coordinatesContinuation: AsyncThrowingStream<Coordinate, any Error>.Continuation
    private let deniedContinuation: AsyncStream<Void>.Continuation

    public init() {
        (coordinates, coordinatesContinuation) = AsyncThrowingStream.makeStream()
        (deniedLocationAccess, deniedContinuation) = AsyncStream.makeStream()
    }

    public func publish(_ value: JSONValue, on stream: String) {
        switch stream {
        case DeviceLocationService.coordinatesStream:
            guard case .object(let fields) = value, case .number(let latitude)? = fields["latitude"],
                case .number(let longitude)? = fields["longitude"]
            else { return }
            coordinatesContinuation.yield(Coordinate(latitude: latitude, longitude: longitude))
        case DeviceLocationService.deniedStream:
            deniedContinuation.yield()
        default:
            break
        }
    }

    public func complete(_ stream: String, error: LocationErrorCode?) {
        guard stream == DeviceLocationService.coordinatesStream else { return }
        if let error {
            coordinatesContinuation.finish(throwing: Failure(code: error))
        } else {
            coordinatesContinuation.finish()
        }
    }
}
