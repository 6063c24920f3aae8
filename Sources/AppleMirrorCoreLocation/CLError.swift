// In Swift, CoreLocation's `NS_ERROR_ENUM(kCLErrorDomain, CLError)` is a
// struct wrapping an `NSError` with a nested `Code` enum; errors reach the
// delegate as `any Error` and cast with `as? CLError`. The mirror keeps that
// shape: a `CustomNSError` whose domain is `kCLErrorDomain` and whose code is
// the raw value, so both `as? CLError` and `as NSError` work as on Apple
// platforms.
//
// Raw values: CLError.h numbers the codes from 0 in this order, as two
// bindings generated from that header show
// (https://docs.rs/objc2-core-location/0.3.2/src/objc2_core_location/generated/CLError.rs.html,
// https://learn.microsoft.com/en-us/dotnet/api/corelocation.clerror); Apple's
// pages show the Swift cases without numbers.
// Checked again 2026-12-02 against two more bindings generated from the SDK
// headers (a Delphi CoreLocation import and an Odin binding, found by code
// search): kCLErrorLocationUnknown = 0 … kCLErrorPromptDeclined = 18,
// kCLErrorHistoricalLocationError = 19, as below. CLError.h itself was not read.
#if !canImport(CoreLocation)
import Foundation

// Source: https://developer.apple.com/documentation/corelocation/kclerrordomain
// Apple: let kCLErrorDomain: String
public let kCLErrorDomain: String = "kCLErrorDomain"

// Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct
// Apple: struct CLError
public struct CLError: CustomNSError, Hashable, Sendable {
    // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code
    // Apple: enum Code
    public enum Code: Int, Sendable {
        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/locationunknown
        // Apple: case locationUnknown
        case locationUnknown = 0

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/denied
        // Apple: case denied
        case denied = 1

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/network
        // Apple: case network
        case network = 2

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/headingfailure
        // Apple: case headingFailure
        case headingFailure = 3

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/regionmonitoringdenied
        // Apple: case regionMonitoringDenied
        case regionMonitoringDenied = 4

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/regionmonitoringfailure
        // Apple: case regionMonitoringFailure
        case regionMonitoringFailure = 5

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/regionmonitoringsetupdelayed
        // Apple: case regionMonitoringSetupDelayed
        case regionMonitoringSetupDelayed = 6

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/regionmonitoringresponsedelayed
        // Apple: case regionMonitoringResponseDelayed
        case regionMonitoringResponseDelayed = 7

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/geocodefoundnoresult
        // Apple: case geocodeFoundNoResult
        case geocodeFoundNoResult = 8

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/geocodefoundpartialresult
        // Apple: case geocodeFoundPartialResult
        case geocodeFoundPartialResult = 9

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/geocodecanceled
        // Apple: case geocodeCanceled
        case geocodeCanceled = 10

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/deferredfailed
        // Apple: case deferredFailed
        case deferredFailed = 11

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/deferrednotupdatinglocation
        // Apple: case deferredNotUpdatingLocation
        case deferredNotUpdatingLocation = 12

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/deferredaccuracytoolow
        // Apple: case deferredAccuracyTooLow
        case deferredAccuracyTooLow = 13

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/deferreddistancefiltered
        // Apple: case deferredDistanceFiltered
        case deferredDistanceFiltered = 14

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/deferredcanceled
        // Apple: case deferredCanceled
        case deferredCanceled = 15

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/rangingunavailable
        // Apple: case rangingUnavailable
        case rangingUnavailable = 16

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/rangingfailure
        // Apple: case rangingFailure
        case rangingFailure = 17

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/promptdeclined
        // Apple: case promptDeclined
        case promptDeclined = 18

        // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/historicallocationerror
        // Apple: case historicalLocationError
        case historicalLocationError = 19
    }

    // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code-swift.property
    // Apple: var code: CLError.Code { get }
    public var code: CLError.Code { storedCode }

    // Source: https://developer.apple.com/documentation/corelocation/clerror-swift.struct/errordomain
    // Apple: static var errorDomain: String { get }
    public static var errorDomain: String { kCLErrorDomain }

    // Source: https://developer.apple.com/documentation/foundation/_bridgedstorednserror/init(_:userinfo:)
    // Apple: init(_ code: CLError.Code, userInfo: [String : Any] = [:])
    public init(_ code: CLError.Code, userInfo: [String : Any] = [:]) {
        storedCode = code
    }

    private let storedCode: CLError.Code

    // Source: https://developer.apple.com/documentation/swift/customnserror/errorcode
    // Apple: var errorCode: Int { get }
    public var errorCode: Int { storedCode.rawValue }
}
#endif
