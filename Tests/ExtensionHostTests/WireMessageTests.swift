import AppExtensions
import ComposeSheet
import ExtensionIPC
import ExtensionWire
import ExtensionUI
import Foundation
import PropertyLists
import PhotoEditing
import Testing
import TodayWidgets

@Suite("Wire messages")
struct WireMessageTests {
    static let messages: [(String, WireMessage)] = [
        ("hello", .hello(Hello(processIdentifier: 7))),
        ("begin", .beginRequest(BeginRequest(items: [WireItem(title: "T", contentText: "C", attachments: [
            ItemProvider.Descriptor(registeredTypeIdentifiers: ["public.jpeg", "public.file-url"], suggestedName: "a.jpg",
                                    hasPreviewImage: true, fileTypeIdentifiers: ["public.jpeg"]),
        ], userInfo: ["k": .integer(3)])], configuration: .init(containingAppURLSchemes: ["notes"])))),
        ("load", .loadRequest(LoadRequest(loadID: 3, itemIndex: 0, attachmentIndex: 1, typeIdentifier: "public.url", representation: .item))),
        ("reply", .loadReply(LoadReply(loadID: 3, value: .value(.url(URL(fileURLWithPath: "/x")))), descriptors: [])),
        ("failed reply", .loadReply(LoadReply(loadID: 4, error: WireError(domain: "D", code: -1000, message: "no")), descriptors: [])),
        ("complete", .completeRequest(CompleteRequest(items: [.init(item: WireItem(), attachments: [[
            .init(typeIdentifier: "public.plain-text", value: .value(.string("hi"))),
        ]])]), descriptors: [])),
        ("every value kind", .completeRequest(CompleteRequest(items: [.init(item: WireItem(title: "t", userInfo: ["when": .date(Date(timeIntervalSince1970: 1_700_000_000.25))]), attachments: [[
            .init(typeIdentifier: "public.data", value: .value(.data(Data([0, 1, 2, 255])))),
            .init(typeIdentifier: "public.url", value: .value(.url(URL(string: "https://www.swift.org/documentation/?q=1#x") ?? URL(fileURLWithPath: "/")))),
            .init(typeIdentifier: "com.example.numbers", value: .value(.array([.integer(-7), .double(2.5), .bool(true), .bool(false)]))),
            .init(typeIdentifier: "com.apple.property-list", value: .value(.dictionary(["nested": .dictionary(["a": .string("é ✓")])]))),
            .init(typeIdentifier: "public.file-url", value: .file(descriptorIndex: 0, name: "a.txt")),
            .init(typeIdentifier: "public.jpeg", value: nil, error: WireError(domain: "D", code: -1000, message: "no")),
        ]])]), descriptors: [])),
        ("ack", .completeAcknowledgement(CompleteAcknowledgement(expired: true))),
        ("cancel", .cancelRequest(CancelRequest(error: WireError(domain: "D", code: 2, message: "m")))),
        ("open", .openURL(OpenURLRequest(requestID: 1, url: "notes://x"))),
        ("open reply", .openURLReply(OpenURLReply(requestID: 1, opened: false))),
        ("host state", .hostState(HostStateChange(.didEnterBackground))),
        ("misuse", .misuse(Misuse(code: "request-already-finished", message: "twice"))),
        ("compose update", .composeUpdate(ComposeUpdate(state: ComposeSheetState(
            revision: 3, contentText: "分享", placeholder: "say something", charactersRemaining: -2, isContentValid: false,
            isPostEnabled: false, items: [.init(title: "公开权限", value: "好友", valuePending: true)],
            pushed: .init(title: "公开权限", content: .choices(["所有人", "好友"], selected: 1)),
            preview: ComposePreview(kind: .url, title: "swift.org", typeIdentifier: "public.url"), misuses: ["twice"]),
            replyTo: 2, refusal: .init(code: "post-disabled", message: "no")))),
        ("view update", .viewUpdate(ViewUpdate(snapshot: ViewSnapshot(
            revision: 4, title: "分享", barButtons: [.init(kind: .button, id: 1, text: "Cancel")],
            elements: [.init(kind: .heading, id: 2, text: "Share with Fixture"), .init(kind: .row, id: 3, text: "Items", detail: "1"),
                       .init(kind: .textField, id: 4, text: "", placeholder: "Note"), .init(kind: .toggle, id: 5, text: "Public", isOn: false),
                       .init(kind: .image, id: 6, text: "a box", image: Data([0x89, 0x50, 0x4e, 0x47])),
                       .init(kind: .button, id: 7, text: "Send", isEnabled: false)],
            alert: .init(title: "Send this note?", message: "hello", style: "alert",
                         actions: [.init(title: "Cancel", style: "cancel"), .init(title: "Send", style: "default", isPreferred: true)],
                         fields: [.init(text: "", placeholder: "Name", isSecure: false)]),
            preferredWidth: 320, preferredHeight: 480.5, misuses: ["presented twice"]),
            replyTo: 3, refusal: .init(code: "alert-shown", message: "an alert is shown")))),
        ("view action", .viewAction(ViewActionMessage(actionID: 3, seenRevision: 4, action: .editAlertField(0, text: "新的")))),
        ("ping", .ping(Ping(sequence: 5))),
        ("pong", .pong(Pong(answering: Ping(sequence: 5)))),
        ("compose event", .composeEvent(ComposeEventMessage(eventID: 2, seenRevision: 3, event: .textEdited("新的")))),
        ("widget update", .widgetUpdate(WidgetUpdateRequest(updateID: 1, displayMode: .expanded, compactSize: .init(width: 320, height: 110),
                                                            expandedSize: .init(width: 320, height: 528)))),
        ("widget display mode", .widgetDisplayMode(WidgetDisplayModeChange(changeID: 2, displayMode: .compact, maximumSize: .init(width: 320, height: 110)))),
        ("widget state", .widgetState(WidgetStateMessage(state: WidgetState(
            revision: 4, view: WidgetView(.title("Parcels"), .text("Bike lights"), .caption("2 more"), .row("Ünïcode ✓", detail: "9:41"),
                                          .image(WidgetImage(data: Data([0x89, 0x50, 0x4e, 0x47]), accessibilityLabel: "a box")), .separator,
                                          .button("Track", url: URL(fileURLWithPath: "/track"))),
            preferredContentSize: .init(width: 320, height: 220.5), largestAvailableDisplayMode: .expanded, activeDisplayMode: .expanded),
            updateID: 1, result: .newData))),
        ("widget tap", .widgetTap(WidgetTap(tapID: 3, elementID: 7, seenRevision: 4))),
        ("widget state answering a tap", .widgetState(WidgetStateMessage(state: WidgetState(
            revision: 5, view: WidgetView(.title("Notes"), .action("Open Notes", id: 7), .action("Clear", id: 8, isEnabled: false))),
            tapID: 3, refusal: .init(code: "disabled", message: "the button \"Clear\" is disabled")))),
        ("edit query", .editQuery(EditQuery(queryID: 1, adjustmentData: AdjustmentData(
            formatIdentifier: "com.example.sepia", formatVersion: "1.0", data: Data("{\"strength\":0.25}".utf8))))),
        ("edit query reply", .editQueryReply(EditQueryReply(queryID: 1, canHandle: true))),
        ("edit begin", .editBegin(EditBegin(editID: 2, adjustmentData: nil, uniformTypeIdentifier: "public.jpeg", orientation: 6,
                                            mediaType: 1, name: "beach.jpg"), descriptors: [])),
        ("edit ready", .editReady(EditReady(editID: 2, shouldShowCancelConfirmation: true))),
        ("edit end", .editEnd(EditEnd(editID: 2, action: .finish))),
        ("edit result", .editResult(EditResult(editID: 2, outcome: .rendered, adjustmentData: AdjustmentData(
            formatIdentifier: "com.example.sepia", formatVersion: "1.0", data: Data([0, 255]))), descriptors: [])),
    ]

