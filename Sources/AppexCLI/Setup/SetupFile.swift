import Foundation

/// One file `appex setup` installs: where, what, with which permissions, and for whom.
struct SetupFile: Equatable {
    /// The file's absolute path.
    var path: String
    /// The exact bytes written (all of setup's files are small UTF-8 text).
    var content: String
    /// The permission bits (0o644, or 0o755 for Dolphin's service menu).
    var mode: UInt16
    /// Who reads it, in a few words: `GNOME Files "Open With"`, `bash completion`.
    var purpose: String
}
