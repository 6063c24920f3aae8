// A recording build imports one module: `AppRecordingSettings(redaction:)`
// takes the engine's `Redaction`, whose rules and `+` come along.
@_exported import HybridReplay
