import Foundation
import Testing
@testable import HybridReplay

@Suite struct SmokeTests {
    @Test("a hand-built cassette survives write and read")
    func roundTrip() throws {
        let cassette = Cassette(header: CassetteHeader(name: "smoke", description: "A smoke test."), events: [
            Event(id: 1, at: 0, payload: NavigationAction(url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: .main())),
            Event(id: 2, at: 0.01, cause: 1, payload: NavigationDecision(.cancel)),
            Event(id: 3, at: 0.01, cause: 1, payload: NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0])),
            Event(id: 4, at: 1.5, payload: LocationUpdate([LocationFix(latitude: 37.33233141, longitude: -122.0312186, horizontalAccuracy: 5, timestamp: "2026-11-30T11:46:56.125Z")])),
        ])
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        print(String(decoding: bytes, as: UTF8.self))
        let back = try CassetteReader().read(bytes, path: "smoke.json")
        #expect(back == cassette)
        #expect(CassetteWriter.canonicalBytes(of: back) == bytes)
    }
}
