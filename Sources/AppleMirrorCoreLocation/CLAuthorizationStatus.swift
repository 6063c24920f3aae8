// Raw values: CoreLocation's header declares `typedef NS_ENUM(int,
// CLAuthorizationStatus)` with the cases in this order from 0, and
// `typedef NS_ENUM(NSInteger, CLAccuracyAuthorization)` from 0. Apple's
// documentation pages show the Swift cases without their raw values; the
// numbers are confirmed by the .NET iOS bindings generated from the same
// header (https://learn.microsoft.com/en-us/dotnet/api/corelocation.clauthorizationstatus).
// Checked again 2026-12-02 against two more bindings generated from the SDK
// headers (NativeScript's iOS TypeScript declarations and a Delphi
// CoreLocation import, found by code search): NotDetermined = 0 …
// AuthorizedWhenInUse = 4, FullAccuracy = 0, ReducedAccuracy = 1. The SDK
// header itself was still not read.
#if !canImport(CoreLocation)
// Source: https://developer.apple.com/documentation/corelocation/clauthorizationstatus
// Apple: enum CLAuthorizationStatus
public enum CLAuthorizationStatus: Int32, Sendable {
    // Source: https://developer.apple.com/documentation/corelocation/clauthorizationstatus/notdetermined
    // Apple: case notDetermined
    case notDetermined = 0

    // Source: https://developer.apple.com/documentation/corelocation/clauthorizationstatus/restricted
    // Apple: case restricted
    case restricted = 1

    // Source: https://developer.apple.com/documentation/corelocation/clauthorizationstatus/denied
    // Apple: case denied
    case denied = 2

    // Source: https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorizedalways
    // Apple: case authorizedAlways
    case authorizedAlways = 3

    // Source: https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorizedwheninuse
    // Apple: case authorizedWhenInUse
    case authorizedWhenInUse = 4
}

// Source: https://developer.apple.com/documentation/corelocation/claccuracyauthorization
// Apple: enum CLAccuracyAuthorization
public enum CLAccuracyAuthorization: Int, Sendable {
    // Source: https://developer.apple.com/documentation/corelocation/claccuracyauthorization/fullaccuracy
    // Apple: case fullAccuracy
    case fullAccuracy = 0

    // Source: https://developer.apple.com/documentation/corelocation/claccuracyauthorization/reducedaccuracy
    // Apple: case reducedAccuracy
    case reducedAccuracy = 1
}
#endif
