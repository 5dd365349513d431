import PhotoEditing

/// Host → extension: can the editor resume from this adjustment data (Apple's
/// `canHandle(_:)`)? Asked before editing begins, so that an editor that cannot read the
/// data is never handed the original.
package struct EditQuery: Codable, Hashable, Sendable {
    /// Chosen by the host; the ``EditQueryReply`` carries it back.
    package var queryID: Int
    /// The photo's stored adjustment data.
    package var adjustmentData: AdjustmentData

    package init(queryID: Int, adjustmentData: AdjustmentData) {
        self.queryID = queryID
        self.adjustmentData = adjustmentData
    }
}

/// Extension → host: the answer to an ``EditQuery``.
package struct EditQueryReply: Codable, Hashable, Sendable {
    package var queryID: Int
    package var canHandle: Bool

    package init(queryID: Int, canHandle: Bool) {
        self.queryID = queryID
        self.canHandle = canHandle
    }
}

/// Host → extension: editing begins (Apple's `startContentEditing(with:placeholderImage:)`).
/// The frame carries two read-only descriptors: the full-size image (0) and the
/// display-size image (1).
package struct EditBegin: Codable, Hashable, Sendable {
    /// Chosen by the host; the ``EditReady`` and ``EditResult`` carry it back.
    package var editID: Int
    /// The stored adjustment data, when the editor said it can handle it (the full-size
    /// image is then the original).
    package var adjustmentData: AdjustmentData?
    /// The full-size image's type.
    package var uniformTypeIdentifier: String
    /// Its EXIF orientation.
    package var orientation: Int32
    /// Its kind (``ContentEditingInput/MediaType``, raw).
    package var mediaType: Int
    /// The full-size image's file name, for the editor's messages.
    package var name: String

    package init(editID: Int, adjustmentData: AdjustmentData?, uniformTypeIdentifier: String, orientation: Int32,
                 mediaType: Int, name: String) {
        self.editID = editID
        self.adjustmentData = adjustmentData
        self.uniformTypeIdentifier = uniformTypeIdentifier
        self.orientation = orientation
        self.mediaType = mediaType
        self.name = name
    }
}

/// Extension → host: editing has started; whether cancelling would need the user's
/// confirmation.
package struct EditReady: Codable, Hashable, Sendable {
    package var editID: Int
    package var shouldShowCancelConfirmation: Bool
    /// The editor's title, when it is a view controller that has one (absent otherwise,
    /// and from extensions built before it was added).
    package var title: String?

    package init(editID: Int, shouldShowCancelConfirmation: Bool, title: String? = nil) {
        self.editID = editID
        self.shouldShowCancelConfirmation = shouldShowCancelConfirmation
        self.title = title
    }
}

/// Host → extension: the user tapped Done or Cancel.
package struct EditEnd: Codable, Hashable, Sendable {
    /// Done or Cancel.
    package enum Action: String, Codable, Hashable, Sendable {
        /// Done: `finishContentEditing(completionHandler:)`.
        case finish
        /// Cancel: `cancelContentEditing()`.
        case cancel
    }

    package var editID: Int
    package var action: Action

    package init(editID: Int, action: Action) {
        self.editID = editID
        self.action = action
    }
}

/// Extension → host: how the edit ended. A rendered edit's frame carries one read-only
/// descriptor, the rendered JPEG.
package struct EditResult: Codable, Hashable, Sendable {
    /// How it ended.
    package enum Outcome: String, Codable, Hashable, Sendable {
        /// The editor rendered the photo (the descriptor) and described the edit.
        case rendered
        /// The user cancelled and the editor cleaned up.
        case cancelled
        /// The editor gave no output, or its output could not be sent (``message``).
        case failed
    }

    package var editID: Int
    package var outcome: Outcome
    /// The edit, with ``Outcome/rendered``.
    package var adjustmentData: AdjustmentData?
    /// Why, with ``Outcome/failed``.
    package var message: String?

    package init(editID: Int, outcome: Outcome, adjustmentData: AdjustmentData? = nil, message: String? = nil) {
        self.editID = editID
        self.outcome = outcome
        self.adjustmentData = adjustmentData
        self.message = message
    }
}