    @Test("every message survives a frame round trip", arguments: messages.map(\.0))
    func roundTrip(_ name: String) throws {
        let message = try #require(Self.messages.first { $0.0 == name }?.1)
        let decoded = try WireMessage(try message.frame())
        #expect(decoded.kind == message.kind)
        #expect(String(describing: decoded) == String(describing: message))
    }

    /// Fuzz/seeds-wire/, the wire fuzzer's seeds: each message above framed as it travels,
    /// behind the fuzzer's control byte (0x40: no descriptors, reads of 256 bytes).
    static let seedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/seeds-wire")

    @Test("the wire fuzzer's seeds are these messages' frames (APPEX_RECORD_SNAPSHOTS=1 writes them again)")
    func fuzzSeeds() throws {
        let record = ProcessInfo.processInfo.environment["APPEX_RECORD_SNAPSHOTS"] == "1"
        if record { try FileManager.default.createDirectory(at: Self.seedFolder, withIntermediateDirectories: true) }
        var names: [String] = []
        for (name, message) in Self.messages {
            let file = Self.seedFolder.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-"))
            names.append(file.lastPathComponent)
            let bytes = Data([0x40] + (try FrameEncoder.encode(try message.frame())))
            if record { try bytes.write(to: file, options: .atomic) }
            #expect(FileManager.default.contents(atPath: file.path) == bytes, "\(file.path) is stale")
        }
        let present = try FileManager.default.contentsOfDirectory(atPath: Self.seedFolder.path)
        #expect(Set(present) == Set(names), "seeds without a message, or messages without a seed")
    }

