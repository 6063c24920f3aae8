// The README's library example, compiled and run here; its test example is
// in WritingTestsExamples.swift. DocumentationExamplesTests keeps the
// README's text equal to them.
import Foundation
import HybridReplay
import Testing

/// The README's "Using the library" example, on a copy of a cassette.
private func readAndRewrite(_ url: URL) throws {
    let cassette = try CassetteReader().read(contentsOf: url)
    for event in cassette.events {
        if let action = event.payload(as: NavigationAction.self) {
            print(event.id, action.urlString, action.targetFrame == nil ? "new window" : "")
        }
    }
    try CassetteWriter.write(cassette, to: url)   // canonical, atomic
}

@Test("the README's library example reads a cassette and writes it back unchanged")
func readmeLibraryExample() throws {
    let original = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cassettes/guide-present-yellow.json")
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).json")
    try FileManager.default.copyItem(at: original, to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }

    try readAndRewrite(copy)

    #expect(try Data(contentsOf: copy) == Data(contentsOf: original))
}
