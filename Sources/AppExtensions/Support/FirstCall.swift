import Synchronization

/// Tells the first of several calls from the rest, from any thread: a completion handler
/// whose first call counts and whose later ones are misuses (a widget's update, a photo
/// editor's finish).
package final class FirstCall: Sendable {
    private let called = Mutex(false)

    package init() {}

    /// `true` the first time, `false` ever after.
    package func claim() -> Bool {
        called.withLock { called in
            defer { called = true }
            return !called
        }
    }
}
