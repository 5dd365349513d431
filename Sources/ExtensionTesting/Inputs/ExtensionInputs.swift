import AppExtensions
import ExtensionManifest
import Foundation

/// Builds input items for test requests: from fixtures, or from the presets `appex match`
/// uses (`safari-page`, `photos:3`, `files-pdf`, `notes-text`, …).
///
/// Preset attachments get real providers with sample content (``SampleContent``) for
/// every registered type, in the preset's fidelity order. Attachments the host shares as
/// files (a `file:` URL in the preset) are written to a temporary folder that
/// ``ExtensionInputs`` owns: call ``removeFiles()`` when the run is over
/// (``ExtensionHarness`` does).
public final class ExtensionInputs: Sendable {
    /// The items to send.
    public let items: [ExtensionItem]
    /// The temporary folder holding materialized files, if any.
    public let folder: URL?

    init(items: [ExtensionItem], folder: URL?) {
        self.items = items
        self.folder = folder
    }

    /// One item whose attachments are `fixtures`, in order.
    /// - Throws: ``ExtensionInputError`` when a file cannot be examined.
    public static func items(from fixtures: [InputFixture], title: String? = nil,
                             contentText: String? = nil) throws(ExtensionInputError) -> [ExtensionItem] {
        var providers: [ItemProvider] = []
        for fixture in fixtures { providers.append(try fixture.makeProvider()) }
        return [ExtensionItem(attributedTitle: title.map { NSAttributedString(string: $0) },
                              attributedContentText: contentText.map { NSAttributedString(string: $0) },
                              attachments: providers)]
    }

    /// The items of a preset written as on the command line (`photos:3`).
    /// - Throws: ``ExtensionInputError`` for an unknown preset or a file that cannot be written.
    public static func preset(_ spelling: String) throws(ExtensionInputError) -> ExtensionInputs {
        let preset: PayloadPreset
        do {
            preset = try PayloadPreset.parse(spelling)
        } catch {
            throw ExtensionInputError(error.message)
        }
        return try payload(preset.payload)
    }

    /// The items of an activation payload, with sample content.
    /// - Throws: ``ExtensionInputError`` when a file cannot be written.
    public static func payload(_ payload: ActivationPayload) throws(ExtensionInputError) -> ExtensionInputs {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("appex-harness-\(UUID().uuidString)", isDirectory: true)
        var usedFolder = false
        var items: [ExtensionItem] = []
        do {
            for item in payload.items {
                var providers: [ItemProvider] = []
                for attachment in item.attachments {
                    let (provider, wroteFile) = try SampleProviders.provider(for: attachment, in: folder)
                    usedFolder = usedFolder || wroteFile
                    providers.append(provider)
                }
                items.append(ExtensionItem(attributedTitle: item.title.map { NSAttributedString(string: $0) },
                                           attributedContentText: item.contentText.map { NSAttributedString(string: $0) },
                                           attachments: providers))
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return ExtensionInputs(items: items, folder: usedFolder ? folder : nil)
    }

    /// Deletes the materialized files.
    public func removeFiles() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
