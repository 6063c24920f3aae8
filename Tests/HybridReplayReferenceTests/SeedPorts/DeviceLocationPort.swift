import Foundation
import HybridReplaySeams

// The device-location article's service, ported to the seams as written, bugs
// included (it acts on the authorization a new delegate hears, and treats
// "not determined" as denied there). `Scripts/seed-port-diff device-location`
// counts the changed lines.
enum DeviceLocationPort {
// seed-port-diff: begin

class DeviceLocationService: NSObject, LocationManagerDelegate, @unchecked Sendable {

    var coordinatesPublisher = PassthroughSubject<LocationFix, Error>()
    var deniedLocationAccessPublisher = PassthroughSubject<Void, Never>()

    private override init() {
        super.init()
    }
    static let shared = DeviceLocationService()
    nonisolated(unsafe) static var makeLocationManager: () -> any LocationManager = { UnavailableLocationManager() }

    private lazy var locationManager: any LocationManager = {
        let manager = DeviceLocationService.makeLocationManager()
        manager.desiredAccuracy = -1
        manager.delegate = self
        return manager
    }()

    func requestLocationUpdates() {
        switch locationManager.authorizationStatus {
            
        case .notDetermined:
            locationManager.requestWhenInUseAuthorization()
            
        case .authorizedWhenInUse, .authorizedAlways:
            locationManager.startUpdatingLocation()
            
        default:
            deniedLocationAccessPublisher.send()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: any LocationManager) {
        switch manager.authorizationStatus {
            
        case .authorizedWhenInUse, .authorizedAlways:
            manager.startUpdatingLocation()
            
        default:
            manager.stopUpdatingLocation()
            deniedLocationAccessPublisher.send()
        }
    }

    func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix]) {
        guard let location = locations.last else { return }
        coordinatesPublisher.send(location)
    }
    
    func locationManager(_ manager: any LocationManager, didFailWithError error: Error) {
        coordinatesPublisher.send(completion: .failure(error))
    }
}
// seed-port-diff: end
}
