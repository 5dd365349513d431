import Synchronization

/// What a command holds until the process exits instead of freeing it.
///
/// `appex` exits when its command returns, and the kernel takes back the memory at once.
/// Freeing a thousand-extension catalog first — a release each for its records, their
/// rules and their strings — cost `appex share` 6 ms of its 88 (docs/BENCHMARKS.md, "A
/// thousand extensions"). As clang's `-disable-free`, the values are kept in a global,
/// which Swift never destroys.
enum KeptUntilExit {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `values` alive until the process exits.
    static func keep(_ values: any Sendable...) {
        kept.withLock { $0.append(contentsOf: values) }
    }
}
