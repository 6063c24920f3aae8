import Foundation
import HybridReplay

/// The web stimuli and effects format version 2 adds, for the oracle.
extension CassetteOracle.Receiver {
    func didStartProvisionalNavigation(_ navigation: NavigationStart) { oracle.arrived(navigation) }
    func didCommit(_ navigation: NavigationCommit) { oracle.arrived(navigation) }
    func didFinish(_ navigation: NavigationFinish) { oracle.arrived(navigation) }
    func didFailProvisionalNavigation(_ failure: NavigationFailure) { oracle.arrived(failure) }
    func didFail(_ failure: NavigationFailure) { oracle.arrived(failure) }
    func webContentProcessDidTerminate() { oracle.arrived(WebContentProcessTermination()) }
}
