// Written here, for these tests; no other project's code. It has the shape of the helpers
// many iOS share extensions keep beside their view controller: an `extension NSItemProvider`
// with `isURL`-style computed properties asking `hasItemConformingToTypeIdentifier`, and
// loaders that take a completion handler and force-cast the loaded item (`as!`), trusting
// the type identifier they asked for, as iOS code does. Written against Apple's names, so
// the only iOS difference is the imports (iOS: Foundation, MobileCoreServices).
import AppExtensionsCompat
import Foundation

extension NSItemProvider {
    /// A web address (a browser's page), not a file: `public.file-url` conforms to
    /// `public.url`, so a file shared from a file manager answers `true` to both questions.
    var offersWebLink: Bool {
        hasItemConformingToTypeIdentifier(kUTTypeURL as String) && !offersFile
    }

    /// A file the host shares by its URL.
    var offersFile: Bool {
        hasItemConformingToTypeIdentifier(kUTTypeFileURL as String)
    }

    /// Text typed or selected in the host.
    var offersPlainText: Bool {
        hasItemConformingToTypeIdentifier(kUTTypePlainText as String)
    }

    /// Hands over the page's address and its host name (`nil` for an address without one).
    func readWebLink(then handler: @escaping (_ address: String, _ host: String?) -> Void) {
        loadItem(forTypeIdentifier: kUTTypeURL as String, options: nil) { item, _ in
            let link = item as! NSURL
            handler(link.absoluteString!, link.host)
        }
    }

    /// Hands over the file's name and its folder's path.
    func readFileName(then handler: @escaping (_ name: String, _ folder: String) -> Void) {
        loadItem(forTypeIdentifier: kUTTypeFileURL as String, options: nil) { item, _ in
            let file = item as! NSURL
            handler(file.lastPathComponent!, file.deletingLastPathComponent!.path)
        }
    }

    /// Hands over the text without the blank lines and spaces around it.
    func readPlainText(then handler: @escaping (String) -> Void) {
        loadItem(forTypeIdentifier: kUTTypePlainText as String, options: nil) { item, _ in
            let text = item as! String
            handler(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
