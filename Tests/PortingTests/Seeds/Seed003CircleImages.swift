// Seed 003 (nixzhu, dev-blog: a custom share extension's UI), verbatim but for the imports:
// `NSExtensionContext.circle_images(in:completion:)` collects the shared images, each with a
// preview and a file URL. The article prints the code on one line and its HTML turned `\(`
// into `/(`; here it is on lines again, with `\(` restored.
//
// Imports on iOS: UIKit, MobileCoreServices (kUTTypeImage). Here: AppExtensionsCompat (the
// NS names, kUTTypeImage, the UIImage stand-in); the helpers from outside the snippet
// (circle_alert, circle_fixed, YYKit's yy_imageByResize) are in Support/UIKitStandIns.swift; the view controller is
// ExtensionUI's.
import AppExtensionsCompat
import Foundation

struct ShareInfo {
    struct Image {
        let previewImage: UIImage
        let fileURL: URL
    }
    var images: [Image] = []
    //...
}

extension NSExtensionContext {

    func circle_images(in vc: UIViewController, completion: @escaping (_ images: [ShareInfo.Image]) -> Void) {

        let extensionContext = self

        guard let extensionItems = extensionContext.inputItems as? [NSExtensionItem] else {
            return completion([])
        }

        var images: [ShareInfo.Image] = []

        let imageTypeIdentifier = kUTTypeImage as String

        let group = DispatchGroup()

        for extensionItem in extensionItems {
            for attachment in extensionItem.attachments as! [NSItemProvider] {
                if attachment.hasItemConformingToTypeIdentifier(imageTypeIdentifier) {
                    group.enter()

                    var previewImage: UIImage?
                    var fileURL: URL?

                    let loadGroup = DispatchGroup()

                    loadGroup.enter()
                    attachment.loadPreviewImage(options: [:]) { secureCoding, _ in
                        defer {
                            loadGroup.leave()
                        }
                        previewImage = secureCoding as? UIImage
                    }

                    let previewImagePreferredSize = CGSize(width: 300, height: 300)

                    loadGroup.enter()
                    attachment.loadItem(forTypeIdentifier: imageTypeIdentifier, options: nil) { secureCoding, _ in
                        defer {
                            loadGroup.leave()
                        }
                        if let url = secureCoding as? URL {
                            fileURL = url
                        } else if let image = secureCoding as? UIImage {
                            if let data = UIImageJPEGRepresentation(image, 0.9) {
                                let imageName = "\(UUID().uuidString).jpg"
                                let tempImageURL = FileManager.default.temporaryDirectory.appendingPathComponent(imageName)
                                do {
                                    try data.write(to: tempImageURL)
                                    fileURL = tempImageURL
                                    let fixedSize = image.size.circle_fixed(forPreferredSize: previewImagePreferredSize)
                                    previewImage = image.yy_imageByResize(to: fixedSize)
                                } catch {
                                    vc.circle_alert(message: "\(error)")
                                }
                            }
                        }
                    }

                    loadGroup.notify(queue: .main) { [weak self] in
                        defer {
                            group.leave()
                        }
                        guard let fileURL = fileURL else {
                            return
                        }
                        if previewImage == nil {
                            if let image = UIImage(contentsOfFile: fileURL.path) {
                                let fixedSize = image.size.circle_fixed(forPreferredSize: previewImagePreferredSize)
                                previewImage = image.yy_imageByResize(to: fixedSize)
                            }
                        }
                        guard let previewImage = previewImage else {
                            return
                        }
                        let image = ShareInfo.Image(
                            previewImage: previewImage,
                            fileURL: fileURL
                        )
                        images.append(image)
                    }
                }
            }
        }

        group.notify(queue: .main) {
            completion(images)
        }
    }
}
