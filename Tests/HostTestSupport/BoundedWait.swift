/// `body`'s value, or `nil` if it has not returned within `limit`.
///
/// A bound, not a speed check: a regression fails the test instead of hanging the suite.
/// `body` must honour cancellation (the late one is cancelled when the time is up).
public func value<T: Sendable>(within limit: Duration, of body: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
