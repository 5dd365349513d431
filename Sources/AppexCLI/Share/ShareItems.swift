import AppExtensions
import FileTypeSniffing
import Foundation

/// The items `appex share` hands the system: one extension item with a title and an
/// attachment per text, URL and file, in the order given. A file's type is read from its
/// content when its extension is absent or unknown (libmagic). Arguments may also be
/// `file://` URIs and http(s) links, as a file manager passes them.
enum ShareItems {
    static func build(texts: [String], urls: [String], files: [String], title: String?) throws(CommandFailure) -> [ExtensionItem] {
        var providers: [ItemProvider] = []
        for text in texts {
            providers.append(ItemProvider(item: .string(text), typeIdentifier: "public.plain-text"))
        }
        for text in urls {
            guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
                throw CommandFailure("--url \"\(text)\" is not a URL (expected something like https://www.swift.org)")
            }
            providers.append(ItemProvider(item: .url(url), typeIdentifier: url.isFileURL ? "public.file-url" : "public.url"))
        }
        for argument in files {
            // A file manager's "Open With" passes URIs (%U): file:// is the file, an
            // http(s) link is a URL.
            if let link = URL(string: argument), let scheme = link.scheme?.lowercased(), scheme == "http" || scheme == "https" {
                providers.append(ItemProvider(item: .url(link), typeIdentifier: "public.url"))
                continue
            }
            let path = argument.hasPrefix("file://") ? (URL(string: argument)?.path ?? argument) : argument
            let url = URL(fileURLWithPath: path)
            guard let provider = ItemProvider(contentsOf: url, detector: .sniffing) else {
                throw CommandFailure("cannot share \(path): no such file, or it cannot be read")
            }
            providers.append(provider)
        }
        guard !providers.isEmpty else {
            throw CommandFailure("nothing to share: give --text, --url or files")
        }
        let item = ExtensionItem()
        item.attributedTitle = title.map { NSAttributedString(string: $0) }
        item.attachments = providers
        return [item]
    }
}
