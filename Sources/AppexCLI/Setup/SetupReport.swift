/// What `appex setup` or `appex setup --remove` did (or would not do), for the text and
/// `--json` output.
struct SetupReport: Encodable, Equatable {
    /// One file and what happened to it.
    struct FileStatus: Encodable, Equatable {
        /// The file's path.
        var path: String
        /// Who reads it (setup only).
        var purpose: String?
        /// `created`, `updated`, `unchanged` or `conflict` (setup); `removed`, `kept` or
        /// `missing` (remove).
        var status: Status
        /// Why, for `conflict` and `kept`.
        var reason: String?
    }

    /// What happened to a file.
    enum Status: String, Encodable {
        case created, updated, unchanged, conflict, removed, kept, missing
    }

    /// `setup` or `remove`.
    var operation: String
    /// The files, in order.
    var files: [FileStatus]
    /// The record of what setup wrote.
    var record: String
    /// What the user may still have to do (zsh's fpath, MANPATH).
    var notes: [String] = []

    /// The files in conflict.
    var conflicts: [FileStatus] { files.filter { $0.status == .conflict } }
}
