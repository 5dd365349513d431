import KeyboardIBus

/// An engine for tests that must never make one.
final class UnusedEngine: InputMethodEngine {
    func processKey(_ key: InputMethodKey) async -> Bool { false }
}
