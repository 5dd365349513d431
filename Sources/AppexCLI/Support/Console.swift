import Foundation
import Glibc

/// Where commands write their output: standard output and error by default, a buffer in
/// tests (set with ``withCapture(_:)``).
public final class Console: Sendable {
    /// The console commands write to in the current task.
    @TaskLocal public static var current = Console(capture: nil)

    private let capture: CapturedOutput?

    init(capture: CapturedOutput?) { self.capture = capture }

    /// Writes a line to standard output.
    public func print(_ text: String) {
        if let capture { capture.append(text + "\n", error: false) } else { Swift.print(text) }
    }

    /// Writes what standard output holds now (a line another program waits for, such as
    /// the web sheet's address, must not sit in a pipe's buffer).
    public func flush() {
        // fflush(nil) flushes every output stream; Glibc's `stdout` is a mutable global Swift 6 will not read.
        if capture == nil { fflush(nil) }
    }

    /// Writes a line to standard error.
    public func printError(_ text: String) {
        if let capture { capture.append(text + "\n", error: true) } else {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    /// Runs `body` with output captured; returns what it wrote to standard output and error.
    public static func withCapture(_ body: () async throws -> Void) async rethrows -> (output: String, error: String) {
        let capture = CapturedOutput()
        try await $current.withValue(Console(capture: capture)) { try await body() }
        return capture.contents
    }
}

import Synchronization

/// A buffer for captured output.
final class CapturedOutput: Sendable {
    private let buffers = Mutex<(output: String, error: String)>(("", ""))

    func append(_ text: String, error: Bool) {
        buffers.withLock { if error { $0.error += text } else { $0.output += text } }
    }

    var contents: (output: String, error: String) { buffers.withLock { $0 } }
}
