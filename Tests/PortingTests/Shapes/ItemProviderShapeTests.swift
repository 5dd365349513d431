import AppExtensionsCompat
import Foundation
import Testing

/// Apple's NSItemProvider shapes: the items iOS code registers, what its loads hand out, and
/// the errors they fail with.
@Suite(.timeLimit(.minutes(1)))
struct ItemProviderShapeTests {
    /// An item registered with `init(item:typeIdentifier:)` and what a load hands back.
    struct ItemCase: CustomTestStringConvertible, Sendable {
        let name: String
        let typeIdentifier: String
        let item: @Sendable () throws -> any NSSecureCoding
        /// The class iOS hands out for it.
        let deliveredClass: AnyClass
        /// Whether the delivered object is the value, read as iOS code reads it.
        let isTheValue: @Sendable (any NSSecureCoding) -> Bool
        var testDescription: String { name }
    }

    static let items: [ItemCase] = [
        ItemCase(name: "NSURL (the issue's example): an NSURL, also `as? URL`", typeIdentifier: "public.url",
                 item: { try #require(NSURL(string: "https://www.swift.org")) }, deliveredClass: NSURL.self,
                 isTheValue: { ($0 as? NSURL)?.absoluteString == "https://www.swift.org" && ($0 as Any as? URL)?.host == "www.swift.org" }),
        ItemCase(name: "a file NSURL: an NSURL", typeIdentifier: "public.file-url",
                 item: { NSURL(fileURLWithPath: "/tmp/report.pdf") }, deliveredClass: NSURL.self,
                 isTheValue: { ($0 as? NSURL)?.path == "/tmp/report.pdf" }),
        ItemCase(name: "\"hello\" as NSString (the issue's example): an NSString, also `as? String`", typeIdentifier: "public.plain-text",
                 item: { "hello" as NSString }, deliveredClass: NSString.self,
                 isTheValue: { ($0 as Any as? String) == "hello" }),
        ItemCase(name: "NSData: an NSData", typeIdentifier: "public.data",
                 item: { Data([1, 2, 3]) as NSData }, deliveredClass: NSData.self,
                 isTheValue: { ($0 as Any as? Data) == Data([1, 2, 3]) }),
        ItemCase(name: "an integer NSNumber", typeIdentifier: "com.apple.property-list",
                 item: { NSNumber(value: 42) }, deliveredClass: NSNumber.self,
                 isTheValue: { ($0 as? NSNumber)?.intValue == 42 }),
        ItemCase(name: "a Boolean NSNumber stays a Boolean", typeIdentifier: "com.apple.property-list",
                 item: { NSNumber(value: true) }, deliveredClass: NSNumber.self,
                 isTheValue: { ($0 as? NSNumber).map { String(cString: $0.objCType) == "c" && $0.boolValue } ?? false }),
        ItemCase(name: "a real NSNumber", typeIdentifier: "com.apple.property-list",
                 item: { NSNumber(value: 2.5) }, deliveredClass: NSNumber.self,
                 isTheValue: { ($0 as? NSNumber)?.doubleValue == 2.5 }),
        ItemCase(name: "NSDate: an NSDate", typeIdentifier: "com.apple.property-list",
                 item: { NSDate(timeIntervalSince1970: 1_700_000_000) }, deliveredClass: NSDate.self,
                 isTheValue: { ($0 as Any as? Date) == Date(timeIntervalSince1970: 1_700_000_000) }),
        ItemCase(name: "NSArray: an NSArray of the same", typeIdentifier: "com.apple.property-list",
                 item: { NSArray(array: ["a" as NSString, NSNumber(value: 1)]) }, deliveredClass: NSArray.self,
                 isTheValue: { value in
                     guard let array = value as Any as? [Any], array.count == 2 else { return false }
                     return array[0] as? String == "a" && array[1] as? Int == 1
                 }),
        ItemCase(name: "Safari's results as NSDictionary: an NSDictionary of NSDictionary", typeIdentifier: "com.apple.property-list",
                 item: { [NSExtensionJavaScriptPreprocessingResultsKey: ["title": "Swift.org", "count": 3]] as NSDictionary },
                 deliveredClass: NSDictionary.self,
                 isTheValue: { value in
                     let results = (value as? NSDictionary)?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
                     return results?["title"] as? String == "Swift.org" && results?["count"] as? Int == 3
                 }),
        ItemCase(name: "a UIImage: its bytes, an NSData (iOS: a UIImage)", typeIdentifier: "public.png",
                 item: { try #require(UIImage(data: ImageSamples.png(width: 2, height: 2))) }, deliveredClass: NSData.self,
                 isTheValue: { ($0 as Any as? Data) == ImageSamples.png(width: 2, height: 2) }),
    ]

    @Test("init(item:typeIdentifier:) with an NSSecureCoding item; loadItem hands back its class", arguments: items)
    func registersAndLoads(_ itemCase: ItemCase) async throws {
        let provider = NSItemProvider(item: try itemCase.item(), typeIdentifier: itemCase.typeIdentifier)
        #expect(provider.registeredTypeIdentifiers == [itemCase.typeIdentifier])
        let (item, error) = await Self.load(provider, itemCase.typeIdentifier)
        #expect(error == nil)
        let loaded = try #require(item)
        #expect((loaded as? NSObject)?.isKind(of: itemCase.deliveredClass) == true, "delivered \(type(of: loaded))")
        #expect(itemCase.isTheValue(loaded), "delivered \(loaded)")
    }

    @Test("an item with no property-list form registers nothing; a nil item registers nothing")
    func unsupportedItems() {
        #expect(NSItemProvider(item: Sticker(), typeIdentifier: "com.example.sticker").registeredTypeIdentifiers.isEmpty)
        #expect(NSItemProvider(item: nil as (any NSSecureCoding)?, typeIdentifier: "public.url").registeredTypeIdentifiers.isEmpty)
    }

    @Test("the closure shapes iOS code writes all compile and receive the item")
    func closureShapes() async throws {
        let url = try #require(NSURL(string: "https://swift.org"))
        let provider = NSItemProvider(item: url, typeIdentifier: "public.url")
        let typed: (any NSSecureCoding)? = await withCheckedContinuation { continuation in
            provider.loadItem(forTypeIdentifier: "public.url", options: nil, completionHandler: { (item: NSSecureCoding?, error: Error!) in
                continuation.resume(returning: item)
            })
        }
        let untyped: (any NSSecureCoding)? = await withCheckedContinuation { continuation in
            provider.loadItem(forTypeIdentifier: "public.url", options: [:]) { item, _ in continuation.resume(returning: item) }
        }
        let handler: NSItemProvider.CompletionHandler = { _, _ in }
        provider.loadItem(forTypeIdentifier: "public.url", options: nil, completionHandler: handler)
        #expect((typed as? NSURL)?.absoluteString == "https://swift.org")
        #expect((untyped as? NSURL)?.absoluteString == "https://swift.org")
    }

    /// A load that fails, and Apple's code for it.
    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let code: Int
        let fail: @Sendable () async throws -> (any Error)?
        var testDescription: String { name }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(name: "a type nobody registered: -1000", code: NSItemProviderItemUnavailableError) {
            let url = try #require(NSURL(string: "https://swift.org"))
            return await load(NSItemProvider(item: url, typeIdentifier: "public.url"), "public.jpeg").error
        },
        ErrorCase(name: "a handler's own error: -1000, with it underneath", code: NSItemProviderItemUnavailableError) {
            let provider = NSItemProvider()
            provider.registerItem(forTypeIdentifier: "public.jpeg") { completionHandler, _, _ in
                completionHandler?(nil, NSError(domain: NSCocoaErrorDomain, code: NSFileReadNoPermissionError))
            }
            let error = await load(provider, "public.jpeg").error
            let underlying = (error as NSError?)?.userInfo[NSUnderlyingErrorKey] as? NSError
            return underlying?.code == NSFileReadNoPermissionError ? error : nil
        },
        ErrorCase(name: "a handler answering an object with no property-list form: -1100", code: NSItemProviderUnexpectedValueClassError) {
            let provider = NSItemProvider()
            provider.registerItem(forTypeIdentifier: "com.example.sticker") { completionHandler, _, _ in
                completionHandler?(Sticker(), nil)
            }
            return await load(provider, "com.example.sticker").error
        },
        ErrorCase(name: "bytes of a number, which has no coercion to Data: -1200", code: NSItemProviderUnavailableCoercionError) {
            let provider = NSItemProvider(item: NSNumber(value: 7), typeIdentifier: "public.item")
            return await withCheckedContinuation { continuation in
                provider.loadDataRepresentation(forTypeIdentifier: "public.item") { _, error in continuation.resume(returning: error) }
            }
        },
        ErrorCase(name: "a preview with no previewImageHandler: -1000", code: NSItemProviderItemUnavailableError) {
            let provider = NSItemProvider(item: "text" as NSString, typeIdentifier: "public.plain-text")
            return await withCheckedContinuation { continuation in
                provider.loadPreviewImage(options: [:]) { _, error in continuation.resume(returning: error) }
            }
        },
        ErrorCase(name: "a preview that is text: -1100", code: NSItemProviderUnexpectedValueClassError) {
            let provider = NSItemProvider(item: "text" as NSString, typeIdentifier: "public.plain-text")
            provider.previewImageHandler = { completion, _, _ in completion(.string("not an image"), nil) }
            return await withCheckedContinuation { continuation in
                provider.loadPreviewImage(options: nil) { _, error in continuation.resume(returning: error) }
            }
        },
    ]

    @Test("failures carry NSItemProviderErrorDomain and Apple's code", arguments: errors)
    func failures(_ errorCase: ErrorCase) async throws {
        let error = try #require(try await errorCase.fail() as NSError?)
        #expect(error.domain == NSItemProviderErrorDomain)
        #expect(error.code == errorCase.code)
        #expect(NSItemProvider.ErrorCode(rawValue: error.code) == NSItemProvider.ErrorCode(rawValue: errorCase.code))
    }

    @Test("Apple's registerItem: the handler gets the class a typed load expects and the options as iOS passes them")
    func appleLoadHandler() async throws {
        let seen = Recorder<String>()
        let provider = NSItemProvider()
        provider.registerItem(forTypeIdentifier: "public.plain-text") { completionHandler, expectedValueClass, options in
            let size = (options?[NSItemProviderPreferredImageSizeKey] as? NSValue)?.cgSizeValue
            seen.record("\(expectedValueClass.map { "\($0)" } ?? "nil") \(size.map { "\(Int($0.width))x\(Int($0.height))" } ?? "-")")
            completionHandler?("hello" as NSString, nil)
        }
        let (item, _) = await Self.load(provider, "public.plain-text",
                                        options: [NSItemProviderPreferredImageSizeKey: NSValue(cgSize: CGSize(width: 300, height: 200))])
        let data = try await withCheckedThrowingContinuation { continuation in
            provider.loadDataRepresentation(forTypeIdentifier: "public.plain-text") { data, error in
                if let data { continuation.resume(returning: data) } else { continuation.resume(throwing: error ?? CocoaError(.fileReadUnknown)) }
            }
        }
        #expect((item as? NSString).map { $0 as String } == "hello")
        #expect(data == Data("hello".utf8))
        #expect(seen.all == ["nil 300x200", "NSData -"])
    }

    @Test("loadPreviewImage: the handler's data as NSData, with the preferred size passed on")
    func previewImage() async throws {
        let provider = NSItemProvider(item: "text" as NSString, typeIdentifier: "public.plain-text")
        provider.previewImageHandler = { completion, _, options in
            let size = options.preferredImageSize ?? .zero
            completion(.data(ImageSamples.png(width: Int(size.width), height: Int(size.height))), nil)
        }
        let preview: (any NSSecureCoding)? = await withCheckedContinuation { continuation in
            provider.loadPreviewImage(options: [NSItemProviderPreferredImageSizeKey: NSValue(cgSize: CGSize(width: 64, height: 48))]) { item, _ in
                continuation.resume(returning: item)
            }
        }
        let data = try #require(preview as? NSData)
        #expect(preview as? UIImage == nil)
        #expect(UIImage(data: data as Data)?.size == CGSize(width: 64, height: 48))
    }

    /// Loads `typeIdentifier` with Apple's completion handler.
    static func load(_ provider: NSItemProvider, _ typeIdentifier: String,
                     options: [AnyHashable: Any]? = nil) async -> (item: (any NSSecureCoding)?, error: (any Error)?) {
        await withCheckedContinuation { continuation in
            provider.loadItem(forTypeIdentifier: typeIdentifier, options: options) { item, error in
                continuation.resume(returning: (item, error))
            }
        }
    }
}

/// A class of the app's own that iOS could archive but that has no property-list form.
final class Sticker: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() {}
    init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}
