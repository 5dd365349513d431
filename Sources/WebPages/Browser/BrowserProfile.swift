import Foundation
import Glibc
import SystemSupport

/// A browser's profile: a new private directory under the temporary directory, removed
/// when the browser has ended.
struct BrowserProfile: Sendable {
    /// The directory.
    let path: String

    /// Creates the directory (mode 0700, a name no one can guess).
    static func make() async throws(WebPageError) -> BrowserProfile {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return try await Offload.perform { () throws(WebPageError) -> BrowserProfile in
            var template = Array("\(base)/appex-browser-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
                throw WebPageError(.browserFailed, "cannot make a profile directory in \(base): \(SystemErrorText.text(errno))")
            }
            return BrowserProfile(path: String(cString: made))
        }
    }

    /// Removes the directory and all the browser left in it.
    func remove() async {
        let path = path
        await Offload.perform { try? FileManager.default.removeItem(atPath: path) }
    }
}
