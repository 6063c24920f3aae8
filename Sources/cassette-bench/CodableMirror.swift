import Foundation

// A Codable mirror of the cassette format, for the `JSONDecoder` baseline.
//
// It holds the same information as HybridReplay's model: the header, every
// event's envelope and a typed payload per kind (known spellings as enums,
// base64 bodies as `Data`, free-form JSON as `AnyJSON`). It does only what
// `JSONDecoder` does for free: it checks types and required keys, not
// unknown fields or the rules across events.

struct MirrorCassette: Codable {
    var formatVersion: Int
    var name: String
    var description: String?
    var recordedBy: MirrorRecordingTool?
    var redactions: [String]?
    var events: [MirrorEvent]
}

struct MirrorRecordingTool: Codable {
    var tool: String
    var version: String?
    var engine: String?
}

enum MirrorDirection: String, Codable { case stimulus, effect }

struct MirrorEvent: Codable {
    var id: Int
    var channel: String
    var direction: MirrorDirection
    var kind: String
    var cause: Int?
    var answers: Int?
    var at: Double
    var payload: MirrorPayload

    enum CodingKeys: String, CodingKey { case id, channel, direction, kind, cause, answers, at, payload }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        channel = try container.decode(String.self, forKey: .channel)
        direction = try container.decode(MirrorDirection.self, forKey: .direction)
        kind = try container.decode(String.self, forKey: .kind)
        cause = try container.decodeIfPresent(Int.self, forKey: .cause)
        answers = try container.decodeIfPresent(Int.self, forKey: .answers)
        at = try container.decode(Double.self, forKey: .at)
        payload = try MirrorPayload(channel: channel, kind: kind, from: container, forKey: .payload)
    }
}

/// The payload, discriminated by the event's channel and kind.
enum MirrorPayload {
    case scriptMessage(MirrorScriptMessage)
    case scriptReply(MirrorOutcome)
    case userScript(MirrorUserScript)
    case evaluate(MirrorEvaluation)
    case result(MirrorOutcome)
    case navigationAction(MirrorNavigationAction)
    case navigationDecision(MirrorNavigationDecision)
    case nativeRoute(MirrorNativeRoute)
    case navigationLoad(MirrorNavigationLoad)
    case httpRequest(MirrorHTTPRequest)
    case httpResponse(MirrorHTTPResponse)
    case setCookie(MirrorCookieWrite)
    case getCookies(MirrorCookieQuery)
    case cookies(MirrorCookieContents)
    case requestAuthorization(MirrorAuthorizationRequest)
    case authorization(MirrorAuthorizationChange)
    case configure(MirrorLocationConfiguration)
    case startUpdating(MirrorEmpty)
    case stopUpdating(MirrorEmpty)
    case locations(MirrorLocationUpdate)
    case locationError(MirrorLocationFailure)
    case publish(MirrorServiceValue)
    case complete(MirrorServiceCompletion)
    case custom([String: AnyJSON])

