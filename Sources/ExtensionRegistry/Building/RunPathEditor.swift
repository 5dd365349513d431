import Foundation
import SystemSupport

/// Sets an ELF file's `DT_RUNPATH` with patchelf (Debian's `patchelf`), which rewrites the
/// dynamic section when the new path is longer than the old, as it almost always is.
///
/// Hand-written editing was not chosen: growing `.dynstr` means moving sections and
/// program headers, which patchelf has done correctly for years.
enum RunPathEditor {
    /// Sets `runPath` (joined with colons) as the RUNPATH of `binary`.
    /// - Throws: ``RegistryError`` naming the file when patchelf is missing or fails.
    static func setRunPath(_ runPath: [String], of binary: URL) throws(RegistryError) {
        let environment = ProcessInfo.processInfo.environment
        guard let patchelf = ExecutableSearch.find("patchelf", path: environment["PATH"]) else {
            throw RegistryError(.fileSystem,
                "\(binary.path) needs a framework, and setting its RUNPATH needs patchelf: install the Debian package patchelf")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: patchelf)
        process.arguments = ["--set-rpath", runPath.joined(separator: ":"), binary.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw RegistryError(.fileSystem, "cannot run \(patchelf): \(error.localizedDescription)")
        }
        // patchelf's messages are short: reading to the end before the exit cannot fill the pipe.
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RegistryError(.fileSystem, "patchelf could not set the RUNPATH of \(binary.path): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
