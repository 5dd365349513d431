// wallabag/ios-app, bagit/NSItemProvider.swift (commit 61fdbfb2427dd3556312de1b6e6dde404048f031),
// the share extension of corpus plist 033: verbatim but for the imports (iOS: Foundation,
// MobileCoreServices).
import AppExtensionsCompat
import Foundation

extension NSItemProvider {
    var isText: Bool {
        hasItemConformingToTypeIdentifier(kUTTypePlainText as String)
    }

    var isURL: Bool {
        hasItemConformingToTypeIdentifier(kUTTypeURL as String)
    }

    func getUrl(completion: @escaping (String) -> Void) {
        loadItem(forTypeIdentifier: kUTTypeURL as String, options: nil) { (url, _) -> Void in
            completion((url as? NSURL)!.absoluteString!)
        }
    }

    // swiftlint:disable force_cast
    func getText(completion: @escaping (String) -> Void) {
        loadItem(forTypeIdentifier: kUTTypePlainText as String, options: nil) { (text, _) -> Void in
            completion(text as! String)
        }
    }
}
