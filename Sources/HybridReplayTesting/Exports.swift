// A test target links one product and imports one module: the glue brings the
// engine (format, recorder, replayer, seams' values), the Foundation adapters
// (`URLSessionTransport`) and the simulated platform along.
@_exported import HybridReplay
@_exported import HybridReplayFoundationAdapters
@_exported import HybridReplaySimulation
@_exported import HybridReplayVariants
