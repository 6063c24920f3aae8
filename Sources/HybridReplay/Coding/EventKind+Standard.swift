extension EventKind {
    /// Every kind the current format version defines outside the `custom` channel, in documentation order.
    public static var standard: [EventKind] { PayloadRegistry.standardTypes.map { $0.eventKind } }
}
