@testable import HybridReplay
import Testing

@Suite("Playing stimuli back with their volatile values bound")
struct ReplaySubstitutionTests {
    let engine = ReplayEngine(cassette: makeCassette([]), options: ReplayOptions())
    static let upper = "3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43"
    static let actual = "00000000-0000-4000-8000-000000000001"

    @Test("a stimulus without a volatile value is played back as recorded and binds nothing")
    func stimulusWithoutVolatileValue() throws {
        var bindings = PlaceholderBindings()
        let message = ScriptMessage(handler: "bridge", body: ["url": "https://api.example.com/v1/users/7", "n": 3])
        let played = try #require(engine.script.substitute(message, eventID: 1, bindings: &bindings) as? ScriptMessage)
        #expect(played == message)
        #expect(bindings.byRecorded.isEmpty)
    }

    @Test("a bound value deep in a stimulus is played back as what it is bound to")
    func boundValueIsSubstituted() throws {
        var bindings = PlaceholderBindings()
        _ = bindings.bind(recorded: Self.upper, actual: Self.actual, eventID: 1, kind: .uuid)
        let message = ScriptMessage(handler: "bridge", body: ["outer": ["guid": .string(Self.upper.lowercased())], "n": 3])
        let played = try #require(engine.script.substitute(message, eventID: 2, bindings: &bindings) as? ScriptMessage)
        #expect(played.body == ["outer": ["guid": .string(Self.actual)], "n": 3])
    }

    @Test("an unbound value is played back as recorded and binds to itself, in the case it was first met in")
    func unboundValueBindsToItself() throws {
        var bindings = PlaceholderBindings()
        // Keys are visited in order: "a" meets the value first, so "b" is played back in "a"'s case.
        let message = ScriptMessage(handler: "bridge", body: ["a": .string(Self.upper), "b": .string(Self.upper.lowercased())])
        let played = try #require(engine.script.substitute(message, eventID: 3, bindings: &bindings) as? ScriptMessage)
        #expect(played.body == ["a": .string(Self.upper), "b": .string(Self.upper)])
        #expect(bindings.byRecorded[Self.upper.lowercased()]?.eventID == 3)
    }
}
