// Tests and tools that use the engine also use the seams' values (events are
// made of them), so importing the engine brings them along, and the
// Foundation adapters with `URLSessionTransport`. App code imports only
// `HybridReplaySeams` and the adapter products.
@_exported import HybridReplayFoundationAdapters
@_exported import HybridReplaySeams
