import AppExtensions
import Foundation

/// The fixture's work: describing, transforming and probing.
enum Fixture {
    static func textItem(_ text: String) -> ExtensionItem {
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string(text), typeIdentifier: "public.plain-text")]
        return item
    }

    /// One line per attachment: its types and what loading its first type gave.
    static func describe(_ items: [ExtensionItem]) async throws -> String {
        var lines: [String] = []
        for item in items {
            if let title = item.attributedTitle { lines.append("title: \(String(title.characters))") }
            for provider in item.attachments ?? [] {
                guard let type = provider.registeredTypeIdentifiers.first else { continue }
                let value = try await provider.loadValue(forTypeIdentifier: type)
                switch value {
                case .url(let url) where url.isFileURL:
                    lines.append("\(type): file \(provider.suggestedName ?? "?") \(try fileSummary(url))")
                case .url(let url): lines.append("\(type): url \(url.absoluteString)")
                case .string(let text): lines.append("\(type): text \(text)")
                case .data(let data): lines.append("\(type): \(data.count) bytes")
                default: lines.append("\(type): \(value)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Size (the end of the file as the descriptor sees it), the first bytes, the last
    /// byte, and this process's resident memory afterwards. It reads the ends, not the
    /// whole file: reading a 1 GiB sparse file through fills the page cache with a gigabyte
    /// of zeros, which on a small machine stalls every other process's file writes.
    static func fileSummary(_ url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let head = try handle.read(upToCount: 16) ?? Data()
        let size = try handle.seekToEnd()
        if size > 0 {
            try handle.seek(toOffset: size - 1)
            _ = try handle.read(upToCount: 1)
        }
        return "\(size) bytes, starts \(String(decoding: head, as: UTF8.self).debugDescription), resident \(residentMegabytes()) MB"
    }

    static func residentMegabytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Int(text.split(separator: " ")[1]) else { return -1 }
        return pages * 4096 / 1_000_000
    }

    static func firstText(_ items: [ExtensionItem]) async throws -> String {
        for provider in items.flatMap({ $0.attachments ?? [] }) where provider.hasItemConformingToTypeIdentifier("public.text") {
            return try await provider.loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        }
        throw NSError(domain: "FixtureErrorDomain", code: 1, userInfo: [NSLocalizedDescriptionKey: "no text in the input"])
    }

    static func uppercased(_ items: [ExtensionItem]) async throws -> [ExtensionItem] {
        [textItem(try await firstText(items).uppercased())]
    }

    /// The first file, upper-cased, returned as a file the host receives as a descriptor.
    static func modifiedFile(_ items: [ExtensionItem]) async throws -> ExtensionItem {
        guard let provider = items.flatMap({ $0.attachments ?? [] }).first,
              let type = provider.registeredTypeIdentifiers.first else {
            throw NSError(domain: "FixtureErrorDomain", code: 2, userInfo: [NSLocalizedDescriptionKey: "no file in the input"])
        }
        let text = try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, _ in
            try String(contentsOf: url, encoding: .utf8)
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("modified-\(provider.suggestedName ?? "file.txt")")
        try Data(text.uppercased().utf8).write(to: output)
        let returned = ItemProvider()
        returned.registerFileRepresentation(forTypeIdentifier: type) { completion in
            completion(output, false, nil)
            return nil
        }
        returned.suggestedName = output.lastPathComponent
        let item = ExtensionItem()
        item.attachments = [returned]
        return item
    }

    /// The first 16 bytes of the first attachment's first type, loaded in place: the file
    /// arrives as a descriptor and nothing past those bytes is read.
    static func peek(_ items: [ExtensionItem]) async throws -> String {
        guard let provider = items.flatMap({ $0.attachments ?? [] }).first,
              let type = provider.registeredTypeIdentifiers.first else {
            throw NSError(domain: "FixtureErrorDomain", code: 3, userInfo: [NSLocalizedDescriptionKey: "no file in the input"])
        }
        return try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, _ in
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return String(decoding: try handle.read(upToCount: 16) ?? Data(), as: UTF8.self)
        }
    }

    /// Writes through a null pointer: SIGSEGV from the hardware, as in a real crash.
    @inline(never)
    static func crash() {
        let address = UnsafeMutablePointer<Int>(bitPattern: 0x10)
        address?.pointee = 42
    }

    /// The first attachment whose first type loads, as text, while the others are still loading.
    static func firstAnswer(_ items: [ExtensionItem]) async throws -> String {
        let providers = items.flatMap { $0.attachments ?? [] }
        return try await withThrowingTaskGroup(of: String.self) { group in
            for provider in providers {
                guard let type = provider.registeredTypeIdentifiers.first else { continue }
                group.addTask {
                    let value = try await provider.loadValue(forTypeIdentifier: type)
                    if case .string(let text) = value { return "\(type): \(text)" }
                    return "\(type): \(value)"
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else {
                throw NSError(domain: "FixtureErrorDomain", code: 4, userInfo: [NSLocalizedDescriptionKey: "no attachment"])
            }
            return first
        }
    }

    /// Which of the paths in APPEX_FIXTURE_PROBE (colon-separated) this process can list or read.
    static func probe() -> String {
        let paths = (ProcessInfo.processInfo.environment["APPEX_FIXTURE_PROBE"] ?? "").split(separator: ":").map(String.init)
        let reachable = paths.filter { path in
            (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil || FileManager.default.contents(atPath: path) != nil
        }
        return "reachable: " + reachable.joined(separator: " ")
    }
}
