import SystemSupport

/// Why one of the host's own actions (Copy, Save to folder…) did not complete.
package struct ShareActivityError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    package struct Code: ErrorCode {
        /// The code's stable name.
        package let rawValue: String
        /// Creates a code from its stable name.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The items hold no text, URL or file to copy.
        package static let nothingToCopy = Code("nothing-to-copy")
        /// Neither a terminal (OSC 52) nor a clipboard tool (wl-copy, xclip, xsel) could take the text.
        package static let noClipboard = Code("no-clipboard")
        /// A clipboard tool ran but failed.
        package static let clipboardToolFailed = Code("clipboard-tool-failed")
        /// The items hold no attachment to save.
        package static let nothingToSave = Code("nothing-to-save")
        /// Save to folder ran without a chosen folder.
        package static let noFolder = Code("no-folder")
        /// The chosen folder does not exist.
        package static let folderMissing = Code("folder-missing")
        /// The chosen path is not a folder.
        package static let notAFolder = Code("not-a-folder")
        /// The chosen folder cannot be written.
        package static let folderNotWritable = Code("folder-not-writable")
        /// An attachment could not be loaded, or is not something a file can hold (a folder).
        package static let unreadableAttachment = Code("unreadable-attachment")
        /// Writing or placing a file in the folder failed.
        package static let writeFailed = Code("write-failed")
    }

    /// What kind of problem this is.
    package var code: Code
    /// What was wrong, naming the folder, file or tool.
    package var message: String

    /// Creates an error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
