// The CassetteTool product: `runCassetteTool(contracts:)` and
// `ConformanceContract`, for a package's own `cassette verify`, and the engine
// types a contract's set-up uses.
@_exported import CassetteCommands
@_exported import HybridReplay
