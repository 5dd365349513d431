import Foundation
import Glibc

/// A child process whose standard output is read as lines and whose exit can be awaited.
///
/// Each output pipe is read by a thread of its own with blocking reads (FileHandle's
/// readabilityHandler can crash libdispatch on Linux when pipes close).
///
/// `@unchecked Sendable`: `process` and `input` are set up in `init` and then only used
/// through thread-safe calls (`kill`, writing to a pipe); the rest is Sendable.
final class ChildProcess: @unchecked Sendable {
    let name: String
    /// Standard output, line by line; ends at end of file.
    let lines = EventLog<String>()
    private let process = Process()
    private let input = Pipe()
    private let errors = OutputBuffer()
    private let exit = EventLog<Int32>()

    /// Starts `executable` with `arguments` and exactly `environment`; `onExit` is called with
    /// its exit status (or terminating signal).
    init(name: String, executable: String, arguments: [String], environment: [String: String],
         onExit: @escaping @Sendable (Int32) -> Void = { _ in }) throws {
        TestEnvironment.ignoreBrokenPipes()
        self.name = name
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), errorOutput = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorOutput
        let exit = self.exit
        process.terminationHandler = { process in
            exit.append(process.terminationStatus)
            onExit(process.terminationStatus)
        }
        try process.run()
        let lines = self.lines, errors = self.errors
        Self.read(output.fileHandleForReading, name: "\(name) stdout", lineByLine: lines.append, end: lines.finish)
        Self.read(errorOutput.fileHandleForReading, name: "\(name) stderr", chunkByChunk: errors.append)
    }

    /// What the process wrote to standard error so far.
    var standardError: String { errors.text }

    /// Writes `line` and a newline to standard input (nothing if the process has gone).
    func write(line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Closes standard input.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Kills the process if it is still running (SIGKILL: a child started from a Dispatch
    /// thread inherits its blocked signals, SIGTERM among them).
    func kill() {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits for the process to exit; its status.
    @discardableResult
    func waitForExit() async -> Int32 {
        await exit.first { _ in true } ?? -1
    }

    /// Reads `handle` to its end on a new thread, passing each complete line.
    private static func read(_ handle: FileHandle, name: String,
                             lineByLine line: @escaping @Sendable (String) -> Void,
                             end: @escaping @Sendable () -> Void) {
        var pending = Data()
        read(handle, name: name) { data in
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        end: { end() }
    }

    /// Reads `handle` to its end on a new thread, passing each chunk read.
    private static func read(_ handle: FileHandle, name: String,
                             chunkByChunk chunk: @escaping (Data) -> Void,
                             end: @escaping () -> Void = {}) {
        let reader = PipeReader(handle: handle, chunk: chunk, end: end)
        let thread = Thread { reader.run() }
        thread.name = name
        thread.start()
    }
}
