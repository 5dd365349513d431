import AppExtensions
import ExtensionHost
import Foundation
import Imaging

extension SheetShare.Item {
    /// The page's view of one attachment: its name (the suggested name, else its first
    /// type), how to draw it, and for a text or a URL what it says (loaded from the host's
    /// own provider; at most 300 characters of the first line).
    static func describe(_ provider: ItemProvider) async -> SheetShare.Item {
        var item = SheetShare.Item(provider)
        if item.kind == "image" { return item }
        guard item.kind == "text" || item.kind == "url" else { return item }
        if let summary = await provider.firstValueSummary() {
            let line = summary.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            item.detail = line.count > 300 ? String(line.prefix(299)) + "…" : line
        }
        return item
    }

    init(_ provider: ItemProvider) {
        let types = provider.registeredTypeIdentifiers
        let kind: String = if provider.hasItemConformingToTypeIdentifier("public.image") {
            "image"
        } else if provider.hasItemConformingToTypeIdentifier("public.url") && !provider.hasItemConformingToTypeIdentifier("public.file-url") {
            "url"
        } else if provider.hasItemConformingToTypeIdentifier("public.text") {
            "text"
        } else {
            "file"
        }
        self.init(name: provider.suggestedName ?? types.first ?? "item", detail: nil, types: types, kind: kind, thumbnail: nil)
    }
}

extension SheetShare.Item {
    /// A PNG thumbnail of an image attachment, read in place from the host's own file
    /// when the provider has one (libvips; ``Thumbnailer``); `nil` for other kinds.
    static func thumbnail(of provider: ItemProvider) async -> Data? {
        // The first registered type is the highest-fidelity one: the image itself.
        guard provider.hasItemConformingToTypeIdentifier("public.image"), let type = provider.registeredTypeIdentifiers.first else { return nil }
        return try? await provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, _ in Thumbnailer.png(of: url) }
    }
}

extension SheetOutcome {
    /// How `report` ended, in words, with what it returned.
    init(_ report: ExtensionRunReport, name: String) async {
        var lines: [String] = []
        var outcome = "completed", message: String?
        switch report.outcome {
        case .completed(let items):
            lines = await Self.lines(of: items)
        case .cancelled(let error):
            outcome = "cancelled"
            message = error.code == 3072 && error.domain == "NSCocoaErrorDomain" ? "You cancelled." : error.localizedDescription
        case .failed(let error):
            outcome = "failed"
            message = error.message
        }
        self.init(id: report.extensionIdentifier, name: name, outcome: outcome, message: message, items: lines)
    }

    /// Returned items' texts and attachments, one line each.
    static func lines(of items: [ExtensionItem]) async -> [String] {
        var lines: [String] = []
        for item in items {
            if let text = item.attributedContentText?.string, !text.isEmpty { lines.append(text) }
            for provider in item.attachments ?? [] {
                lines.append("\(provider.registeredTypeIdentifiers.first ?? "item"): \(await provider.firstValueSummary() ?? "")")
            }
        }
        return lines
    }
}
