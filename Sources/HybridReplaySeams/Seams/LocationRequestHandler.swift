
/// The entry point of the device location service's contract: the app
/// asking for location updates, as a `custom` stimulus named ``eventName``
/// with no fields.
///
/// The seed's view calls `requestLocationUpdates()` on appear; the platform
/// never does, so a cassette shows the call as this stimulus. The handler
/// calls `request` synchronously, as the view's call is, so that what the
/// service does in it (asking for authorization, starting, signalling denial)
/// is recorded as caused by the stimulus and replayed against it.
///
/// Register one with your own service to run the `device-location-service`
/// cassettes against it:
///
/// ```swift
/// LocationRequestHandler(seam: platform.custom) { myService.requestLocationUpdates() }
/// ```
public struct LocationRequestHandler: CustomEventHandler {
    /// The custom stimulus the app's call arrives as.
    public static let eventName = "requestLocationUpdates"

    private let request: @Sendable () -> Void

    /// Becomes `seam`'s handler for the stimuli named ``eventName``, leaving its other handlers in place.
    ///
    /// - Parameters:
    ///   - seam: The app's custom seam, such as `platform.custom`.
    ///   - request: Called once for each ``eventName`` stimulus, on the
    ///     delivering task.
    @discardableResult
    public init(seam: any CustomSeam, request: @escaping @Sendable () -> Void) {
        self.request = request
        seam.setHandler(self, forEventNamed: Self.eventName)
    }

    /// The custom event that asks for location updates.
    public static func event() -> CustomEvent {
        CustomEvent(name: eventName, direction: .stimulus)
    }

    /// Calls `request` for an ``eventName`` event, whatever fields it has;
    /// other custom events are not the location service's.
    public func didReceive(_ event: CustomEvent) {
        guard event.name == Self.eventName else { return }
        request()
    }
}
