/// Exploring a variant: the engine delivers its stimuli and collects what the
/// implementation does without judging it against the recording.
///
/// Effects that match a recorded one are linked to it, so the recorded answer
/// (an HTTP response, a JavaScript result) is delivered; an effect the
/// recording does not have is collected and gets no answer; a recorded effect
/// the implementation does not make is given up once it is idle, so the
/// stimuli after it are delivered all the same. What the implementation did is
/// the report's trace, for the platform's rules to judge.
extension ReplayEngine {
    /// Gives up the recorded effects that hold back the next stimulus (all of
    /// them once every stimulus is delivered); returns whether there were any.
    func giveUpBlockingEffects() -> Bool {
        let gaveUp = state.withLock { state in
            state.matcher.explore { progress, script in progress.giveUpBlockingEffects(script) }
        }
        if gaveUp { noteActivity() }
        return gaveUp
    }

    /// Skips a stimulus app code registered nothing for.
    func skipUndeliverable(_ stimulus: Event) {
        state.withLock { state in
            state.matcher.explore { progress, script in progress.skip(stimulus, script) }
        }
        noteActivity()
    }
}

extension ReplayProgress {
    /// Marks the recorded effects that hold back the next stimulus as done, or
    /// every remaining effect once every stimulus is delivered.
    ///
    /// - Returns: Whether any effect was given up.
    mutating func giveUpBlockingEffects(_ script: ReplayScript) -> Bool {
        let limit = nextStimulus < script.stimuli.count ? script.stimuli[nextStimulus].id : Int.max
        let blocking = script.effectIDs[firstUnmatchedEffect...].filter { $0 < limit && !matched.contains($0) }
        for id in blocking {
            guard let effect = script.event(id) else { continue }
            markMatched(effect, script)
        }
        return !blocking.isEmpty
    }

    /// Marks `stimulus` delivered when it is the next one and was never handed over.
    mutating func skip(_ stimulus: Event, _ script: ReplayScript) {
        guard nextStimulus < script.stimuli.count, script.stimuli[nextStimulus].id == stimulus.id else { return }
        markDelivered(stimulus, script)
    }
}
