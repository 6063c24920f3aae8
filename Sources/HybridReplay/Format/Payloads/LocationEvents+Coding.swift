extension LocationAuthorizationRequest: StandardPayload {
    public static let eventKind = EventKind(.location, "requestAuthorization")

    public static let eventDirection = Direction.effect

    public var summary: String { level.rawValue }

    static func read(_ reader: inout FieldReader) -> LocationAuthorizationRequest? {
        reader.known("level", AuthorizationLevel.self).map(LocationAuthorizationRequest.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("level", level) }
}

extension LocationDelegateChange: StandardPayload {
    public static let eventKind = EventKind(.location, "delegate")

    public static let eventDirection = Direction.effect

    public var summary: String { isSet ? "delegate set" : "delegate cleared" }

    static func read(_ reader: inout FieldReader) -> LocationDelegateChange? {
        reader.bool("set").map(LocationDelegateChange.init(isSet:))
    }

    func write(_ writer: inout FieldWriter) { writer.write("set", isSet) }
}

extension LocationAuthorizationChange: StandardPayload {
    public static let eventKind = EventKind(.location, "authorization")

    public static let eventDirection = Direction.stimulus

    public var summary: String { status.rawValue + (accuracy.map { " (\($0) accuracy)" } ?? "") }

    static func read(_ reader: inout FieldReader) -> LocationAuthorizationChange? {
        let status = reader.known("status", AuthorizationStatus.self)
        let accuracy = reader.known("accuracy", AccuracyAuthorization.self, required: false)
        return status.map { LocationAuthorizationChange($0, accuracy: accuracy) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("status", status)
        writer.write("accuracy", accuracy)
    }
}

extension LocationConfiguration: StandardPayload {
    public static let eventKind = EventKind(.location, "configure")

    public static let eventDirection = Direction.effect

    public var summary: String {
        [
            desiredAccuracy.map { "desiredAccuracy \(CanonicalNumber.text($0))" },
            distanceFilter.map { "distanceFilter \(CanonicalNumber.text($0))" },
        ].compactMap { $0 }.joined(separator: ", ")
    }

    static func read(_ reader: inout FieldReader) -> LocationConfiguration? {
        let desiredAccuracy = reader.optionalNumber("desiredAccuracy")
        let distanceFilter = reader.optionalNumber("distanceFilter")
        guard desiredAccuracy != nil || distanceFilter != nil else {
            reader.report(nil, "a configuration sets 'desiredAccuracy', 'distanceFilter' or both")
            return nil
        }
        return LocationConfiguration(desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("desiredAccuracy", desiredAccuracy)
        writer.write("distanceFilter", distanceFilter)
    }
}

extension LocationUpdatesStart: FieldlessPayload {
    public static let eventKind = EventKind(.location, "startUpdating")

    public static let eventDirection = Direction.effect
}

extension LocationUpdatesStop: FieldlessPayload {
    public static let eventKind = EventKind(.location, "stopUpdating")

    public static let eventDirection = Direction.effect
}

extension LocationUpdate: StandardPayload {
    public static let eventKind = EventKind(.location, "locations")

    public static let eventDirection = Direction.stimulus

    public var summary: String { locations.map(\.summary).joined(separator: "; ") }

    static func read(_ reader: inout FieldReader) -> LocationUpdate? {
        guard let locations = reader.nestedArray("locations", LocationFix.read) else { return nil }
        guard !locations.isEmpty else {
            reader.report("locations", "a batch holds at least one location")
            return nil
        }
        return LocationUpdate(locations)
    }

    func write(_ writer: inout FieldWriter) { writer.writeArray("locations", locations) { $1.write(&$0) } }
}

extension LocationFailure: StandardPayload {
    public static let eventKind = EventKind(.location, "error")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        code.rawValue + (code.isTransient ? " (transient)" : "") + (message.map { " \(JSONValue.string($0))" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> LocationFailure? {
        let code = reader.known("code", LocationErrorCode.self)
        let message = reader.optionalString("message")
        return code.map { LocationFailure($0, message: message) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("code", code)
        writer.write("message", message)
    }
}

extension LocationServiceValue: StandardPayload {
    public static let eventKind = EventKind(.location, "publish")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(stream) \(value)" }

    static func read(_ reader: inout FieldReader) -> LocationServiceValue? {
        let stream = reader.string("stream")
        let value = reader.json("value")
        guard let stream, let value else { return nil }
        return LocationServiceValue(stream: stream, value: value)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("stream", stream)
        writer.write("value", value)
    }
}

extension LocationServiceCompletion: StandardPayload {
    public static let eventKind = EventKind(.location, "complete")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(stream) " + (error.map { "failed: \($0)" } ?? "finished") }

    static func read(_ reader: inout FieldReader) -> LocationServiceCompletion? {
        let stream = reader.string("stream")
        let error = reader.known("error", LocationErrorCode.self, required: false)
        return stream.map { LocationServiceCompletion(stream: $0, error: error) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("stream", stream)
        writer.write("error", error)
    }
}

/// A payload whose kind says everything: its `payload` object is empty.
protocol FieldlessPayload: StandardPayload {
    init()
}

extension FieldlessPayload {
    public var summary: String { "" }

    static func read(_ reader: inout FieldReader) -> Self? { Self() }

    func write(_ writer: inout FieldWriter) {}
}

extension OneShotLocationRequest: StandardPayload {
    public static let eventKind = EventKind(.location, "requestLocation")

    public static let eventDirection = Direction.effect

    public var summary: String { "one fix" }

    static func read(_ reader: inout FieldReader) -> OneShotLocationRequest? { OneShotLocationRequest() }

    func write(_ writer: inout FieldWriter) {}
}

extension TemporaryFullAccuracyRequest: StandardPayload {
    public static let eventKind = EventKind(.location, "requestFullAccuracy")

    public static let eventDirection = Direction.effect

    public var summary: String { "purpose \(purposeKey)" }

    static func read(_ reader: inout FieldReader) -> TemporaryFullAccuracyRequest? {
        guard let purposeKey = reader.string("purposeKey") else { return nil }
        if purposeKey.isEmpty {
            reader.report("purposeKey", "the purpose key is empty; it names an entry of NSLocationTemporaryUsageDescriptionDictionary")
            return nil
        }
        return TemporaryFullAccuracyRequest(purposeKey: purposeKey)
    }

    func write(_ writer: inout FieldWriter) { writer.write("purposeKey", purposeKey) }
}
