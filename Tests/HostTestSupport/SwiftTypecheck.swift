import Foundation
import SystemSupport
import Testing

/// Type-checks Swift files against this build's modules with the toolchain's `swiftc`, for
/// tests of what must not compile (an extension using the host, `UIApplication.shared`).
public enum SwiftTypecheck {
    /// This build's products (`.build/debug`): the test bundle's folder.
    public static let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// `swiftc -typecheck` of `files` (extra `arguments` first) against the products'
    /// modules: its exit status and everything it printed.
    public static func run(_ files: [URL], arguments extra: [String] = []) async throws -> (status: Int32, output: String) {
        let swiftc = try #require(ExecutableSearch.find("swiftc", path: ProcessInfo.processInfo.environment["PATH"]) ??
            (FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swiftc") ? "/opt/swift/usr/bin/swiftc" : nil), "no swiftc")
        let arguments = ["-typecheck"] + extra + ["-I", products.appendingPathComponent("Modules").path,
                         "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CAppexSystem.build/module.modulemap").path]
            + files.map(\.path)
        return try await Offload.perform { () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }
}
