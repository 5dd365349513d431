import Foundation
import SystemSupport

extension PhotoLibrary {
    /// The record of `photo`, made true to the file as it is now, or a new record whose
    /// original is the file (copied into the store) when the photo was never edited or
    /// was changed outside Appex since. Blocking.
    ///
    /// A pending edit the photo holds (the crash came after the rename) becomes current;
    /// one it does not hold is dropped. A photo that holds its original has no current
    /// edit any more (a revert that crashed before forgetting it).
    static func settle(_ photo: PhotoFile, in store: PhotoEditStore) throws -> PhotoEditRecord {
        if var record = try store.record(of: photo.path) {
            defer { store.prune(store.folder(of: record), keeping: record.files) }
            if let pending = record.pending {
                record.pending = nil
                if photo.digest == pending.photoDigest {
                    try store.promotePending(of: photo.path)
                    record.current = pending
                    return record
                }
                try store.dropRevision(of: photo.path, .pending)
            }
            if let current = record.current, current.photoDigest == photo.digest { return record }
            if photo.digest == record.originalDigest {
                if record.current != nil {
                    try store.dropRevision(of: photo.path, .current)
                    record.current = nil
                }
                return record
            }
            // Changed outside Appex: what the file holds now is a new original.
            try store.delete(photo.path)
            try? FileManager.default.removeItem(at: store.folder(of: record))
        }
        return try adopt(photo, in: store)
    }

    /// A new record of `photo`, its original copied into a new folder first. Blocking.
    private static func adopt(_ photo: PhotoFile, in store: PhotoEditStore) throws -> PhotoEditRecord {
        let record = PhotoEditRecord(path: photo.path, folder: UUID().uuidString, originalName: "original.\(photo.suffix)",
                                     originalDigest: photo.digest, originalType: photo.typeIdentifier,
                                     originalOrientation: photo.orientation)
        let folder = store.folder(of: record)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let original = folder.appendingPathComponent(record.originalName).path
        try DurableFile.copy(photo.path, over: original, mode: 0o600)
        try DurableFile.syncFolder(store.directory.path)
        guard PhotoFile.digest(of: original) == photo.digest else {
            try? FileManager.default.removeItem(at: folder)
            throw PhotoLibraryError(.changedMeanwhile, "\(photo.path) changed while its original was being kept; nothing was edited")
        }
        try store.insert(record)
        return record
    }
}
