// libFuzzer target for the host–extension wire (`wire`): what a hostile peer writes on the
// channel, as the host reads it.
//
// The input's first byte shapes the delivery: its low two bits are how many descriptors (of
// /dev/null) arrive with the first read, the rest the size of each read (16 bytes per step;
// 0 is one byte at a time). The remaining bytes are the stream: cut into those reads, fed to
// FrameDecoder, and every frame it gives is read as a WireMessage, as the host does. A message
// that reads is written again and read back: the same kind, and the same payload tree when
// written a second time. A crash, a hang, a refusal of our own output, a changed message or a
// descriptor left open (the process would run out of them) is a finding.
//
// With APPEX_FUZZ_WRITE_SEEDS=DIR the binary writes one seed per message kind into DIR and
// exits (Fuzz/run.sh wire does so when Fuzz/seeds-wire/ is empty).

import AppExtensions
import ComposeSheet
import ExtensionIPC
import ExtensionWire
import Foundation
import Glibc
import PropertyLists

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["APPEX_FUZZ_WRITE_SEEDS"] {
        writeSeeds(to: folder)
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let control = data[0]
    let stream = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let readSize = max(1, Int(control >> 2) * 16)
    var descriptors = (0..<Int(control & 3)).map { _ in OwnedFileDescriptor(taking: open("/dev/null", O_RDONLY | O_CLOEXEC)) }
    var decoder = FrameDecoder()
    var offset = 0
    reading: while offset < stream.count {
        let end = min(stream.count, offset + readSize)
        do {
            try decoder.append(stream[offset..<end], descriptors: descriptors)
        } catch {
            break reading
        }
        descriptors = []
        offset = end
        while true {
            let frame: Frame?
            do {
                frame = try decoder.nextFrame()
            } catch {
                break reading
            }
            guard let frame else { break }
            check(frame)
        }
    }
    return 0
}

/// Reads `frame` as the host does; a message that reads must write and read back unchanged.
func check(_ frame: Frame) {
    guard let message = try? WireMessage(frame) else { return }
    let written: Frame
    do {
        written = try message.frame()
    } catch {
        fatalError("a \(message.name) message that was read cannot be written: \(error)")
    }
    let reread: WireMessage
    do {
        reread = try WireMessage(written)
    } catch {
        fatalError("our own \(message.name) frame does not read: \(error)")
    }
    guard reread.kind == message.kind else { fatalError("a \(message.name) message read back as \(reread.name)") }
    let first = tree(written.payload), second = tree((try? reread.frame())?.payload ?? Data())
    guard let first, let second, first.isEqualIgnoringPositions(second) else {
        fatalError("a \(message.name) message changed when written again")
    }
}

func tree(_ payload: Data) -> PropertyListNode? {
    (try? PropertyListDocument.parse(payload, fileName: "payload"))?.root.withoutPositions
}

/// One framed seed per message kind (the shapes of Tests/ExtensionHostTests WireMessageTests).
func writeSeeds(to folder: String) {
    let messages: [(String, WireMessage)] = [
        ("hello", .hello(Hello(processIdentifier: 7))),
        ("begin", .beginRequest(BeginRequest(items: [WireItem(title: "T", contentText: "C", attachments: [
            ItemProvider.Descriptor(registeredTypeIdentifiers: ["public.jpeg", "public.file-url"], suggestedName: "a.jpg",
                                    hasPreviewImage: true, fileTypeIdentifiers: ["public.jpeg"]),
        ], userInfo: ["k": .integer(3)])], configuration: .init(containingAppURLSchemes: ["notes"])))),
        ("load", .loadRequest(LoadRequest(loadID: 3, itemIndex: 0, attachmentIndex: 1, typeIdentifier: "public.url", representation: .item))),
        ("reply", .loadReply(LoadReply(loadID: 3, value: .value(.url(URL(fileURLWithPath: "/x")))), descriptors: [])),
        ("complete", .completeRequest(CompleteRequest(items: [.init(item: WireItem(title: "t", userInfo: ["when": .date(Date(timeIntervalSince1970: 1_700_000_000))]), attachments: [[
            .init(typeIdentifier: "public.plain-text", value: .value(.string("hi"))),
            .init(typeIdentifier: "public.data", value: .value(.data(Data([0, 1, 2, 255])))),
            .init(typeIdentifier: "com.example.numbers", value: .value(.array([.integer(-7), .double(2.5), .bool(true)]))),
            .init(typeIdentifier: "public.file-url", value: .file(descriptorIndex: 0, name: "a.txt")),
            .init(typeIdentifier: "public.jpeg", value: nil, error: WireError(domain: "D", code: -1000, message: "no")),
        ]])]), descriptors: [])),
        ("ack", .completeAcknowledgement(CompleteAcknowledgement(expired: true))),
        ("cancel", .cancelRequest(CancelRequest(error: WireError(domain: "D", code: 2, message: "m")))),
        ("open", .openURL(OpenURLRequest(requestID: 1, url: "notes://x"))),
        ("open-reply", .openURLReply(OpenURLReply(requestID: 1, opened: false))),
        ("host-state", .hostState(HostStateChange(.didEnterBackground))),
        ("misuse", .misuse(Misuse(code: "request-already-finished", message: "twice"))),
        ("compose-update", .composeUpdate(ComposeUpdate(state: ComposeSheetState(
            revision: 3, contentText: "分享", placeholder: "say something", charactersRemaining: -2, isContentValid: false,
            isPostEnabled: false, items: [.init(title: "公开权限", value: "好友", valuePending: true)],
            pushed: .init(title: "公开权限", content: .choices(["所有人", "好友"], selected: 1)),
            preview: ComposePreview(kind: .url, title: "swift.org", typeIdentifier: "public.url"), misuses: ["twice"]),
            replyTo: 2, refusal: .init(code: "post-disabled", message: "no")))),
        ("compose-event", .composeEvent(ComposeEventMessage(eventID: 2, seenRevision: 3, event: .textEdited("新的")))),
        ("ping", .ping(Ping(sequence: 5))),
        ("pong", .pong(Pong(answering: Ping(sequence: 5)))),
    ]
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, message) in messages {
        guard let frame = try? message.frame(), let bytes = try? FrameEncoder.encode(frame) else {
            fatalError("cannot write the \(name) seed")
        }
        // Control byte 0x40: no descriptors, reads of 256 bytes.
        FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data([0x40] + bytes))
    }
}
