/// A JSON tree whose typed objects keep the member order they were written in.
///
/// Free-form values (`.value`) print their object members sorted by key.
package indirect enum CanonicalNode {
    case value(JSONValue)
    case object([(String, CanonicalNode)])
    case array([CanonicalNode])
}
