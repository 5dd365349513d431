import AppExtensions
import ExtensionHost
import Foundation

/// The host's Save to folder… action: each attachment becomes a file in the chosen folder.
///
/// - a file (`public.file-url`): a copy, named as the file (or its suggested name, when
///   that has an extension);
/// - a web URL (`public.url`): an Internet shortcut, `<suggested name, else the host>.url`
///   (`[InternetShortcut]` / `URL=…`, which browsers and file managers open);
/// - text (`public.text`): `<suggested name, else "Text">.txt`, UTF-8;
/// - anything else: its first registered type as a file (`loadInPlaceFileRepresentation`).
///
/// Files never replace one already there (see ``FolderSaver``): a taken name gets " 2",
/// " 3", … before its extension. An item's `attributedContentText` is not saved.
package enum SaveToFolderActivity {
    /// The activity (`appex.save-to-folder`, "Save to folder…", ↓), asking for a folder and
    /// suggesting `suggestedFolder`; it applies when some item has an attachment.
    package static func make(suggestedFolder: String) -> ShareActivity {
        ShareActivity(activityType: ShareActivities.saveToFolderType, title: "Save to folder…", symbol: "↓",
                      input: .folder(suggested: suggestedFolder),
                      canPerform: { items in items.contains { !($0.attachments ?? []).isEmpty } }) { request in
            try await save(request.items, to: request.folder)
        }
    }

    /// Saves every attachment of `items` into `folder`: "Saved N files to FOLDER", with one
    /// returned item whose attachments are the saved files.
    package static func save(_ items: [ExtensionItem], to folder: URL?) async throws(ShareActivityError) -> ShareActivity.Result {
        guard let folder else { throw ShareActivityError(.noFolder, "Save to folder… needs a folder") }
        let path = folder.standardizedFileURL.path
        let saver = try await Offload.perform { () throws(ShareActivityError) in try FolderSaver(checking: path) }
        let providers = items.flatMap { $0.attachments ?? [] }
        guard !providers.isEmpty else { throw ShareActivityError(.nothingToSave, "the shared items have no attachment to save") }
        var saved: [String] = []
        for provider in providers {
            saved.append(try await save(provider, with: saver))
        }
        let paths = saved
        let attachments = await Offload.perform {
            paths.map { path in
                let url = URL(fileURLWithPath: path)
                return ItemProvider(contentsOf: url) ?? ItemProvider(item: .url(url), typeIdentifier: "public.file-url")
            }
        }
        let item = ExtensionItem()
        item.attachments = attachments
        let count = saved.count
        return ShareActivity.Result(message: "Saved \(count) file\(count == 1 ? "" : "s") to \(path)", returnedItems: [item])
    }

    /// Saves one attachment; the saved file's path.
    static func save(_ provider: ItemProvider, with saver: FolderSaver) async throws(ShareActivityError) -> String {
        let suggested = provider.suggestedName.map(FolderSaver.sanitized)
        if provider.hasItemConformingToTypeIdentifier("public.url") {
            let value: ItemProviderValue
            do { value = try await provider.loadValue(forTypeIdentifier: "public.url") } catch {
                throw ShareActivityError(.unreadableAttachment, "cannot load \(provider): \(error.message)")
            }
            if case .url(let url) = value {
                if url.isFileURL {
                    let name = suggested.flatMap { ($0 as NSString).pathExtension.isEmpty ? nil : $0 } ?? url.lastPathComponent
                    return try await Offload.perform { () throws(ShareActivityError) in try saver.save(copying: url.path, as: name) }
                }
                let name = withExtension(suggested ?? url.host ?? "Link", "url")
                return try await Offload.perform { () throws(ShareActivityError) in try saver.save(internetShortcut(url), as: name) }
            }
        }
        if provider.hasItemConformingToTypeIdentifier("public.text"),
           let text = try? await provider.loadItem(forTypeIdentifier: "public.text", as: String.self) {
            let name = withExtension(suggested ?? "Text", "txt")
            return try await Offload.perform { () throws(ShareActivityError) in try saver.save(Data(text.utf8), as: name) }
        }
        guard let type = provider.registeredTypeIdentifiers.first else {
            throw ShareActivityError(.unreadableAttachment, "\(provider) has no registered type to save")
        }
        // The body runs on the provider's delivery thread (Offload), while the file exists.
        do {
            return try await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, _ in
                try saver.save(copying: url.path, as: suggested.flatMap { ($0 as NSString).pathExtension.isEmpty ? nil : $0 } ?? url.lastPathComponent)
            }
        } catch let error as ShareActivityError {
            throw error
        } catch let error as ItemProviderError {
            throw ShareActivityError(.unreadableAttachment, "cannot load \(type) of \(provider): \(error.message)")
        } catch {
            throw ShareActivityError(.unreadableAttachment, "cannot load \(type) of \(provider): \(error)")
        }
    }

    /// An Internet shortcut file's bytes for `url`.
    static func internetShortcut(_ url: URL) -> Data {
        Data("[InternetShortcut]\r\nURL=\(url.absoluteString)\r\n".utf8)
    }

    /// `name` ending in `.ext` (added unless already there, case-insensitively).
    static func withExtension(_ name: String, _ ext: String) -> String {
        (name as NSString).pathExtension.lowercased() == ext ? name : name + "." + ext
    }
}
