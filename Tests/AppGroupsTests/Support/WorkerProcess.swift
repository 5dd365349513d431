import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The `appgroups-worker` executable, found next to the test bundle (SwiftPM puts both in
/// `.build/<configuration>/`).
enum WorkerBinary {
    /// The folder of the running test executable.
    static let buildFolder: URL = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On Linux the bundle is an executable file `AppexPackageTests.xctest`; elsewhere a folder.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// The worker, or `nil` when it was not built.
    static let url: URL? = {
        let candidate = buildFolder.appendingPathComponent("appgroups-worker")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// Lets a test that runs the worker go on only where it was built: cancelled, saying
    /// so, elsewhere; a failure under CI (``requireDependency(_:_:sourceLocation:)``).
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try requireDependency(url != nil, "appgroups-worker not found in \(buildFolder.path) (swift build builds it): the test is skipped",
                              sourceLocation: sourceLocation)
    }
}

import TestRules
import Testing

/// One running worker: its arguments, output and end.
final class WorkerProcess {
    let arguments: [String]
    private let process = Process()
    private let output = Pipe()

    /// Starts the worker with `arguments`; `environment` replaces the inherited one's entries.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        try WorkerBinary.require()
        let executable = try #require(WorkerBinary.url)
        self.arguments = arguments
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "APPEX_APP_GROUP_CONTAINERS")
        merged.merge(environment) { _, new in new }
        process.environment = merged
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends SIGKILL.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Reads the next output line (blocks); `nil` at the end of the output.
    func readLine() -> String? {
        var bytes = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }

    /// Waits for the end; returns the complete output lines and how the worker ended.
    func finish() -> (lines: [String], ending: Ending) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        if let last = text.lastIndex(of: "\n") {
            text = String(text[..<last])
        } else {
            text = ""
        }
        let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let ending: Ending = process.terminationReason == .uncaughtSignal
            ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
        return (lines, ending)
    }

    /// How a worker ended.
    enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exit(Int32)
        case signal(Int32)

        var description: String {
            switch self {
            case .exit(let status): "exit \(status)"
            case .signal(let signal): "signal \(signal)"
            }
        }
    }
}