    init<Key: CodingKey>(channel: String, kind: String, from container: KeyedDecodingContainer<Key>, forKey key: Key) throws {
        func payload<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type, forKey: key) }
        switch (channel, kind) {
        case ("script", "message"): self = .scriptMessage(try payload(MirrorScriptMessage.self))
        case ("script", "reply"): self = .scriptReply(try payload(MirrorOutcome.self))
        case ("javascript", "userScript"): self = .userScript(try payload(MirrorUserScript.self))
        case ("javascript", "evaluate"): self = .evaluate(try payload(MirrorEvaluation.self))
        case ("javascript", "result"): self = .result(try payload(MirrorOutcome.self))
        case ("navigation", "action"): self = .navigationAction(try payload(MirrorNavigationAction.self))
        case ("navigation", "decision"): self = .navigationDecision(try payload(MirrorNavigationDecision.self))
        case ("navigation", "route"): self = .nativeRoute(try payload(MirrorNativeRoute.self))
        case ("navigation", "load"): self = .navigationLoad(try payload(MirrorNavigationLoad.self))
        case ("http", "request"): self = .httpRequest(try payload(MirrorHTTPRequest.self))
        case ("http", "response"): self = .httpResponse(try payload(MirrorHTTPResponse.self))
        case ("http", "setCookie"): self = .setCookie(try payload(MirrorCookieWrite.self))
        case ("http", "getCookies"): self = .getCookies(try payload(MirrorCookieQuery.self))
        case ("http", "cookies"): self = .cookies(try payload(MirrorCookieContents.self))
        case ("location", "requestAuthorization"): self = .requestAuthorization(try payload(MirrorAuthorizationRequest.self))
        case ("location", "authorization"): self = .authorization(try payload(MirrorAuthorizationChange.self))
        case ("location", "configure"): self = .configure(try payload(MirrorLocationConfiguration.self))
        case ("location", "startUpdating"): self = .startUpdating(try payload(MirrorEmpty.self))
        case ("location", "stopUpdating"): self = .stopUpdating(try payload(MirrorEmpty.self))
        case ("location", "locations"): self = .locations(try payload(MirrorLocationUpdate.self))
        case ("location", "error"): self = .locationError(try payload(MirrorLocationFailure.self))
        case ("location", "publish"): self = .publish(try payload(MirrorServiceValue.self))
        case ("location", "complete"): self = .complete(try payload(MirrorServiceCompletion.self))
        case ("custom", _): self = .custom(try payload([String: AnyJSON].self))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "unknown kind '\(kind)' on channel '\(channel)'")
        }
    }

    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .scriptMessage(let value): try container.encode(value, forKey: key)
        case .scriptReply(let value), .result(let value): try container.encode(value, forKey: key)
        case .userScript(let value): try container.encode(value, forKey: key)
        case .evaluate(let value): try container.encode(value, forKey: key)
        case .navigationAction(let value): try container.encode(value, forKey: key)
        case .navigationDecision(let value): try container.encode(value, forKey: key)
        case .nativeRoute(let value): try container.encode(value, forKey: key)
        case .navigationLoad(let value): try container.encode(value, forKey: key)
        case .httpRequest(let value): try container.encode(value, forKey: key)
        case .httpResponse(let value): try container.encode(value, forKey: key)
        case .setCookie(let value): try container.encode(value, forKey: key)
        case .getCookies(let value): try container.encode(value, forKey: key)
        case .cookies(let value): try container.encode(value, forKey: key)
        case .requestAuthorization(let value): try container.encode(value, forKey: key)
        case .authorization(let value): try container.encode(value, forKey: key)
        case .configure(let value): try container.encode(value, forKey: key)
        case .startUpdating(let value), .stopUpdating(let value): try container.encode(value, forKey: key)
        case .locations(let value): try container.encode(value, forKey: key)
        case .locationError(let value): try container.encode(value, forKey: key)
        case .publish(let value): try container.encode(value, forKey: key)
        case .complete(let value): try container.encode(value, forKey: key)
        case .custom(let value): try container.encode(value, forKey: key)
        }
    }
}

extension MirrorEvent {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(channel, forKey: .channel)
        try container.encode(direction, forKey: .direction)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(cause, forKey: .cause)
        try container.encodeIfPresent(answers, forKey: .answers)
        try container.encode(at, forKey: .at)
        try payload.encode(to: &container, forKey: .payload)
    }
}

// MARK: Payloads

struct MirrorFrame: Codable {
    var isMainFrame: Bool
    var url: String?
}

struct MirrorScriptMessage: Codable {
    var handler: String
    var body: AnyJSON
    var frame: MirrorFrame?
    var expectsReply: Bool?
}

/// A value (`null` included) or an error message.
enum MirrorOutcome: Codable {
    case value(AnyJSON)
    case error(String)

    enum CodingKeys: String, CodingKey { case value, error }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.value) {
            self = .value(try container.decode(AnyJSON.self, forKey: .value))
        } else {
            self = .error(try container.decode(String.self, forKey: .error))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .value(let value): try container.encode(value, forKey: .value)
        case .error(let message): try container.encode(message, forKey: .error)
        }
    }
}

enum MirrorInjectionTime: String, Codable { case documentStart, documentEnd }

struct MirrorUserScript: Codable {
    var source: String
    var injectionTime: MirrorInjectionTime
    var mainFrameOnly: Bool
}

struct MirrorEvaluation: Codable {
    var script: String
    var arguments: [String: AnyJSON]?
}

