// Tests and tools that use the engine also use the seams' values (events are
// made of them), so importing the engine brings them along. App code imports
// only `HybridReplaySeams` and the adapter products; tests get the Foundation
// adapters (`URLSessionTransport`) through `HybridReplayTesting`.
@_exported import HybridReplaySeams
// The JSON reader (`JSONReader`, `JSONPath`, `SourcePosition`) is part of the engine's API.
@_exported import HybridReplayJSON
// The cassette's values, the fields kinds are read and written with, exact
// JSON text, diagnostics and atomic files: `import HybridReplay` gives them as before.
@_exported import HybridReplayFormat
