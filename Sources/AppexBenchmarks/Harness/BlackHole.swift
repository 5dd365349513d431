/// Where benchmark results go so that the optimizer cannot delete the work producing them.
///
/// Writing to a global that is read back at exit is an observable side effect; the value
/// is combined, not overwritten, so no iteration's result is dead.
enum BlackHole {
    /// The running combination of every consumed value.
    // Only the benchmark's single thread touches it; nothing runs concurrently.
    nonisolated(unsafe) private(set) static var sink: Int = 0

    /// Consumes a result.
    @inline(never)
    static func consume(_ value: Int) {
        sink &+= value
    }

    /// Consumes a Boolean result.
    @inline(never)
    static func consume(_ value: Bool) {
        sink &+= value ? 1 : 0
    }
}
