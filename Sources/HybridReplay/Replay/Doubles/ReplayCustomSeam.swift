/// Verifies a custom seam's effects and delivers its stimuli.
final class ReplayCustomSeam: CustomSeam {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func send(_ event: CustomEvent) {
        var effect = event
        effect.direction = .effect
        engine.effect(effect)
    }

    func setHandler(_ handler: (any CustomEventHandler)?, forEventNamed name: String) {
        engine.register { $0.customHandlers.set(handler, for: name) }
    }

    func setHandler(_ handler: (any CustomEventHandler)?) {
        engine.register { $0.customHandlers.set(handler, for: nil) }
    }
}
