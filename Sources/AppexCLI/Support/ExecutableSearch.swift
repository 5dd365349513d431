import Foundation

/// Finds a program by name in the directories of a `PATH` value, as a shell would.
enum ExecutableSearch {
    /// The first executable file named `name` in `path`'s directories, or `nil`.
    static func find(_ name: String, path: String?) -> String? {
        (path ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
