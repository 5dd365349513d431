import AppExtensions
import ExtensionHost
import Foundation

/// The host's Copy action: the shared text, URLs and file paths on the clipboard.
///
/// The text is every item's `attributedContentText`, then for each attachment its file's
/// path (a `public.file-url`), its URL (`public.url`) or its text (`public.text`), one a
/// line. Attachments with none of these (bytes only) are left out.
package enum CopyActivity {
    /// The activity (`appex.copy`, "Copy", ❐); it applies when some item has text or an
    /// attachment with a URL or text type.
    package static func make() -> ShareActivity {
        ShareActivity(activityType: ShareActivities.copyType, title: "Copy", symbol: "❐",
                      canPerform: { items in items.contains(where: isCopyable) }) { request in
            let text = await Self.text(of: request.items)
            guard !text.isEmpty else { throw ShareActivityError(.nothingToCopy, "the shared items hold no text, URL or file path to copy") }
            try await request.pasteboard.setString(text)
            let item = ExtensionItem()
            item.attachments = [ItemProvider(item: .string(text), typeIdentifier: "public.plain-text")]
            let count = text.count
            return ShareActivity.Result(message: "Copied \(count) character\(count == 1 ? "" : "s").", returnedItems: [item])
        }
    }

    /// The text Copy puts on the clipboard (see ``CopyActivity``).
    package static func text(of items: [ExtensionItem]) async -> String {
        var lines: [String] = []
        for item in items {
            if let content = item.attributedContentText?.string, !content.isEmpty { lines.append(content) }
            for provider in item.attachments ?? [] {
                if let line = await text(of: provider), !line.isEmpty { lines.append(line) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An attachment's line: its file's path, its URL, or its text.
    static func text(of provider: ItemProvider) async -> String? {
        // public.file-url conforms to public.url: a file arrives here as its URL.
        if provider.hasItemConformingToTypeIdentifier("public.url"),
           case .url(let url)? = try? await provider.loadValue(forTypeIdentifier: "public.url") {
            return url.isFileURL ? url.path : url.absoluteString
        }
        if provider.hasItemConformingToTypeIdentifier("public.text") {
            return try? await provider.loadItem(forTypeIdentifier: "public.text", as: String.self)
        }
        return nil
    }

    /// Whether `item` has something Copy takes.
    static func isCopyable(_ item: ExtensionItem) -> Bool {
        if let content = item.attributedContentText, !content.string.isEmpty { return true }
        return (item.attachments ?? []).contains { provider in
            provider.hasItemConformingToTypeIdentifier("public.url") || provider.hasItemConformingToTypeIdentifier("public.text")
        }
    }
}
