import SystemSupport

/// Why a provider's folder could not be mounted, or served (docs/STORAGE-PROVIDERS.md).
public struct ProviderMountError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `fuse-unavailable`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// FUSE cannot be used here: no `/dev/fuse`, or no `fusermount3` (the message says
        /// which, and how to get it).
        public static let fuseUnavailable = Code("fuse-unavailable")
        /// The folder could not be mounted (libfuse's or the system's words in the message).
        public static let mountFailed = Code("mount-failed")
        /// The folder cannot be the mount point: not a folder, not empty, already a mount.
        public static let badMountPoint = Code("bad-mount-point")
        /// The extension is not a file provider, or has no app group for its files.
        public static let notAProvider = Code("not-a-provider")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
