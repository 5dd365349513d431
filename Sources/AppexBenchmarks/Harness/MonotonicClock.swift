#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from `CLOCK_MONOTONIC`, the clock the GNUstep peer uses too.
enum MonotonicClock {
    /// The current reading, in nanoseconds.
    @inline(__always)
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
