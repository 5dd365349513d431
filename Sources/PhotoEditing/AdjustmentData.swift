import Foundation

/// What an editor did to a photo, in its own format: Apple's `PHAdjustmentData`.
///
/// The host keeps it beside the original and the rendered photo. When the photo is edited
/// again, each editor is asked whether it ``ContentEditingController/canHandle(_:)`` this
/// data; one that can gets the original and the data, and resumes where the last edit
/// left off. One that cannot gets the rendered photo and no data, and starts over on top
/// of it.
///
/// ```swift
/// let settings = try JSONEncoder().encode(["strength": 0.6])
/// output.adjustmentData = AdjustmentData(formatIdentifier: "com.example.sepia", formatVersion: "1.0", data: settings)
/// ```
public struct AdjustmentData: Codable, Hashable, Sendable {
    /// The format's reverse-DNS name, usually the editor's identifier.
    public var formatIdentifier: String
    /// The format's version, so that an editor can tell data it no longer reads.
    public var formatVersion: String
    /// The editor's own description of the edit.
    public var data: Data

    /// Adjustment data in `formatIdentifier`'s `formatVersion`.
    public init(formatIdentifier: String, formatVersion: String, data: Data) {
        self.formatIdentifier = formatIdentifier
        self.formatVersion = formatVersion
        self.data = data
    }

    /// The most bytes of ``data`` a host keeps (as Photos, it is a description of the
    /// edit, not an image).
    public static let maximumDataSize = 1 << 20
}
