import Foundation
import Testing

/// Runs `desktop-file-validate` (Debian package desktop-file-utils) on a file.
enum DesktopFileValidator {
    static let path = "/usr/bin/desktop-file-validate"

    /// The validator's output lines for `file` (errors, warnings and hints); empty when valid.
    static func problems(_ file: String) throws -> [String] {
        try #require(FileManager.default.isExecutableFile(atPath: path),
                     "desktop-file-validate is missing: install the Debian package desktop-file-utils")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [file]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map {
            // "<file>: error: …" → "error: …"
            String($0.dropFirst(file.count + 2))
        }
    }
}