enum MirrorNavigationType: String, Codable {
    case linkActivated, formSubmitted, backForward, reload, formResubmitted, other
}

struct MirrorNavigationAction: Codable {
    var url: String
    var method: String
    var navigationType: MirrorNavigationType
    var sourceFrame: MirrorFrame?
    var targetFrame: MirrorFrame?
}

enum MirrorNavigationPolicy: String, Codable { case cancel, allow, download }

struct MirrorNavigationDecision: Codable {
    var policy: MirrorNavigationPolicy
}

struct MirrorNativeRoute: Codable {
    var name: String
    var parameters: [String: AnyJSON]
}

struct MirrorHTTPHeader: Codable {
    var name: String
    var value: String
}

struct MirrorNavigationLoad: Codable {
    var url: String
    var method: String
    var headers: [MirrorHTTPHeader]?
}

/// Exactly one of the three is set; `base64` decodes to bytes as HybridReplay's does.
struct MirrorHTTPBody: Codable {
    var text: String?
    var json: AnyJSON?
    var base64: Data?
}

struct MirrorHTTPRequest: Codable {
    var method: String
    var url: String
    var headers: [MirrorHTTPHeader]
    var body: MirrorHTTPBody?
}

struct MirrorHTTPResponse: Codable {
    var status: Int
    var headers: [MirrorHTTPHeader]
    var body: MirrorHTTPBody?
}

enum MirrorSameSite: String, Codable { case strict, lax, none }

struct MirrorCookie: Codable {
    var name: String
    var value: String
    var domain: String
    var path: String
    var expires: String?
    var secure: Bool
    var httpOnly: Bool
    var sameSite: MirrorSameSite?
}

struct MirrorCookieWrite: Codable { var cookie: MirrorCookie }
struct MirrorCookieQuery: Codable { var url: String }
struct MirrorCookieContents: Codable { var cookies: [MirrorCookie] }

enum MirrorAuthorizationLevel: String, Codable { case whenInUse, always }
enum MirrorAuthorizationStatus: String, Codable { case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse }
enum MirrorAccuracy: String, Codable { case full, reduced }

enum MirrorLocationErrorCode: String, Codable {
    case locationUnknown, denied, network, headingFailure, regionMonitoringDenied, regionMonitoringFailure
    case regionMonitoringSetupDelayed, regionMonitoringResponseDelayed, geocodeFoundNoResult
    case geocodeFoundPartialResult, geocodeCanceled, deferredFailed, deferredNotUpdatingLocation
    case deferredAccuracyTooLow, deferredDistanceFiltered, deferredCanceled, rangingUnavailable
    case rangingFailure, promptDeclined, historicalLocationError
}

struct MirrorAuthorizationRequest: Codable { var level: MirrorAuthorizationLevel }

struct MirrorAuthorizationChange: Codable {
    var status: MirrorAuthorizationStatus
    var accuracy: MirrorAccuracy?
}

struct MirrorLocationConfiguration: Codable {
    var desiredAccuracy: Double?
    var distanceFilter: Double?
}

struct MirrorEmpty: Codable {}

struct MirrorLocationFix: Codable {
    var latitude: Double
    var longitude: Double
    var altitude: Double?
    var ellipsoidalAltitude: Double?
    var horizontalAccuracy: Double?
    var verticalAccuracy: Double?
    var course: Double?
    var courseAccuracy: Double?
    var speed: Double?
    var speedAccuracy: Double?
    var timestamp: String
    var floor: Int?
}

struct MirrorLocationUpdate: Codable { var locations: [MirrorLocationFix] }

struct MirrorLocationFailure: Codable {
    var code: MirrorLocationErrorCode
    var message: String?
}

struct MirrorServiceValue: Codable {
    var stream: String
    var value: AnyJSON
}

struct MirrorServiceCompletion: Codable {
    var stream: String
    var error: MirrorLocationErrorCode?
}

// MARK: Free-form JSON

/// Any JSON value, as Codable code usually spells it: the single-value
/// container is tried with each type in turn, most frequent first.
enum AnyJSON: Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let object = try? container.decode([String: AnyJSON].self) {
            self = .object(object)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else {
            self = .array(try container.decode([AnyJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
