/// A scenario that could not be recorded: the drive failed, waited in vain,
/// or the recording broke a rule of the format.
///
/// These are mistakes in the scenario or bugs in the reference
/// implementation, never behaviour to record.
package struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario's path, such as `router/present-yellow.json`.
    package var scenario: String
    /// What went wrong, such as `waited 10 s for the GET https://randomuser.me/api request; none came`.
    package var message: String

    package init(scenario: String, message: String) {
        self.scenario = scenario
        self.message = message
    }

    package var description: String { "\(scenario): error: \(message)" }
}
