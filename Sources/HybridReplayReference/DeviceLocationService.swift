import Foundation
import HybridReplay

/// The seed's `DeviceLocationService` ("Getting device location on iOS")
/// against the location seams, with `AsyncStream`s (see ``LocationStreams``)
/// where the seed uses Combine.
///
/// - It asks for the best accuracy and becomes the manager's delegate; the
///   manager reports the current authorization at once, as `CLLocationManager`
///   does when it is created.
/// - Not determined: it requests when-in-use authorization. Authorized (when
///   in use or always): it starts updating. Denied or restricted: it stops
///   updating and publishes on ``deniedStream``. The seed treats "not
///   determined" as denied in `locationManagerDidChangeAuthorization`; this
///   does not.
/// - Of each batch of fixes it publishes only the last one's coordinate on
///   ``coordinatesStream``, as `{latitude, longitude}`.
/// - `locationUnknown` is transient: CoreLocation keeps trying, so the service
///   does too. Any other error completes the coordinate stream with that
///   error and stops updating; fixes after that are not published.
public final class DeviceLocationService: LocationManagerDelegate, @unchecked Sendable {
    /// The stream coordinates are published on.
    public static let coordinatesStream = "coordinates"
    /// The stream that signals that location access is denied.
    public static let deniedStream = "deniedLocationAccess"
    /// `kCLLocationAccuracyBest`.
    public static let bestAccuracy = -1.0

    private let manager: any LocationManager
    private let output: any LocationServiceOutput
    private let lock = NSLock()
    private var finished = false

    /// Configures `manager` and becomes its delegate.
    ///
    /// - Parameters:
    ///   - manager: The location manager (CoreLocation's, or a double).
    ///   - output: Where coordinates and the denied signal go; ``LocationStreams``
    ///     turns them into async sequences.
    public init(manager: any LocationManager, output: any LocationServiceOutput) {
        self.manager = manager
        self.output = output
        manager.desiredAccuracy = Self.bestAccuracy
        manager.setDelegate(self)
    }

    /// What the seed's `requestLocationUpdates()` does: acts on the current
    /// authorization without waiting for the manager to report it.
    public func requestLocationUpdates() {
        act(on: manager.authorizationStatus)
    }

    public func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        act(on: status)
    }

    private func act(on status: AuthorizationStatus) {
        switch status {
        case .notDetermined:
            manager.requestWhenInUseAuthorization()
        case .authorizedWhenInUse, .authorizedAlways:
            manager.startUpdatingLocation()
        default:
            manager.stopUpdatingLocation()
            output.publish(.null, on: Self.deniedStream)
        }
    }

    public func locationManager(didUpdateLocations locations: [LocationFix]) {
        guard let last = locations.last, !isFinished else { return }
        output.publish(
            .object(["latitude": .number(last.latitude), "longitude": .number(last.longitude)]),
            on: Self.coordinatesStream)
    }

    public func locationManager(didFailWithError error: LocationErrorCode) {
        if error.isTransient { return }
        let first = lock.withLock {
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        manager.stopUpdatingLocation()
        output.complete(Self.coordinatesStream, error: error)
    }

    private var isFinished: Bool { lock.withLock { finished } }
}

/// A ``LocationServiceOutput`` for the app: what the service publishes, as
/// async sequences (the seed's `PassthroughSubject`s).
///
/// ```swift
/// let streams = LocationStreams()
/// let service = DeviceLocationService(manager: manager, output: streams)
/// for try await coordinate in streams.coordinates { show(coordinate) }
/// ```
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

    /// Every published coordinate, until the service fails.
    public let coordinates: AsyncThrowingStream<Coordinate, any Error>
    /// One element each time location access turns out to be denied.
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
