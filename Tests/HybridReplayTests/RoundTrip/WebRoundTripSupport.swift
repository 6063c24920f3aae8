import Foundation
import HybridReplay

/// Records a session, writes it to a temporary file and returns the cassette
/// as it reads back from disk: record → write → read, ready to replay.
func recordWrittenAndRead<Subject>(
    _ name: String, platform live: Platform, setUp: (Platform) async throws -> Subject,
    drive: (Subject) async throws -> Void
) async throws -> Cassette {
    let recorder = Recorder(name: name)
    let subject = try await setUp(recorder.platform(wrapping: live))
    try await drive(subject)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("web-round-trip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("\(name).json")
    try recorder.write(to: url)
    return try CassetteReader().read(contentsOf: url)
}
