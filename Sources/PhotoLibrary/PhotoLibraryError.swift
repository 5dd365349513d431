import SystemSupport

/// Why the photo library refused or could not finish an edit or a revert; the photo is
/// then as it was.
public struct PhotoLibraryError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `not-a-photo`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The path is not a regular file, or libvips cannot read it as an image.
        public static let notAPhoto = Code("not-a-photo")
        /// The photo has more pixels than the library edits.
        public static let tooLarge = Code("too-large")
        /// The editor is not installed, not enabled, not a photo editor, or edits no images.
        public static let notAnEditor = Code("not-an-editor")
        /// `--revert` of a photo the store holds no edit of.
        public static let notEdited = Code("not-edited")
        /// Another edit of the library is in progress.
        public static let busy = Code("busy")
        /// The photo changed while the editor worked on it; the edit was not applied.
        public static let changedMeanwhile = Code("changed-meanwhile")
        /// The store's database or files failed.
        public static let store = Code("store")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the photo or the editor.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
