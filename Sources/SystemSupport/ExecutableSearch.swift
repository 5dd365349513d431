import Foundation

/// Finds programs: by name in the directories of a `PATH` value, as a shell would, and
/// the one this process runs.
package enum ExecutableSearch {
    /// The first executable file named `name` in `path`'s absolute directories (`nil`:
    /// `/usr/bin:/bin`), or `nil`. Relative entries are skipped, as they depend on the
    /// current directory.
    package static func find(_ name: String, path: String?) -> String? {
        (path ?? "/usr/bin:/bin").split(separator: ":").filter { $0.hasPrefix("/") }.map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// This process's executable (`/proc/self/exe` resolved), or `nil` when it cannot be read.
    package static var running: String? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") else {
            return nil
        }
        return path
    }
}
