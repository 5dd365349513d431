import AppExtensionsCompat
import Foundation
import Testing
import TypeIdentifiers

/// Apple's object API (iOS 11) and the `async` loads, in the Swift 6 language mode:
/// `NSItemProviderReading`/`Writing`, `loadObject(ofClass:)` in both of Apple's forms,
/// `init(object:)`, `registerObject(_:visibility:)`, `loadItem(…) async -> NSSecureCoding`.
@Suite(.timeLimit(.minutes(1)))
struct ItemProviderObjectTests {
    /// A provider and what `loadObject` makes of it, described as text.
    struct ObjectCase: CustomTestStringConvertible, Sendable {
        let name: String
        let provider: @Sendable (URL) throws -> ItemProvider
        let load: @Sendable (ItemProvider) async throws -> String
        let expected: String
        var testDescription: String { name }
    }

    static let objects: [ObjectCase] = [
        ObjectCase(name: "NSString from text", provider: { _ in NSItemProvider(item: "hello" as NSString, typeIdentifier: "public.plain-text") },
                   load: { try await object(NSString.self, $0) as String }, expected: "hello"),
        ObjectCase(name: "NSString from a URL: its absolute string", provider: { _ in web() },
                   load: { try await object(NSString.self, $0) as String }, expected: "https://swift.org"),
        ObjectCase(name: "NSString from UTF-16 bytes", provider: { _ in bytes("public.utf16-plain-text", "héllo".data(using: .utf16) ?? Data()) },
                   load: { try await object(NSString.self, $0) as String }, expected: "héllo"),
        ObjectCase(name: "NSURL from a URL", provider: { _ in web() },
                   load: { try await object(NSURL.self, $0).absoluteString }, expected: "https://swift.org"),
        ObjectCase(name: "NSURL from a shared file: the file's URL, not its contents", provider: { folder in
            try #require(NSItemProvider(contentsOf: folder.appendingPathComponent("notes.txt")))
        }, load: { try await object(NSURL.self, $0).lastPathComponent ?? "" }, expected: "notes.txt"),
        ObjectCase(name: "NSAttributedString from text", provider: { _ in NSItemProvider(item: "rich" as NSString, typeIdentifier: "public.text") },
                   load: { try await object(NSAttributedString.self, $0).string }, expected: "rich"),
        ObjectCase(name: "UIImage from PNG bytes", provider: { _ in bytes("public.png", pngHeader(width: 3, height: 2)) },
                   load: { "\(try await object(UIImage.self, $0).size)" }, expected: "\(CGSize(width: 3, height: 2))"),
        ObjectCase(name: "UIImage from a shared PNG file", provider: { folder in
            try #require(NSItemProvider(contentsOf: folder.appendingPathComponent("pixel.png")))
        }, load: { "\(try await object(UIImage.self, $0).size)" }, expected: "\(CGSize(width: 1, height: 1))"),
        ObjectCase(name: "an app's own class from its type's bytes", provider: { _ in bytes("public.vcard", Data("BEGIN:VCARD\nFN:Ada".utf8)) },
                   load: { try await object(Contact.self, $0).name }, expected: "Ada"),
        ObjectCase(name: "URL.self (the bridged form) hands a URL", provider: { _ in web() },
                   load: { try await bridged(URL.self, $0).absoluteString }, expected: "https://swift.org"),
        ObjectCase(name: "String.self (the bridged form) hands a String", provider: { _ in NSItemProvider(item: "plain" as NSString, typeIdentifier: "public.utf8-plain-text") },
                   load: { try await bridged(String.self, $0) }, expected: "plain"),
        ObjectCase(name: "loadTransferable(type: UIImage.self)", provider: { _ in bytes("public.png", pngHeader(width: 5, height: 4)) },
                   load: { "\(try await $0.loadTransferable(type: UIImage.self).size)" }, expected: "\(CGSize(width: 5, height: 4))"),
    ]

