#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplayCoreLocation
import HybridReplaySeams
import Testing

@Suite("CoreLocation values and the seam's")
struct CoreLocationValueConversionTests {
    @Test("each authorization status converts both ways under the same name")
    func authorizationStatuses() throws {
        for raw: Int32 in 0...4 {
            let status = try #require(CLAuthorizationStatus(rawValue: raw))
            let seam = AuthorizationStatus(status)
            #expect(seam.isKnown)
            #expect(seam.rawValue == String(describing: status))
            #expect(seam.coreLocationStatus == status)
        }
        #expect(AuthorizationStatus(rawValue: "authorized").coreLocationStatus == nil)
    }

    @Test("each accuracy authorization converts both ways")
    func accuracyAuthorizations() {
        #expect(AccuracyAuthorization(.fullAccuracy) == .full)
        #expect(AccuracyAuthorization(.reducedAccuracy) == .reduced)
        #expect(AccuracyAuthorization.full.coreLocationAccuracy == .fullAccuracy)
        #expect(AccuracyAuthorization.reduced.coreLocationAccuracy == .reducedAccuracy)
        #expect(AccuracyAuthorization(rawValue: "precise").coreLocationAccuracy == nil)
    }

    @Test("every CLError code becomes the location error code of the same name, and back")
    func errorCodes() throws {
        #expect(LocationErrorCode.known.count == 20)
        for raw in 0..<20 {
            let code = try #require(CLError.Code(rawValue: raw))
            let seam = LocationErrorCode(CLError(code))
            #expect(seam.isKnown)
            #expect(seam.rawValue == String(describing: code))
            #expect(seam.coreLocationCode == code)
        }
    }

    @Test("an NSError in kCLErrorDomain converts by its code; an unknown code or another domain keeps both")
    func nsErrors() {
        #expect(LocationErrorCode(NSError(domain: kCLErrorDomain, code: 1)) == .denied)
        #expect(LocationErrorCode(NSError(domain: kCLErrorDomain, code: 42)).rawValue == "kCLErrorDomain 42")
        #expect(!LocationErrorCode(NSError(domain: kCLErrorDomain, code: 42)).isKnown)
        #expect(LocationErrorCode(URLError(.notConnectedToInternet)).rawValue == "NSURLErrorDomain -1009")
        #expect(LocationErrorCode(rawValue: "kCLErrorDomain 42").coreLocationCode == nil)
    }
}
