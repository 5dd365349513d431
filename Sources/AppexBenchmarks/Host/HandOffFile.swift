import AppExtensions
import Foundation

/// A sparse file of a given size whose first 16 bytes are ``marker``, for the hand-off.
struct HandOffFile {
    /// What the `peek` fixture should read back.
    static let marker = "appex-bench-peek"

    /// The file.
    let url: URL
    /// Its size in bytes.
    let size: Int
    /// `1 MiB`, `64 MiB`, `1 GiB`.
    let label: String

    /// Creates the file in `folder`: the marker, then a hole up to `size` bytes.
    static func create(size: Int, in folder: URL) throws -> HandOffFile {
        let label = size >= 1 << 30 ? "\(size >> 30) GiB" : "\(size >> 20) MiB"
        let url = folder.appendingPathComponent("handoff-\(label.replacingOccurrences(of: " ", with: "")).bin")
        guard FileManager.default.createFile(atPath: url.path, contents: Data(marker.utf8)) else {
            throw HostBenchError("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
        return HandOffFile(url: url, size: size, label: label)
    }

    /// An item whose one attachment is this file, offered in place as `public.data` (as
    /// `ItemProvider(contentsOf:)` offers a file, without its type detection).
    func item() -> ExtensionItem {
        let provider = ItemProvider()
        let url = self.url
        provider.registerFileRepresentation(forTypeIdentifier: "public.data", fileOptions: .openInPlace) { completion in
            completion(url, false, nil)
            return nil
        }
        provider.suggestedName = url.lastPathComponent
        let item = ExtensionItem()
        item.attachments = [provider]
        return item
    }
}
