#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplaySeams

extension LocationErrorCode {
    /// `CLError.Code` raw values (CLError.h numbers them from 0) and the seam's names.
    ///
    /// Keyed by raw value rather than by case so that codes introduced after
    /// the package's deployment target need no availability checks.
    private static let byCoreLocationCode: [Int: LocationErrorCode] = [
        0: .locationUnknown, 1: .denied, 2: .network, 3: .headingFailure, 4: .regionMonitoringDenied,
        5: .regionMonitoringFailure, 6: .regionMonitoringSetupDelayed, 7: .regionMonitoringResponseDelayed,
        8: .geocodeFoundNoResult, 9: .geocodeFoundPartialResult, 10: .geocodeCanceled, 11: .deferredFailed,
        12: .deferredNotUpdatingLocation, 13: .deferredAccuracyTooLow, 14: .deferredDistanceFiltered,
        15: .deferredCanceled, 16: .rangingUnavailable, 17: .rangingFailure, 18: .promptDeclined,
        19: .historicalLocationError,
    ]

    /// The seam's name for an error `CLLocationManager` reported.
    ///
    /// A `CLError` (or an `NSError` in `kCLErrorDomain`) maps to its code's
    /// name; a ``LocationErrorCode`` is itself. Anything else — a code newer than this package, an error from
    /// another domain — keeps its domain and code, as `kCLErrorDomain 42` or
    /// `NSURLErrorDomain -1009`, which the cassette reader reports as an
    /// unknown location error code rather than guessing.
    ///
    /// - Parameter error: The error the delegate received.
    public init(_ error: any Error) {
        if let code = error as? LocationErrorCode {
            self = code
            return
        }
        let code: Int
        let domain: String
        if let coreLocationError = error as? CLError {
            code = coreLocationError.code.rawValue
            domain = kCLErrorDomain
        } else {
            let nsError = error as NSError
            code = nsError.code
            domain = nsError.domain
        }
        if domain == kCLErrorDomain, let known = Self.byCoreLocationCode[code] {
            self = known
        } else {
            self = LocationErrorCode(rawValue: "\(domain) \(code)")
        }
    }

    /// The `CLError.Code` with this name, or `nil` for a name CoreLocation does not have.
    public var coreLocationCode: CLError.Code? {
        Self.byCoreLocationCode.first { $0.value == self }.flatMap { CLError.Code(rawValue: $0.key) }
    }
}
