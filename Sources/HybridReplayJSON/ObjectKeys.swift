import HybridReplaySeams
/// The keys of one object seen so far, to find a duplicate.
///
/// Most objects have a handful of members, so the keys are first kept in a
/// short list searched linearly, which costs less than hashing each key;
/// past ``linearLimit`` they move to a set. Either way keys compare with
/// `String`'s `==`, by canonical equivalence, exactly as a `Set<String>` does.
struct ObjectKeys {
    static let linearLimit = 16

    private var list: [String] = []
    private var set: Set<String> = []
    private var usesSet = false

    /// How many distinct keys have been inserted.
    var count: Int { usesSet ? set.count : list.count }

    /// Adds `key`, returning `false` if an equal key is already present.
    mutating func insert(_ key: String) -> Bool {
        if usesSet { return set.insert(key).inserted }
        if list.contains(key) { return false }
        if list.count < Self.linearLimit {
            if list.isEmpty { list.reserveCapacity(8) }
            list.append(key)
        } else {
            set = Set(list)
            set.insert(key)
            list = []
            usesSet = true
        }
        return true
    }
}
