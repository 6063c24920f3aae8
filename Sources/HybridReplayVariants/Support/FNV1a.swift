/// The 64-bit FNV-1a hash: the same on every machine and every run, unlike
/// `Hasher`, so what it names (a shard, a run's fingerprint) can be written
/// down and compared later. It is not a cryptographic digest.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.combine(bytes)
        return hash.value
    }
}
