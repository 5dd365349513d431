import Foundation

/// A temporary directory of small files of several kinds, each written twice: with its
/// usual extension (detected by name) and without one (detected by content).
struct FileFixtures {
    /// A kind of file: its base name, extension and leading bytes.
    struct Sample: Sendable {
        /// The file name without extension.
        let name: String
        /// The usual extension.
        let fileExtension: String
        /// The content.
        let bytes: [UInt8]
    }

    /// The samples: enough of each format's header for libmagic to recognise it.
    static let samples: [Sample] = [
        Sample(name: "photo", fileExtension: "jpg",
               bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9]),
        Sample(name: "image", fileExtension: "png",
               bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] + Array("IHDR".utf8)
                   + [0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE]),
        Sample(name: "animation", fileExtension: "gif",
               bytes: Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3B]),
        Sample(name: "document", fileExtension: "pdf",
               bytes: Array("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8)),
        Sample(name: "notes", fileExtension: "txt",
               bytes: Array("Shopping list\nmilk\nbread\neggs\n".utf8)),
        Sample(name: "page", fileExtension: "html",
               bytes: Array("<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>hi</p></body></html>\n".utf8)),
        Sample(name: "archive", fileExtension: "zip",
               bytes: Array("PK".utf8) + [0x05, 0x06] + Array(repeating: 0, count: 18)),
    ]

    /// The directory holding the files.
    let directory: URL
    /// The files named with their extension, in sample order.
    let withExtension: [URL]
    /// The same contents without an extension, in sample order.
    let withoutExtension: [URL]

    /// Writes the samples into a fresh temporary directory.
    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("appex-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var named: [URL] = []
        var bare: [URL] = []
        for sample in Self.samples {
            let data = Data(sample.bytes)
            let withExt = directory.appendingPathComponent(sample.name).appendingPathExtension(sample.fileExtension)
            let without = directory.appendingPathComponent(sample.name)
            try data.write(to: withExt)
            try data.write(to: without)
            named.append(withExt)
            bare.append(without)
        }
        withExtension = named
        withoutExtension = bare
    }

    /// Deletes the directory.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
