// Tests and tools that use the engine also use the seams' values (events are
// made of them), so importing the engine brings them along. App code imports
// only `HybridReplaySeams`.
@_exported import HybridReplaySeams
