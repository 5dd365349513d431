import Testing

/// Every test that runs `withIBusEngines`, one at a time: the lifecycle tests count this
/// process's GLib loop threads, and each daemon test starts an ibus-daemon of its own. The
/// time limit is a bound for a test that goes wrong (each takes well under a second alone),
/// wide enough for CI's two cores shared with the rest of the suite.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ServingTests {
    /// The tests that need a private ibus-daemon (`withIBusDaemon`): cancelled, saying so,
    /// where it is missing; under CI they fail (``requireDependency(_:_:sourceLocation:)``).
    @Suite struct IBusDaemonTests {}
}
