import AppExtensions
import Foundation
import Glibc
import SystemSupport

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
            if let title = item.attributedTitle { lines.append("title: \(title.string)") }
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

    /// Size (the end of the file as the descriptor sees it), the first 16 bytes, the last
    /// 4, how the file arrived (`via descriptor` for a `/proc/self/fd/N` URL, else `via
    /// path`), the device and inode read through that descriptor, and this process's
    /// resident memory afterwards (`unreadable` when /proc says nothing). It reads the ends,
    /// not the whole file: reading a 1 GiB sparse file through fills the page cache with a
    /// gigabyte of zeros, which on a small machine stalls every other process's file writes.
    static func fileSummary(_ url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else {
            throw NSError(domain: "FixtureErrorDomain", code: 4, userInfo: [NSLocalizedDescriptionKey: "fstat failed on \(url.path)"])
        }
        let head = try handle.read(upToCount: 16) ?? Data()
        let size = try handle.seekToEnd()
        var tail = Data()
        if size > 0 {
            try handle.seek(toOffset: size - min(size, 4))
            tail = try handle.read(upToCount: 4) ?? Data()
        }
        let via = url.path.hasPrefix("/proc/self/fd/") ? "descriptor" : "path \(url.path)"
        let resident = residentMegabytes().map { "\($0)" } ?? "unreadable"
        return "\(size) bytes, starts \(String(decoding: head, as: UTF8.self).debugDescription), "
            + "ends \(String(decoding: tail, as: UTF8.self).debugDescription), via \(via), "
            + "file \(status.st_dev):\(status.st_ino), resident \(resident) MB"
    }

    /// This process's resident memory in megabytes, from /proc/self/statm; `nil` when it
    /// cannot be read.
    static func residentMegabytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_000_000
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

    /// "kill: done", or the error's text, for SIGURG sent to `APPEX_FIXTURE_TARGET_PID`.
    static func signalHost() -> String {
        guard let text = ProcessInfo.processInfo.environment["APPEX_FIXTURE_TARGET_PID"], let pid = Int32(text) else {
            return "kill: no APPEX_FIXTURE_TARGET_PID"
        }
        return "kill: " + (kill(pid, SIGURG) == 0 ? "done" : SystemErrorText.text(errno))
    }

    /// Tries to change the first attachment's file through the descriptor it arrived as:
    /// `chmod` to 0666, then a reopen of its `/proc/self/fd/N` path for appending and a
    /// write, a `truncate` of that path, and a hard link of it into its data container (a
    /// writable name for the same file); "chmod: …; write: …; truncate: …; link: …", each
    /// "done" or the error's text.
    static func tamper(_ items: [ExtensionItem]) async throws -> String {
        guard let provider = items.flatMap({ $0.attachments ?? [] }).first,
              let type = provider.registeredTypeIdentifiers.first else {
            throw NSError(domain: "FixtureErrorDomain", code: 2, userInfo: [NSLocalizedDescriptionKey: "no file in the input"])
        }
        return try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, _ in
            func outcome(_ ok: Bool) -> String { ok ? "done" : SystemErrorText.text(errno) }
            let chmodded = outcome(chmod(url.path, 0o666) == 0)
            let fd = open(url.path, O_WRONLY | O_APPEND)
            var wrote = outcome(false)
            if fd >= 0 {
                let written = Array("TAMPERED".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                wrote = outcome(written == 8)
                close(fd)
            }
            let truncated = outcome(truncate(url.path, 0) == 0)
            let container = ProcessInfo.processInfo.environment["APPEX_DATA_CONTAINER"] ?? NSHomeDirectory()
            let linked = outcome(linkat(AT_FDCWD, url.path, AT_FDCWD, container + "/tampered-link", AT_SYMLINK_FOLLOW) == 0)
            return "chmod: \(chmodded); write: \(wrote); truncate: \(truncated); link: \(linked)"
        }
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
        var answer = "reachable: " + reachable.joined(separator: " ")
        // Which of APPEX_FIXTURE_WRITE_PROBE's paths it can change: a file opened for
        // appending (nothing written), a folder that takes a new file (removed at once).
        if let writeProbe = ProcessInfo.processInfo.environment["APPEX_FIXTURE_WRITE_PROBE"] {
            let writable = writeProbe.split(separator: ":").map(String.init).filter { path in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
                if isFolder.boolValue {
                    let probe = path + "/.appex-write-probe"
                    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                    guard descriptor >= 0 else { return false }
                    close(descriptor)
                    unlink(probe)
                    return true
                }
                let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
                guard descriptor >= 0 else { return false }
                close(descriptor)
                return true
            }
            answer += "; writable: " + writable.joined(separator: " ")
        }
        return answer
    }
}
