// A port of the seed document 003's `NSExtensionContext.circle_images` (an iOS share
// extension collecting the shared images), minus UIKit: images are file URLs or Data,
// the preview is the provider's preview image (Data), and resizing is left out.
// Differences from the original, each forced by Swift 6 or the missing UIKit:
// - the `var`s the closures assign become `Locked` boxes (closures run concurrently);
// - `attachments as! [NSItemProvider]` becomes `?? []` (no force cast);
// - `UIImageJPEGRepresentation(image, 0.9)` becomes the data itself;
// - `secureCoding as? URL` / `as? Data` cast to `NSURL` / `NSData` first: the same objects,
//   without Linux's "cast always fails" warning (docs/PORTING.md). Tests/PortingTests runs the
//   original unchanged, in the Swift 5 language mode.
import AppExtensionsCompat
import Dispatch
import Foundation
import Synchronization

struct ShareInfo {
    struct Image: Sendable {
        var previewImage: Data
        var fileURL: URL
    }
}

/// A mutable value that concurrently running closures may assign.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

extension NSExtensionContext {
    func circle_images(completion: @escaping @Sendable (_ images: [ShareInfo.Image]) -> Void) {
        let extensionContext = self
        let extensionItems = extensionContext.inputItems
        guard !extensionItems.isEmpty else { return completion([]) }
        let images = Locked<[ShareInfo.Image]>([])
        let imageTypeIdentifier = kUTTypeImage as String
        let group = DispatchGroup()
        for extensionItem in extensionItems {
            for attachment in extensionItem.attachments ?? [] {
                if attachment.hasItemConformingToTypeIdentifier(imageTypeIdentifier) {
                    group.enter()
                    let previewImage = Locked<Data?>(nil)
                    let fileURL = Locked<URL?>(nil)
                    let loadGroup = DispatchGroup()
                    loadGroup.enter()
                    attachment.loadPreviewImage(options: [:]) { secureCoding, _ in
                        defer { loadGroup.leave() }
                        previewImage.value = (secureCoding as? NSData).map { $0 as Data }
                    }
                    loadGroup.enter()
                    attachment.loadItem(forTypeIdentifier: imageTypeIdentifier, options: nil) { secureCoding, _ in
                        defer { loadGroup.leave() }
                        if let url = secureCoding as? NSURL {
                            fileURL.value = url as URL
                        } else if let data = (secureCoding as? NSData).map({ $0 as Data }) {
                            let imageName = "\(UUID().uuidString).jpg"
                            let tempImageURL = FileManager.default.temporaryDirectory.appendingPathComponent(imageName)
                            do {
                                try data.write(to: tempImageURL)
                                fileURL.value = tempImageURL
                                previewImage.value = data
                            } catch {
                                // The original shows an alert here.
                            }
                        }
                    }
                    loadGroup.notify(queue: .main) {
                        defer { group.leave() }
                        guard let fileURL = fileURL.value else { return }
                        if previewImage.value == nil {
                            if let image = try? Data(contentsOf: fileURL) {
                                previewImage.value = image
                            }
                        }
                        guard let previewImage = previewImage.value else { return }
                        let image = ShareInfo.Image(previewImage: previewImage, fileURL: fileURL)
                        images.value.append(image)
                    }
                }
            }
        }
        group.notify(queue: .main) {
            completion(images.value)
        }
    }
}
