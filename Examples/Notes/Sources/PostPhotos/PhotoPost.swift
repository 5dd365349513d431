// Post Photos: seed document 003's custom share UI, with its Apple names where it has
// them. The page shows the shared images with a caption field and a Post button; this code
// decides. As in the seed, the images are kept as file URLs (a copy in the extension's own
// temporary folder), not decoded into memory; the page gets a preview of each. Post leaves
// the caption and the images in the Notes app group's inbox, then completes the request.
import AppExtensions
import AppGroups
import Foundation
import TypeIdentifiers

struct PhotoPost: WebInterfaceRequestHandling {
    static let group = "group.com.example.notes"
    /// Images larger than this are posted but not previewed (the page says so).
    static let largestPreview = 4 << 20

    /// What the page sends: `ready`, `post` (with its caption) or `cancel`.
    struct Incoming: Decodable {
        var type: String
        var caption: String?
    }

    /// One image as the page shows it.
    struct Photo: Encodable {
        var name: String
        /// A `data:` URL, or `nil` when the image is too large to preview.
        var preview: String?
    }

    /// What this sends the page.
    struct Outgoing: Encodable {
        var type: String
        var photos: [Photo]?
        var message: String?
    }

    /// An image kept for posting.
    struct Kept: Sendable {
        var url: URL
        var typeIdentifier: String
        var name: String
    }

    func beginRequest(with context: ExtensionContext, interface: WebInterface) async {
        var kept: [Kept] = []
        for await message in interface.messages {
            guard let incoming = try? message.decode(Incoming.self) else { continue }
            switch incoming.type {
            case "ready":
                let (images, photos) = await Self.images(of: context)
                kept = images
                try? await interface.post(Outgoing(type: "photos", photos: photos))
            case "post":
                do {
                    let caption = incoming.caption?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    let inbox = try ShareInbox(groupIdentifier: Self.group)
                    let id = try inbox.append(InboxShare(
                        text: caption, sourceExtensionIdentifier: "com.example.notes.PostPhotos",
                        attachments: kept.map { .file($0.url, typeIdentifier: $0.typeIdentifier, suggestedName: $0.name) }))
                    FileHandle.standardError.write(Data("PostPhotos: saved \(kept.count) photos as share \(id)\n".utf8))
                    let item = ExtensionItem()
                    item.attributedContentText = NSAttributedString(string: "\(caption) (\(kept.count) photo\(kept.count == 1 ? "" : "s"))")
                    context.completeRequest(returningItems: [item])
                    return
                } catch {
                    // The page shows it; the person may try again or cancel.
                    try? await interface.post(Outgoing(type: "error", message: "The post could not be saved: \(error)"))
                }
            case "cancel":
                context.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
                return
            default:
                continue
            }
        }
    }

    /// Every image of the request, copied into this process's temporary folder, and its
    /// preview for the page.
    static func images(of context: ExtensionContext) async -> ([Kept], [Photo]) {
        var kept: [Kept] = []
        var photos: [Photo] = []
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PostPhotos-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for provider in context.inputItems.flatMap({ $0.attachments ?? [] }) where provider.hasItemConformingToTypeIdentifier("public.image") {
            guard let type = provider.registeredTypeIdentifiers.first(where: { UTType($0)?.conforms(to: .image) == true }) else { continue }
            let name = provider.suggestedName ?? "Photo \(kept.count + 1)"
            let copy = folder.appendingPathComponent("\(kept.count)-\(name)")
            guard (try? await provider.loadFileRepresentation(forTypeIdentifier: type, { url in
                try FileManager.default.copyItem(at: url, to: copy)
            })) != nil else { continue }
            kept.append(Kept(url: copy, typeIdentifier: type, name: name))
            var preview: String?
            if let size = (try? FileManager.default.attributesOfItem(atPath: copy.path))?[.size] as? Int, size <= largestPreview,
               let data = FileManager.default.contents(atPath: copy.path) {
                preview = "data:\(UTType(type)?.preferredMIMEType ?? "image/png");base64,\(data.base64EncodedString())"
            }
            photos.append(Photo(name: name, preview: preview))
        }
        return (kept, photos)
    }
}
