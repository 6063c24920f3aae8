// A test target links one product and imports one module: the glue brings the
// engine (format, recorder, replayer, seams' values) and the simulated
// platform along.
@_exported import HybridReplay
@_exported import HybridReplaySimulation
