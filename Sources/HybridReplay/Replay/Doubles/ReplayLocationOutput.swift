/// Verifies what a location service publishes.
final class ReplayLocationOutput: LocationServiceOutput {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func publish(_ value: JSONValue, on stream: String) { engine.effect(LocationServiceValue(stream: stream, value: value)) }

    func complete(_ stream: String, error: LocationErrorCode?) {
        engine.effect(LocationServiceCompletion(stream: stream, error: error))
    }
}
