import AppExtensionsCompat
import Foundation
import Testing
import TypeIdentifiers

/// The item-provider API of iOS 11–16 as iOS code calls it, in the Swift 5 language mode:
/// each case's body is written as an iOS extension writes it (`UniformTypeIdentifiers` is
/// `TypeIdentifiers` here), and answers what it found as text.
@Suite(.timeLimit(.minutes(1)))
struct ItemProviderModernShapeTests {
    /// Files a host shares: a JPEG and a PNG in a temporary folder.
    struct Shared {
        let jpeg: URL
        let png: URL
    }

    /// One piece of iOS code and what it finds.
    struct ShapeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let run: @Sendable (Shared) async throws -> String
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [ShapeCase] = [
        ShapeCase(name: "registeredContentTypes(conformingTo: .image)", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.jpeg)!
            let types = provider.registeredContentTypes(conformingTo: .image)
            return types.map(\.identifier).joined(separator: ", ") + " of " + provider.registeredContentTypes.map(\.identifier).joined(separator: ", ")
        }, expected: "public.jpeg of public.jpeg, public.file-url"),
        ShapeCase(name: "hasItemConformingToTypeIdentifier, hasRepresentationConforming(toTypeIdentifier:fileOptions:)", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.jpeg)!
            let image = provider.hasItemConformingToTypeIdentifier(UTType.image.identifier)
            let inPlace = provider.hasRepresentationConforming(toTypeIdentifier: UTType.image.identifier, fileOptions: .openInPlace)
            let url = provider.hasRepresentationConforming(toTypeIdentifier: UTType.fileURL.identifier, fileOptions: [])
            return "\(image) \(inPlace) \(url) \(provider.suggestedName ?? "-")"
        }, expected: "true true true photo.jpg"),
        ShapeCase(name: "loadDataRepresentation(for: .png) then UIImage(data:)", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.png)!
            return await withCheckedContinuation { continuation in
                _ = provider.loadDataRepresentation(for: .png) { data, error in
                    if let data = data, let image = UIImage(data: data) {
                        continuation.resume(returning: "\(Int(image.size.width))x\(Int(image.size.height))")
                    } else {
                        continuation.resume(returning: "error: \(String(describing: error))")
                    }
                }
            }
        }, expected: "4x3"),
        ShapeCase(name: "loadFileRepresentation(for:openInPlace:) { url, openedInPlace, error in }", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.jpeg)!
            return await withCheckedContinuation { continuation in
                provider.loadFileRepresentation(for: .jpeg, openInPlace: true) { url, openedInPlace, error in
                    continuation.resume(returning: "\(url?.lastPathComponent ?? "-") \(openedInPlace) \(url == shared.jpeg)")
                }
            }
        }, expected: "photo.jpg true true"),
        ShapeCase(name: "loadInPlaceFileRepresentation(forTypeIdentifier:)", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.jpeg)!
            return await withCheckedContinuation { continuation in
                provider.loadInPlaceFileRepresentation(forTypeIdentifier: UTType.jpeg.identifier) { url, isInPlace, error in
                    continuation.resume(returning: "\(isInPlace) \(url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false)")
                }
            }
        }, expected: "true true"),
        ShapeCase(name: "canLoadObject(ofClass: UIImage.self), loadObject(ofClass: UIImage.self) { image, error in }", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.jpeg)!
            guard provider.canLoadObject(ofClass: UIImage.self) else { return "cannot" }
            return await withCheckedContinuation { continuation in
                provider.loadObject(ofClass: UIImage.self) { image, error in
                    let image = image as? UIImage
                    continuation.resume(returning: "\(image.map { "\(Int($0.size.width))x\(Int($0.size.height))" } ?? "nil")")
                }
            }
        }, expected: "6x5"),
        ShapeCase(name: "loadObject(ofClass: URL.self) { url, error in } (url: URL?)", run: { _ in
            let provider = NSItemProvider(item: NSURL(string: "https://swift.org/blog"), typeIdentifier: UTType.url.identifier)
            var found: URL?
            _ = await withCheckedContinuation { continuation in
                _ = provider.loadObject(ofClass: URL.self) { url, error in
                    found = url
                    continuation.resume()
                }
            }
            return found?.path ?? "nil"
        }, expected: "/blog"),
        ShapeCase(name: "loadObject(ofClass: NSString.self) then `as? String`, and String.self", run: { _ in
            let provider = NSItemProvider(object: "Hello from the app" as NSString)
            let viaClass: String? = await withCheckedContinuation { continuation in
                provider.loadObject(ofClass: NSString.self) { string, error in continuation.resume(returning: string as? String) }
            }
            let viaString: String? = await withCheckedContinuation { continuation in
                provider.loadObject(ofClass: String.self) { string, error in continuation.resume(returning: string) }
            }
            return "\(viaClass ?? "nil") | \(viaString ?? "nil")"
        }, expected: "Hello from the app | Hello from the app"),
        ShapeCase(name: "NSItemProvider(object: image), registerObject(url as NSURL, visibility: .all)", run: { shared in
            let image = UIImage(contentsOfFile: shared.png.path)!
            let provider = NSItemProvider(object: image)
            provider.registerObject(URL(string: "https://swift.org")! as NSURL, visibility: .all)
            provider.suggestedName = "Screenshot.png"
            return provider.registeredTypeIdentifiers.joined(separator: ", ")
        }, expected: "public.png, public.url"),
        ShapeCase(name: "loadTransferable(type: Data.self) { result in switch result { … } }", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.png)!
            return await withCheckedContinuation { continuation in
                _ = provider.loadTransferable(type: Data.self) { result in
                    switch result {
                    case .success(let data): continuation.resume(returning: "\(data.count) bytes")
                    case .failure(let error): continuation.resume(returning: "error: \(error)")
                    }
                }
            }
        }, expected: "33 bytes"),
        ShapeCase(name: "loadTransferable(type: UIImage.self) and (type: URL.self)", run: { shared in
            let provider = NSItemProvider(contentsOf: shared.png)!
            let image = try await provider.loadTransferable(type: UIImage.self)
            let url = try await provider.loadTransferable(type: URL.self)
            return "\(Int(image.size.width)) \(url.lastPathComponent)"
        }, expected: "4 pixel.png"),
        ShapeCase(name: "`let item = try await provider.loadItem(forTypeIdentifier:)`, then `as? URL` and `as? NSURL`", run: { _ in
            let provider = NSItemProvider(item: NSURL(string: "https://swift.org"), typeIdentifier: "public.url")
            let item = try await provider.loadItem(forTypeIdentifier: "public.url")
            let url = item as? URL
            let nsurl = item as? NSURL
            return "\(url?.host ?? "nil") \(nsurl?.absoluteString ?? "nil")"
        }, expected: "swift.org https://swift.org"),
        ShapeCase(name: "NSExtensionItem.attributedTitle and attributedContentText are NSAttributedString", run: { _ in
            let item = NSExtensionItem()
            item.attributedTitle = NSAttributedString(string: "Swift.org")
            item.attributedContentText = NSAttributedString(string: "Check this out")
            let text: NSAttributedString? = item.attributedContentText
            return "\(item.attributedTitle!.string): \(text?.string ?? "")"
        }, expected: "Swift.org: Check this out"),
        ShapeCase(name: "NSExtensionContext(): no input items, completeRequest answers not expired", run: { _ in
            let context = NSExtensionContext()
            let expired: Bool = await withCheckedContinuation { continuation in
                context.completeRequest(returningItems: [], completionHandler: { expired in continuation.resume(returning: expired) })
            }
            return "\(context.inputItems.count) \(expired)"
        }, expected: "0 false"),
    ]

    @Test("iOS 11–16 item-provider code compiles with its imports changed and finds what iOS finds", arguments: cases)
    func shape(_ shapeCase: ShapeCase) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let shared = Shared(jpeg: try folder.file("photo.jpg", ImageSamples.jpeg(width: 6, height: 5)),
                            png: try folder.file("pixel.png", ImageSamples.png(width: 4, height: 3)))
        #expect(try await shapeCase.run(shared) == shapeCase.expected)
    }
}
