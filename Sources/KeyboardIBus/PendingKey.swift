/// A key waiting for the Swift engine, with the D-Bus call to answer.
struct PendingKey: Sendable {
    var key: InputMethodKey
    var reply: PendingKeyReply
}
