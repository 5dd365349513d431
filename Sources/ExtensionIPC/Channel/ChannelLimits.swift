/// What a receiver accepts from its peer before it gives up on the channel.
///
/// The host sets these on its end so that an extension flooding the channel, or lying
/// about sizes, gets a specific error (and can be ended) instead of exhausting the host.
public struct ChannelLimits: Hashable, Sendable {
    /// The largest payload, in bytes, of one frame (default 16 MiB).
    public var maxFrameSize: Int
    /// The most descriptors attached to one frame (default 16, at most 253: SCM_MAX_FD).
    public var maxDescriptorsPerFrame: Int
    /// The most frames received per second; `nil` for no limit.
    public var maxFramesPerSecond: Int?
    /// The most bytes (headers included) received per second; `nil` for no limit.
    public var maxBytesPerSecond: Int?

    /// Creates limits; `maxDescriptorsPerFrame` is clamped to 0...253.
    public init(maxFrameSize: Int = 16 << 20, maxDescriptorsPerFrame: Int = 16,
                maxFramesPerSecond: Int? = nil, maxBytesPerSecond: Int? = nil) {
        self.maxFrameSize = max(0, min(maxFrameSize, Int(UInt32.max)))
        self.maxDescriptorsPerFrame = max(0, min(maxDescriptorsPerFrame, 253))
        self.maxFramesPerSecond = maxFramesPerSecond
        self.maxBytesPerSecond = maxBytesPerSecond
    }

    /// 16 MiB frames, 16 descriptors per frame, no rate limits.
    public static let `default` = ChannelLimits()
}
