import Foundation
import SystemSupport

extension PhotoLibrary {
    /// Restores the photo at `path` to its original, byte for byte, and forgets its edits;
    /// the record it had. The photo is replaced in one rename.
    @discardableResult
    public func revert(_ path: String) async throws(PhotoLibraryError) -> PhotoEditRecord {
        let store = self.store
        return try await exclusively { () async throws(PhotoLibraryError) -> PhotoEditRecord in
            try await Self.blocking("revert \(path)") { () throws -> PhotoEditRecord in
                let (resolved, digest) = try PhotoFile.locate(path)
                guard let record = try store.record(of: resolved) else {
                    throw PhotoLibraryError(.notEdited, "\(path) was never edited here: the photo library keeps no original of it")
                }
                let folder = store.folder(of: record)
                let original = folder.appendingPathComponent(record.originalName).path
                let known = [record.originalDigest, record.current?.photoDigest, record.pending?.photoDigest].compactMap { $0 }
                guard known.contains(digest) else {
                    throw PhotoLibraryError(.changedMeanwhile, "\(path) was changed outside Appex since its last edit; "
                        + "reverting would lose that change, so it is left alone (its original is kept in \(original))")
                }
                if digest != record.originalDigest {
                    try DurableFile.copy(original, over: resolved)
                }
                try store.delete(resolved)
                try? FileManager.default.removeItem(at: folder)
                return record
            }
        }
    }
}
