import Foundation

/// The reading of one pipe, on the one thread that runs it.
///
/// `@unchecked Sendable`: made on one thread and handed to the reader thread, which alone
/// uses it from then on.
final class PipeReader: @unchecked Sendable {
    let handle: FileHandle
    let chunk: (Data) -> Void
    let end: () -> Void

    init(handle: FileHandle, chunk: @escaping (Data) -> Void, end: @escaping () -> Void) {
        self.handle = handle
        self.chunk = chunk
        self.end = end
    }

    /// Blocks in read until end of file.
    func run() {
        while true {
            let data = handle.availableData
            if data.isEmpty { break }
            chunk(data)
        }
        try? handle.close()
        end()
    }
}
