extension ReplayIssue {
    /// Which sentence tells an issue: the renderers compose it from the
    /// issue's fields, so the core decides what happened and never how it reads.
    package enum Statement: Sendable, Hashable {
        /// Told as given: an issue made with a message, such as the web half's.
        case told(String)
        /// The ``ReplayIssue/cause`` was settled twice by the settlement
        /// whose effect is of this kind: first ``ReplayIssue/expected``, then ``ReplayIssue/found``.
        case settledTwice(EventKind)
        /// The ``ReplayIssue/cause`` was never settled; the recording settled
        /// it as ``ReplayIssue/expected`` in ``ReplayIssue/relatedEvent``.
        case neverSettled(EventKind)
        /// The ``ReplayIssue/cause`` was settled as ``ReplayIssue/found``
        /// where the recording has ``ReplayIssue/expected``.
        case settledDifferently(EventKind)
        /// The effect repeats ``ReplayIssue/relatedEvent``, which already happened.
        case repeats
        /// The effect differs from the recorded one, field by field; when
        /// ``ReplayIssue/relatedEvent`` is set, it is exactly that effect,
        /// recorded later for the same ``ReplayIssue/cause`` (or, with none,
        /// among the effects without a cause): the two came in the other order.
        case differs
        /// The effect came before its ``ReplayIssue/cause`` was delivered (which
        /// answers ``ReplayIssue/missingCall``, when that call has not happened).
        case beforeCause
        /// The effect came before the stimuli recorded ahead of it were delivered.
        case beforeStimuliAhead
        /// The effect came before ``ReplayIssue/relatedEvent``, recorded
        /// first after the same ``ReplayIssue/cause`` (or with none).
        case beforeEarlierOfSameCause
        /// The effect came before ``ReplayIssue/relatedEvent``, which was recorded ahead of it.
        case beforeRecordedAhead
        /// Nothing expects the effect before ``ReplayIssue/relatedEvent``, which happened right after it.
        case extraBefore
        /// Nothing expects the effect yet: the recorded effect of its kind nearest
        /// to it (the issue's event) comes only after ``ReplayIssue/relatedEvent``,
        /// a stimulus not delivered when the effect happened.
        case aheadOfStimulus
        /// As ``aheadOfStimulus``, where the stimulus is held back by an effect
        /// recorded before it that has not happened, ``ReplayIssue/missingCall``
        /// (a cookie write skipped, so the page's result after it never came).
        case aheadOfHeldStimulus
        /// The recorded effect ``ReplayIssue/expected`` did not happen after
        /// ``ReplayIssue/cause``: ``ReplayIssue/relatedEvent``, recorded after it
        /// for the same cause, happened without it, and it never came.
        case skipped
        /// Nothing expects an effect of this kind in reaction to ``ReplayIssue/cause``, or here.
        case nothingExpects
        /// The recorded effect ``ReplayIssue/expected`` did not happen (after
        /// ``ReplayIssue/cause``), so ``ReplayIssue/relatedEvent``, its answer, was not delivered.
        case didNotHappen
        /// The replay stalled with nothing due it could name.
        case stalled
        /// The stimulus could not be delivered, for this reason.
        case undeliverable(String)
        /// The app misused the scheme task of ``ReplayIssue/cause``, as said here.
        case schemeTaskMisuse(String)
        /// The app called the scheme task of ``ReplayIssue/cause`` after the
        /// page stopped it: `first`, where WebKit already raises, such as
        /// `didReceive(response)`, then the `later` calls it made on the
        /// stopped task, told in the same issue.
        case schemeTaskCalledAfterStop(first: String, later: [String])
        /// The app added a script message handler under a name its world already has.
        case scriptHandlerAddedTwice(ScriptHandlerAddition)
        /// Setting up the implementation threw this error, as described.
        case setUpThrew(String)

        /// The statement with `transform` applied to every text it holds,
        /// as redaction rewrites it.
        func mapText(_ transform: (String) -> String) -> Statement {
            switch self {
            case .told(let text): .told(transform(text))
            case .undeliverable(let reason): .undeliverable(transform(reason))
            case .schemeTaskMisuse(let misuse): .schemeTaskMisuse(transform(misuse))
            case .setUpThrew(let error): .setUpThrew(transform(error))
            case .scriptHandlerAddedTwice(let addition): .scriptHandlerAddedTwice(addition.mapText(transform))
            case .settledTwice, .neverSettled, .schemeTaskCalledAfterStop, .settledDifferently, .repeats, .differs, .beforeCause,
                .beforeStimuliAhead, .beforeEarlierOfSameCause, .beforeRecordedAhead, .extraBefore, .aheadOfStimulus, .aheadOfHeldStimulus,
                .nothingExpects, .didNotHappen, .skipped, .stalled:
                self
            }
        }
    }
}
