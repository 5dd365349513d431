import AppGroups
import Foundation

/// The share-inbox modes.
enum InboxModes {
    /// Appends `count` shares tagged `tag`, each with a file and an inline attachment whose
    /// bytes are the share's text; prints each id after its commit.
    static func append(container: URL, count: Int, tag: String) throws {
        let inbox = try ShareInbox(containerURL: container)
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("appgroups-worker-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for index in 0..<count {
            let text = "\(tag)-\(index)"
            let source = scratch.appendingPathComponent("\(text).txt")
            try Data(text.utf8).write(to: source)
            let share = InboxShare(text: text, configuration: ["tag": tag, "index": String(index)],
                                   sourceExtensionIdentifier: "com.example.worker.\(tag)",
                                   attachments: [.file(source, typeIdentifier: "public.plain-text"),
                                                 .data(Data(text.utf8), typeIdentifier: "public.utf8-plain-text")])
            let id = try inbox.append(share)
            try FileManager.default.removeItem(at: source)
            Worker.emit("\(id)")
        }
    }

    /// Receives up to `max` shares, checking each one's attachments against its text, and
    /// prints each id after its acknowledgment commits. Stops when nothing has been
    /// deliverable for half a second (so that it runs alongside appenders): between
    /// receives it sleeps until an append is announced (``ShareInbox/observeAppends(_:)``)
    /// or that half second passes. (A share whose lease a killed consumer left is taken
    /// when the next append wakes it, or not at all; the stress test's final drain sees it.)
    static func consume(container: URL, max: Int, leaseMilliseconds: Int) throws {
        let inbox = try ShareInbox(containerURL: container)
        let appended = DispatchSemaphore(value: 0)
        let observation = try inbox.observeAppends { appended.signal() }
        defer { observation.cancel() }
        var delivered = 0
        while delivered < max {
            if let share = try inbox.receive(leaseDuration: .milliseconds(leaseMilliseconds), check) {
                Worker.emit("\(share.id)")
                delivered += 1
            } else if appended.wait(timeout: .now() + .milliseconds(500)) == .timedOut {
                break
            }
        }
    }

    /// Throws (status 3) unless both attachments hold the share's text.
    static func check(_ share: ReceivedShare) throws {
        let expected = Data((share.text ?? "").utf8)
        guard share.attachments.count == 2, share.configuration["tag"] != nil else {
            throw WorkerFailure(status: 3, message: "share \(share.id) has \(share.attachments.count) attachments and "
                                + "configuration \(share.configuration)")
        }
        for attachment in share.attachments {
            let bytes: Data
            switch attachment.content {
            case .file(let url): bytes = (try? Data(contentsOf: url)) ?? Data("<missing \(url.path)>".utf8)
            case .data(let data): bytes = data
            }
            guard bytes == expected else {
                throw WorkerFailure(status: 3, message: "share \(share.id) attachment holds '\(String(decoding: bytes, as: UTF8.self))', "
                                    + "expected '\(share.text ?? "")'")
            }
        }
    }
}
