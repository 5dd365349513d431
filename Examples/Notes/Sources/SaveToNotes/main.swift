// Save to Notes: a share extension that accepts one web URL (seed document 000) and
// leaves it in the Notes app group for the app to pick up.
//
// The seed's version sets a "has-new-share" flag in shared defaults, which loses a share
// when two arrive before the app runs. This one appends each share to the group's
// ShareInbox (delivered exactly once) and still updates shared defaults for the app's UI.
import AppExtensions
import AppGroups
import ExtensionRuntime
import Foundation
import NotesKit

final class SaveToNotes: ExtensionRequestHandling, Sendable {
    static let group = "group.com.example.notes"

    func beginRequest(with context: ExtensionContext) {
        Task {
            do {
                let item = context.inputItems.first
                guard let provider = item?.attachments?.first(where: { $0.hasItemConformingToTypeIdentifier("public.url") }) else {
                    throw NSError(domain: "SaveToNotes", code: 1, userInfo: [NSLocalizedDescriptionKey: "no web URL in the share"])
                }
                let url = try await provider.loadItem(forTypeIdentifier: "public.url", as: URL.self)
                let title = item?.attributedTitle?.string
                let inbox = try ShareInbox(groupIdentifier: Self.group)
                let note = Note(text: url.absoluteString, title: title)
                let id = try inbox.append(InboxShare(text: note.text, configuration: note.shareConfiguration,
                                                     sourceExtensionIdentifier: "com.example.notes.SaveToNotes"))
                if let defaults = SharedDefaults(suiteName: Self.group) {
                    _ = try defaults.update(forKey: "shares-saved") { (($0 as? Int) ?? 0) + 1 }
                    try defaults.set(url.absoluteString, forKey: "last-shared-url")
                }
                FileHandle.standardError.write(Data("SaveToNotes: saved \(url.absoluteString) as share \(id)\n".utf8))
                FileHandle.standardError.write(Data("SaveToNotes: NotesKit from \(NotesKitImage.loadedPath() ?? "(linked statically)")\n".utf8))
                context.completeRequest(returningItems: [])
            } catch {
                context.cancelRequest(withError: error as NSError)
            }
        }
    }
}

ExtensionMain.run { SaveToNotes() }
