/// A custom seam that records each event app code sends as a `custom`
/// effect, and each event the seam delivers as a `custom` stimulus that
/// causes what the app's handler does.
///
/// The ``CustomSeam`` protocol does not say which sent event a delivered
/// one responds to, so custom stimuli are recorded without `answers`: on
/// replay they arrive in timeline order, after the effects recorded before them.
/// Whatever direction an event is given, one sent is recorded as an effect
/// and one delivered as a stimulus: that is the way each crosses the seam.
struct RecordingCustomSeam: CustomSeam {
    let live: any CustomSeam
    let recorder: Recorder

    func send(_ event: CustomEvent) {
        var effect = event
        effect.direction = .effect
        recorder.recordEffect(effect)
        live.send(event)
    }

    func setHandler(_ handler: (any CustomEventHandler)?, forEventNamed name: String) {
        live.setHandler(handler.map { RecordingCustomEventHandler(app: $0, recorder: recorder) }, forEventNamed: name)
    }

    func setHandler(_ handler: (any CustomEventHandler)?) {
        live.setHandler(handler.map { RecordingCustomEventHandler(app: $0, recorder: recorder) })
    }
}

/// Records each custom stimulus, then delivers it to the app's handler.
struct RecordingCustomEventHandler: CustomEventHandler {
    let app: any CustomEventHandler
    let recorder: Recorder

    func didReceive(_ event: CustomEvent) {
        var stimulus = event
        stimulus.direction = .stimulus
        let eventID = recorder.record(stimulus, cause: nil)
        recorder.deliver(eventID) { app.didReceive(event) }
    }
}
