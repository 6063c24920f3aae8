extension JSONValue {
    /// The value as a JSON document the way cassettes are printed: 2-space
    /// indent, keys sorted, shortest round-tripping numbers, a final newline.
    ///
    /// The tools print machine-readable reports with it.
    package var documentText: String {
        var printer = CanonicalPrinter()
        printer.printDocument(.value(self))
        return String(decoding: printer.bytes, as: UTF8.self)
    }
}