    @Test("loadObject(ofClass:) reads the first registered type the class reads", arguments: objects)
    func loadObject(_ c: ObjectCase) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("notes.txt", Data("the file's contents".utf8))
        _ = try folder.file("pixel.png", Self.pngHeader(width: 1, height: 1))
        #expect(try await c.load(try c.provider(folder.url)) == c.expected)
    }

    /// A `loadObject` that fails, and Apple's code.
    struct FailureCase: CustomTestStringConvertible, Sendable {
        let name: String
        let code: ItemProviderError.Code
        let load: @Sendable () async throws -> Void
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "NSURL from text only: nothing it reads is registered, -1000", code: .itemUnavailableError) {
            _ = try await object(NSURL.self, NSItemProvider(item: "swift.org" as NSString, typeIdentifier: "public.plain-text"))
        },
        FailureCase(name: "UIImage from bytes that are no image, -1100", code: .unexpectedValueClassError) {
            _ = try await object(UIImage.self, bytes("public.jpeg", Data("no".utf8)))
        },
        FailureCase(name: "a class that throws: -1100, its error underneath", code: .unexpectedValueClassError) {
            _ = try await object(Contact.self, bytes("public.vcard", Data("not a card".utf8)))
        },
        FailureCase(name: "URL.self from text only, -1000", code: .itemUnavailableError) {
            _ = try await bridged(URL.self, NSItemProvider(item: "swift.org" as NSString, typeIdentifier: "public.plain-text"))
        },
    ]

    @Test("loadObject fails with Apple's codes", arguments: failures)
    func loadObjectFailures(_ c: FailureCase) async {
        let error = await loadError { try await c.load() }
        #expect(error?.code == c.code)
    }

    /// A provider and the classes it can and cannot load.
    struct CanLoadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let provider: @Sendable () -> ItemProvider
        /// NSString, NSURL, UIImage, URL.self, String.self.
        let expected: [Bool]
        var testDescription: String { name }
    }

    static let canLoad: [CanLoadCase] = [
        CanLoadCase(name: "a web URL: text and URLs", provider: { web() }, expected: [true, true, false, true, true]),
        CanLoadCase(name: "text: text only", provider: { NSItemProvider(item: "t" as NSString, typeIdentifier: "public.plain-text") },
                    expected: [true, false, false, false, true]),
        CanLoadCase(name: "a JPEG: images only", provider: { bytes("public.jpeg", Data()) }, expected: [false, false, true, false, false]),
    ]

    @Test("canLoadObject(ofClass:) in both of Apple's forms", arguments: canLoad)
    func canLoadObject(_ c: CanLoadCase) {
        let provider = c.provider()
        #expect([provider.canLoadObject(ofClass: NSString.self), provider.canLoadObject(ofClass: NSURL.self),
                 provider.canLoadObject(ofClass: UIImage.self), provider.canLoadObject(ofClass: URL.self),
                 provider.canLoadObject(ofClass: String.self)] == c.expected)
    }

    /// An object a provider is made of, the types it registers and what a load hands back.
    struct WritingCase: CustomTestStringConvertible, Sendable {
        let name: String
        let object: @Sendable () throws -> any NSItemProviderWriting
        let types: [String]
        /// The first type's load, described.
        let loaded: @Sendable (ItemProvider, String) async throws -> String
        let expected: String
        var testDescription: String { name }
    }

    static let writing: [WritingCase] = [
        WritingCase(name: "a web NSURL: public.url, loadItem hands back an NSURL", object: { try #require(NSURL(string: "https://swift.org")) },
                    types: ["public.url"], loaded: { "\(try await secureCoding($0, $1) as? NSURL == NSURL(string: "https://swift.org"))" }, expected: "true"),
        WritingCase(name: "a file NSURL: public.file-url then public.url, the file's URL", object: { NSURL(fileURLWithPath: "/tmp/report.pdf") },
                    types: ["public.file-url", "public.url"], loaded: { (try await secureCoding($0, $1) as? NSURL)?.path ?? "" }, expected: "/tmp/report.pdf"),
        WritingCase(name: "an NSString: UTF-8 text, an NSString", object: { "hello" as NSString },
                    types: ["public.utf8-plain-text"], loaded: { (try await secureCoding($0, $1) as? NSString).map { $0 as String } ?? "" }, expected: "hello"),
        WritingCase(name: "an NSAttributedString: its text", object: { NSAttributedString(string: "bold", attributes: [.appexMark: "x"]) },
                    types: ["public.utf8-plain-text"], loaded: { String(decoding: try await $0.loadDataRepresentation(forTypeIdentifier: $1), as: UTF8.self) },
                    expected: "bold"),
        WritingCase(name: "a PNG UIImage: its bytes under public.png", object: { try #require(UIImage(data: pngHeader(width: 2, height: 2))) },
                    types: ["public.png"], loaded: { "\(try await $0.loadDataRepresentation(forTypeIdentifier: $1) == pngHeader(width: 2, height: 2))" },
                    expected: "true"),
        WritingCase(name: "an app's own class: the bytes its loadData gives", object: { Contact(name: "Ada") },
                    types: ["public.vcard"], loaded: { String(decoding: try await $0.loadDataRepresentation(forTypeIdentifier: $1), as: UTF8.self) },
                    expected: "BEGIN:VCARD\nFN:Ada"),
    ]

    @Test("init(object:) registers each type the object writes", arguments: writing)
    func initObject(_ c: WritingCase) async throws {
        let provider = NSItemProvider(object: try c.object())
        #expect(provider.registeredTypeIdentifiers == c.types)
        #expect(try await c.loaded(provider, try #require(c.types.first)) == c.expected)
    }

    @Test("registerObject(_:visibility:) appends the object's types with that visibility; a registered type keeps its place")
    func registerObject() async throws {
        let provider = NSItemProvider(item: "first" as NSString, typeIdentifier: "public.utf8-plain-text")
        let diagnostics = Recorder<String>()
        provider.diagnosticHandler = { diagnostics.record($0.code.rawValue) }
        provider.registerObject(NSURL(fileURLWithPath: "/tmp/a.txt"), visibility: .ownProcess)
        provider.registerObject("second" as NSString, visibility: .all)
        #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text", "public.file-url", "public.url"])
        #expect(provider.descriptor.registeredTypeIdentifiers == ["public.utf8-plain-text"], "own-process types are not shown to other processes")
        #expect(try await Self.object(NSString.self, provider) as String == "first")
        #expect(diagnostics.all == ["duplicate-registration"])
    }

    @Test("a UIImage provider does not re-encode: asking its bytes as another format fails with -1200")
    func imageDoesNotReencode() async throws {
        let image = try #require(UIImage(data: Self.pngHeader(width: 2, height: 2)))
        let provider = NSItemProvider()
        provider.registerObject(image, visibility: .all)
        provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg") { done in image.loadData(withTypeIdentifier: "public.jpeg", forItemProviderCompletionHandler: done) }
        let error = await loadError { _ = try await provider.loadDataRepresentation(forTypeIdentifier: "public.jpeg") }
        #expect(error?.code == .unavailableCoercionError)
    }

    /// A registered value and what the `async` `loadItem` hands back.
    struct AsyncCase: CustomTestStringConvertible, Sendable {
        let name: String
        let provider: @Sendable () -> ItemProvider
        let typeIdentifier: String
        let read: @Sendable (any NSSecureCoding) -> String?
        let expected: String
        var testDescription: String { name }
    }

    static let asyncItems: [AsyncCase] = [
        AsyncCase(name: "a URL: `as? NSURL`", provider: { web() }, typeIdentifier: "public.url",
                  read: { ($0 as? NSURL)?.absoluteString }, expected: "https://swift.org"),
        AsyncCase(name: "a URL: `as? URL`", provider: { web() }, typeIdentifier: "public.url",
                  read: { ($0 as Any as? URL)?.host }, expected: "swift.org"),
        AsyncCase(name: "text: `as? String`", provider: { NSItemProvider(item: "hi" as NSString, typeIdentifier: "public.plain-text") },
                  typeIdentifier: "public.text", read: { $0 as Any as? String }, expected: "hi"),
        AsyncCase(name: "Safari's results: `as? [String: Any]`", provider: {
            NSItemProvider(item: [NSExtensionJavaScriptPreprocessingResultsKey: ["title": "Swift"]] as NSDictionary, typeIdentifier: "com.apple.property-list")
        }, typeIdentifier: "com.apple.property-list",
                  read: { (($0 as Any as? [String: Any])?[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any])?["title"] as? String },
                  expected: "Swift"),
    ]

    @Test("`try await loadItem(forTypeIdentifier:)` answers NSSecureCoding where AppExtensionsCompat is imported", arguments: asyncItems)
    func asyncLoadItem(_ c: AsyncCase) async throws {
        let item = try await c.provider().loadItem(forTypeIdentifier: c.typeIdentifier)
        #expect(c.read(item) == c.expected)
    }

    @Test("the async loadItem's object may be used on the main actor (it is `sending`)")
    @MainActor
    func asyncLoadItemOnTheMainActor() async throws {
        let item = try await Self.web().loadItem(forTypeIdentifier: "public.url", options: nil)
        let url = try #require(item as? NSURL)
        #expect(url.host == "swift.org")
        let error = await #expect(throws: ItemProviderError.self) { try await Self.web().loadItem(forTypeIdentifier: "public.jpeg") }
        #expect(error?.code == .itemUnavailableError)
    }

    @Test("the async loadPreviewImage answers the handler's data as NSData")
    func asyncPreview() async throws {
        let provider = Self.web()
        provider.previewImageHandler = { completion, _, _ in completion(.data(Self.pngHeader(width: 8, height: 8)), nil) }
        let preview = try await provider.loadPreviewImage(options: [:])
        #expect((preview as? NSData).map { $0 as Data } == Self.pngHeader(width: 8, height: 8))
    }

    // MARK: Helpers

    static func web() -> ItemProvider {
        NSItemProvider(item: NSURL(string: "https://swift.org"), typeIdentifier: "public.url")
    }

    static func bytes(_ typeIdentifier: String, _ data: Data) -> ItemProvider {
        let provider = NSItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: typeIdentifier) { done in
            done(data, nil)
            return nil
        }
        return provider
    }

    /// A PNG's signature and header chunk: enough for the UIImage stand-in's size.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [8, 6, 0, 0, 0])
        return data
    }

    /// An object of `aClass` from Apple's `loadObject(ofClass:completionHandler:)`.
    static func object<T: NSItemProviderReading & SendableMetatype>(_ aClass: T.Type, _ provider: ItemProvider) async throws -> T {
        let result: Unchecked<Result<T, any Error>> = await withCheckedContinuation { continuation in
            provider.loadObject(ofClass: aClass) { object, error in
                if let object = object as? T { continuation.resume(returning: Unchecked(.success(object))) }
                else { continuation.resume(returning: Unchecked(.failure(error ?? ItemProviderError(.unknownError, "no object, no error")))) }
            }
        }
        return try result.value.get()
    }

    /// A Swift value from Apple's bridged `loadObject(ofClass: URL.self)` form.
    static func bridged<T: Sendable>(_ type: T.Type, _ provider: ItemProvider) async throws -> T
    where T: _ObjectiveCBridgeable & SendableMetatype, T._ObjectiveCType: NSItemProviderReading {
        try await withCheckedThrowingContinuation { continuation in
            provider.loadObject(ofClass: type) { (value: T?, error: (any Error)?) in
                if let value { continuation.resume(returning: value) }
                else { continuation.resume(throwing: error ?? ItemProviderError(.unknownError, "no value, no error")) }
            }
        }
    }

    /// The item the `async` `loadItem` hands out.
    static func secureCoding(_ provider: ItemProvider, _ typeIdentifier: String) async throws -> any NSSecureCoding {
        try await provider.loadItem(forTypeIdentifier: typeIdentifier)
    }
}

/// A class of the app's own, read from and written as a minimal vCard.
final class Contact: NSObject, NSItemProviderReading, NSItemProviderWriting {
    let name: String
    init(name: String) { self.name = name }

    static var readableTypeIdentifiersForItemProvider: [String] { ["public.vcard"] }
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.first == "BEGIN:VCARD", let name = lines.first(where: { $0.hasPrefix("FN:") })?.dropFirst(3) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return Self(name: String(name))
    }

    static var writableTypeIdentifiersForItemProvider: [String] { ["public.vcard"] }
    func loadData(withTypeIdentifier typeIdentifier: String,
                  forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        completionHandler(Data("BEGIN:VCARD\nFN:\(name)".utf8), nil)
        return nil
    }
}

/// A value handed from the load's queue to the test, which alone uses it afterwards.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
