/// Counts frames and bytes in one-second windows and reports when a limit is passed.
struct RateMeter: Sendable {
    let maxFramesPerSecond: Int?
    let maxBytesPerSecond: Int?
    private var windowStart: ContinuousClock.Instant?
    private var frames = 0
    private var bytes = 0

    init(limits: ChannelLimits) {
        maxFramesPerSecond = limits.maxFramesPerSecond
        maxBytesPerSecond = limits.maxBytesPerSecond
    }

    /// Records one received frame of `size` bytes at `now`.
    mutating func record(size: Int, at now: ContinuousClock.Instant = .now) throws(ChannelError) {
        guard maxFramesPerSecond != nil || maxBytesPerSecond != nil else { return }
        if let start = windowStart, start.duration(to: now) < .seconds(1) {
            frames += 1
            bytes += size
        } else {
            windowStart = now
            frames = 1
            bytes = size
        }
        if let limit = maxFramesPerSecond, frames > limit {
            throw ChannelError(code: .frameRateExceeded, message: "peer sent \(frames) frames within one second; the limit is \(limit)")
        }
        if let limit = maxBytesPerSecond, bytes > limit {
            throw ChannelError(code: .byteRateExceeded, message: "peer sent \(bytes) bytes within one second; the limit is \(limit)")
        }
    }
}
