// A cassette is made of the seams' values (its payloads, JSONValue) and is read
// with the strict JSON reader, so importing the format brings both along.
@_exported import HybridReplaySeams
@_exported import HybridReplayJSON
