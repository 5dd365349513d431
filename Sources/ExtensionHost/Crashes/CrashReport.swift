import Foundation

/// Where an extension crashed: the Swift backtracer's report, kept by the host.
///
/// The host runs every extension with Swift's backtracer on (`SWIFT_BACKTRACE`, JSON
/// output into a folder only the host reads afterwards), in the sandbox and without it.
/// When the process dies of a signal, the report is moved to
/// `CrashReports/<extension>/<date>-<pid>.json` under the host's folder; ``frames`` are the
/// crashed thread's, symbolicated, with file and line where the binary has debug info.
public struct CrashReport: Hashable, Sendable, Codable {
    /// One frame of the crashed thread.
    public struct Frame: Hashable, Sendable, Codable {
        /// The symbol and offset, demangled (`Fixture.crash() + 16`), or the address.
        public var description: String
        /// The image (executable or library) the frame is in.
        public var image: String?
        /// `file:line:column`, when the image has debug information.
        public var sourceLocation: String?

        /// Creates a frame.
        public init(description: String, image: String? = nil, sourceLocation: String? = nil) {
            self.description = description
            self.image = image
            self.sourceLocation = sourceLocation
        }
    }

    /// The report's name: `<date>-<pid>`, unique per extension.
    public var identifier: String
    /// The extension that crashed.
    public var extensionIdentifier: String
    /// When it crashed.
    public var date: Date
    /// The signal, such as `SIGSEGV`.
    public var signal: String
    /// The backtracer's reason, such as `Bad pointer dereference`.
    public var reason: String
    /// The name of the crashed thread.
    public var thread: String?
    /// The crashed thread's frames, innermost first.
    public var frames: [Frame]
    /// The stored report (the backtracer's JSON).
    public var path: String

    /// Creates a report.
    public init(identifier: String, extensionIdentifier: String, date: Date, signal: String, reason: String,
                thread: String?, frames: [Frame], path: String) {
        self.identifier = identifier
        self.extensionIdentifier = extensionIdentifier
        self.date = date
        self.signal = signal
        self.reason = reason
        self.thread = thread
        self.frames = frames
        self.path = path
    }

    /// The first frame in the extension's own code (not in the C or Swift runtime), the
    /// line an author looks at first.
    public var firstOwnFrame: Frame? {
        frames.first { frame in
            guard let image = frame.image else { return false }
            return !Self.systemImages.contains { image.hasPrefix($0) }
        }
    }

    static let systemImages = ["libc.so", "libswiftCore.so", "libFoundation", "libdispatch.so", "libswift_Concurrency.so",
                               "ld-linux", "libpthread", "libstdc++"]
}