    @Test("a value of the wrong type is an error naming its key path")
    func wrongType() throws {
        // protocolVersion as a string: Appex's decoder must refuse it, not trap.
        let tree = PropertyListNode(.dictionary(PropertyListDictionary([
            .init(key: "protocolVersion", node: PropertyListNode(.string("1"))),
            .init(key: "processIdentifier", node: PropertyListNode(.integer(7))),
        ])))
        let frame = Frame(kind: .hello, payload: try tree.binaryData())
        #expect { _ = try WireMessage(frame) } throws: { error in
            let error = error as? WireProtocolError
            return error?.code == .malformed && error?.message.contains("protocolVersion") == true
        }
    }

    /// A well-formed binary property list (an empty dictionary), so that a frame built on it
    /// fails for its kind and not for its payload.
    static let emptyDictionary: Data = {
        (try? PropertyListNode(.dictionary(PropertyListDictionary([]))).binaryData()) ?? Data()
    }()

    static let garbage: [(String, Frame, WireProtocolError.Code, String)] = [
        ("noise", Frame(kind: .hello, payload: Data("not a plist".utf8)), .malformed, "hello"),
        ("xml", Frame(kind: .hello, payload: Data("<?xml version=\"1.0\"?><plist><dict/></plist>".utf8)), .malformed, "hello"),
        ("empty payload of an unknown kind", Frame(kind: Frame.Kind(rawValue: 200), payload: Data()), .malformed, "payload"),
        ("unknown kind", Frame(kind: Frame.Kind(rawValue: 200), payload: emptyDictionary), .unknownKind, "frame kind 200"),
    ]

    @Test("garbage frames are errors naming the message", arguments: garbage.map(\.0))
    func garbageFrames(_ name: String) throws {
        let (_, frame, code, named) = try #require(Self.garbage.first { $0.0 == name })
        #expect(frame.payload.isEmpty == name.hasPrefix("empty"), "the case's payload is what its name says")
        let error = try #require(throws: WireProtocolError.self) { _ = try WireMessage(frame) }
        #expect(error.code == code)
        #expect(error.message.contains(named), "\(error.message)")
    }

    @Test("a message with the wrong fields names the missing one")
    func wrongFields() throws {
        let frame = try WireMessage.hello(Hello(processIdentifier: 1)).frame()
        let misfiled = Frame(kind: .loadRequest, payload: frame.payload)
        #expect { _ = try WireMessage(misfiled) } throws: { error in
            let error = error as? WireProtocolError
            return error?.code == .malformed && error?.message.contains("load-request") == true && error?.message.contains("missing") == true
        }
    }

    @Test("compose-sheet and view-controller messages use the sheet's reserved range; no message uses the background-transfer one")
    func reservedRanges() {
        for (name, message) in WireMessageTests.messages {
            let kind = message.kind.rawValue
            #expect(Frame.Kind.composeSheetRange.contains(kind) == (name.hasPrefix("compose") || name.hasPrefix("view")), "\(name): kind \(kind)")
            #expect(!Frame.Kind.backgroundTransferRange.contains(kind), "\(name): kind \(kind)")
        }
    }
}
