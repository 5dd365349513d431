import Foundation
import GRDB
import PhotoEditing

/// What the edit store keeps for one photo: where its original is, and its edit.
public struct PhotoEditRecord: Hashable, Sendable {
    /// The photo's absolute, resolved path: the store's key.
    public var path: String
    /// Its folder in the store (a UUID), holding the original and the rendered edit.
    public var folder: String
    /// The original's file in ``folder``.
    public var originalName: String
    /// The original's SHA-256 (hex).
    public var originalDigest: String
    /// The original's type, such as `public.jpeg`.
    public var originalType: String
    /// The original's EXIF orientation.
    public var originalOrientation: Int32
    /// The edit the photo shows now; `nil` while it shows its original.
    public var current: PhotoRevision?
    /// An edit being written over the photo: kept until the photo holds it (then it is
    /// current) or is found not to (then it is dropped).
    public var pending: PhotoRevision?

    /// The files of the folder the record needs: the original, and each revision's rendered
    /// file and base.
    var files: Set<String> {
        Set([originalName] + [current, pending].compactMap { $0 }.flatMap { [$0.renderedName, $0.baseName] })
    }
}

/// One edit of a photo: the editor's rendered file and its adjustment data.
public struct PhotoRevision: Hashable, Sendable {
    /// The rendered JPEG's file in the record's folder.
    public var renderedName: String
    /// The file in the folder the edit was rendered from, which its adjustment data applies
    /// to: the original, or the edit before it when its editor could not resume that one.
    /// An editor that resumes this edit gets this file and the data.
    public var baseName: String
    /// The SHA-256 of the photo file once it holds this edit.
    public var photoDigest: String
    /// The editor that made it.
    public var editorIdentifier: String
    /// Its adjustment data.
    public var adjustmentData: AdjustmentData
    /// When it was made.
    public var createdAt: Date
}

extension PhotoRevision {
    init(row: Row) {
        renderedName = row["renderedName"]
        baseName = row["baseName"]
        photoDigest = row["photoDigest"]
        editorIdentifier = row["editorIdentifier"]
        adjustmentData = AdjustmentData(formatIdentifier: row["formatIdentifier"], formatVersion: row["formatVersion"],
                                        data: row["adjustmentData"])
        createdAt = Date(timeIntervalSince1970: row["createdAt"])
    }
}
