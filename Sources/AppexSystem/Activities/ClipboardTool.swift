import AppExtensions
import ExtensionHost
import ExtensionIPC
import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// A clipboard tool of the graphical session, run with the text on its standard input.
package struct ClipboardTool: Hashable, Sendable {
    /// The executable's path.
    package var executable: String
    /// Its arguments.
    package var arguments: [String]

    /// The tool's name, for messages.
    var name: String { URL(fileURLWithPath: executable).lastPathComponent }

    /// The tool for the session `environment` describes, found on its `PATH`; `nil` when
    /// there is no graphical session or no tool for it. Reads the file system: call it
    /// through `Offload` from async code.
    package static func find(environment: [String: String]) -> ClipboardTool? {
        func find(_ name: String) -> String? { ExecutableSearch.find(name, path: environment["PATH"]) }
        var candidates: [(String, [String])] = []
        if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true { candidates.append(("wl-copy", [])) }
        if environment["DISPLAY"].map({ !$0.isEmpty }) == true {
            candidates += [("xclip", ["-selection", "clipboard"]), ("xsel", ["--clipboard", "--input"])]
        }
        for (name, arguments) in candidates {
            if let path = find(name) { return ClipboardTool(executable: path, arguments: arguments) }
        }
        return nil
    }

    /// Runs the tool with `text` on its standard input (an unlinked temporary file, so no
    /// pipe can block or break); throws when it cannot start or does not exit with 0
    /// within ten seconds. The tool may leave a process behind that serves the clipboard.
    package func copy(_ text: String, environment: [String: String]) async throws(ShareActivityError) {
        let input = try await Offload.perform { () throws(ShareActivityError) in try Self.inputFile(text) }
        let process: ChildProcess
        do throws(ChildProcessError) {
            process = try await ChildProcess.launch(.init(executable: executable, arguments: arguments, environment: environment,
                                                          sandbox: nil, limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(10)),
                                                          descriptors: [0: input]))
        } catch {
            throw ShareActivityError(.clipboardToolFailed, "cannot start \(executable): \(error.message)")
        }
        input.close()
        let ending = await process.exit()
        guard ending.isSuccess else { throw ShareActivityError(.clipboardToolFailed, "\(name) \(arguments.joined(separator: " ")) ended: \(ending)") }
    }

    /// A temporary file holding `text`, already unlinked, read from its start.
    static func inputFile(_ text: String) throws(ShareActivityError) -> OwnedFileDescriptor {
        var template = Array((FileManager.default.temporaryDirectory.path + "/appex-clipboard-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw ShareActivityError(.clipboardToolFailed, "cannot make a temporary file: \(SystemErrorText.text(errno))") }
        let file = OwnedFileDescriptor(taking: descriptor)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        let failure = Array(text.utf8).withUnsafeBytes { DurableFile.writeAll($0, to: descriptor) }
        guard failure == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw ShareActivityError(.clipboardToolFailed, "cannot write a temporary file: \(SystemErrorText.text(failure != 0 ? failure : errno))")
        }
        return file
    }
}
