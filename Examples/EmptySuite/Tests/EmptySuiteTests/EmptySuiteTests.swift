import HybridReplayTesting
import Testing

// `Cassettes/router` does not exist next to this file.
@Test(arguments: try CassetteCase.all(in: "Cassettes/router"))
func routerConforms(_ cassette: CassetteCase) async {
    await replayCassette(cassette) { _ in () }
}
