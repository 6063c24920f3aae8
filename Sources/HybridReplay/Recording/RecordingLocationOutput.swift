/// A location service output that records each value the service publishes
/// (`location.publish`) and each stream it ends (`location.complete`).
struct RecordingLocationOutput: LocationServiceOutput {
    let live: any LocationServiceOutput
    let recorder: Recorder

    func publish(_ value: JSONValue, on stream: String) {
        recorder.recordEffect(LocationServiceValue(stream: stream, value: value))
        live.publish(value, on: stream)
    }

    func complete(_ stream: String, error: LocationErrorCode?) {
        recorder.recordEffect(LocationServiceCompletion(stream: stream, error: error))
        live.complete(stream, error: error)
    }
}
