/// The memory suite's figures, for the table and `--json`.
struct MemoryResults: Encodable, Sendable {
    /// One build of the extension.
    struct Row: Encodable, Sendable {
        /// The build's name, as given on the command line.
        var label: String
        /// Its products folder.
        var products: String
        /// `dynamic` when the executable needs libswiftCore.so, else `static`.
        var runtime: String
        /// How the executable has NotesKit.
        var notesKit: String
        /// The executable's size on disk.
        var executableBytes: Int
        /// The framework library's size, when the executable loads it.
        var frameworkBytes: Int?
        /// The median peak resident size, in kB.
        var peakKilobytes = 0
        /// Against the first build's.
        var ratio = 0.0
    }

    /// Starts of each build.
    var rounds: Int
    /// The builds, the baseline first.
    var rows: [Row]
}
