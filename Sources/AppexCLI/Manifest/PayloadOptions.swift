import ArgumentParser
import ExtensionManifest
import FileTypeSniffing
import Foundation

/// The payload `appex match` decides for: presets, explicit attachments, real inputs.
struct PayloadOptions: ParsableArguments {
    @Option(name: .customLong("item"), parsing: .singleValue,
            help: ArgumentHelp("An attachment given by its registered type identifiers, most faithful first (repeatable).",
                               valueName: "uti,uti…"))
    var items: [String] = []

    @Option(name: .customLong("items-per-extension-item"),
            help: "Group the attachments into extension items of this many (default: all in one item).")
    var perItem: Int?

    @Option(name: .customLong("text"), parsing: .singleValue, help: "Share text (repeatable).")
    var texts: [String] = []

    /// Builds the payloads: each preset word alone, or one payload of all attachments given.
    /// With nothing given, every preset in turn.
    func payloads(words: [String]) throws -> [(name: String, payload: ActivationPayload)] {
        do throws(PayloadError) {
            var presets: [PayloadPreset] = []
            var attachments: [ActivationPayload.Attachment] = []
            for word in words {
                if let preset = try? PayloadPreset.parse(word) {
                    presets.append(preset)
                } else if word.contains("://") || word.hasPrefix("mailto:") {
                    attachments.append(try ActivationPayload.Attachment.url(word, detector: .sniffing))
                } else if FileManager.default.fileExists(atPath: word) {
                    attachments.append(try ActivationPayload.Attachment.file(at: URL(fileURLWithPath: word), detector: .sniffing))
                } else {
                    _ = try PayloadPreset.parse(word)  // throws the preset error, naming the known ones
                }
            }
            for item in items { attachments.append(try ActivationPayload.Attachment.explicit(item)) }
            attachments += texts.map { _ in .text() }
            var result = presets.map { (name: $0.description, payload: $0.payload) }
            if !attachments.isEmpty {
                result.append((name: "given attachments", payload: try ActivationPayload.grouping(attachments, perItem: perItem)))
            }
            if result.isEmpty {
                result = PayloadPreset.catalog.compactMap { entry in
                    let spelling = entry.spelling.replacingOccurrences(of: ":N", with: ":3")
                    return (try? PayloadPreset.parse(spelling)).map { (name: $0.description, payload: $0.payload) }
                }
            }
            return result
        } catch {
            throw CommandFailure.report(error.message)
        }
    }
}
