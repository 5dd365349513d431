import Foundation
import TypeIdentifiers

extension ActivationPayload.Attachment {
    /// An attachment given by its registered type identifiers, comma-separated in fidelity
    /// order (`public.url,public.plain-text`), as `--item` takes them.
    /// - Throws: ``PayloadError`` naming the malformed identifier.
    public static func explicit(_ list: String) throws(PayloadError) -> Self {
        let ids = list.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !ids.isEmpty, !(ids.count == 1 && ids[0].isEmpty) else {
            throw PayloadError(.invalidItem, "--item needs at least one type identifier, as in '--item public.url,public.plain-text'")
        }
        for (i, id) in ids.enumerated() {
            do {
                try TypeIdentifierSyntax.validate(identifier: id)
            } catch {
                throw PayloadError(.invalidItem, "--item '\(list)': type identifier \(i + 1) ('\(id)') is not valid: \(error.message)")
            }
        }
        // Apple's URL types carry a value; an explicit web URL is assumed to be http(s).
        let registry = TypeRegistry.shared
        let isURL = ids.contains { registry.conforms($0, to: "public.url") && !registry.conforms($0, to: "public.file-url") }
        return .init(ids, url: isURL ? "https://example.com/" : nil)
    }

    /// A file, as the Files app shares it: its type (as `detector` decides it: by extension,
    /// then by content when the detector has a ``ContentSniffer``, as FileTypeSniffing's
    /// `FileTypeDetector.sniffing` does) and `public.file-url`, with its URL and name.
    /// - Throws: ``PayloadError`` when the file does not exist or cannot be examined.
    public static func file(at url: URL, detector: FileTypeDetector = .shared) throws(PayloadError) -> Self {
        let detection: FileTypeDetection
        do {
            detection = try detector.detect(fileAt: url)
        } catch {
            throw PayloadError(.invalidInput, "cannot share \(url.path): \(error.message)")
        }
        let id = detection.type.identifier
        let ids = id == "public.file-url" ? [id] : [id, "public.file-url"]
        return .init(ids, url: url.absoluteString, suggestedName: url.lastPathComponent)
    }

    /// A URL, as a browser shares it: `public.url` with the URL (a `file:` URL is shared as
    /// the file it names).
    /// - Throws: ``PayloadError`` when the text is not a URL with a scheme, or names a missing file.
    public static func url(_ text: String, detector: FileTypeDetector = .shared) throws(PayloadError) -> Self {
        let probe = Self(["public.url"], url: text)
        guard let scheme = probe.urlScheme else {
            throw PayloadError(.invalidInput, "'\(text)' is not a URL (expected a scheme, as in https://example.com)")
        }
        if scheme == "file" {
            guard let url = URL(string: text), url.isFileURL else {
                throw PayloadError(.invalidInput, "'\(text)' is not a valid file URL")
            }
            return try file(at: url, detector: detector)
        }
        return probe
    }

    /// Text, as Notes shares it: one `public.plain-text` attachment.
    public static func text() -> Self { .init(["public.plain-text"]) }
}

extension ActivationPayload {
    /// Groups attachments into extension items: all in one item (as Photos sends them), or
    /// `perItem` attachments to each item.
    /// - Throws: ``PayloadError`` when `perItem` is less than 1.
    public static func grouping(
        _ attachments: [Attachment], perItem: Int? = nil
    ) throws(PayloadError) -> ActivationPayload {
        guard let perItem else { return ActivationPayload(items: attachments.isEmpty ? [] : [Item(attachments: attachments)]) }
        guard perItem >= 1 else {
            throw PayloadError(.invalidItem, "--items-per-extension-item must be at least 1, not \(perItem)")
        }
        let items = stride(from: 0, to: attachments.count, by: perItem).map {
            Item(attachments: Array(attachments[$0..<min($0 + perItem, attachments.count)]))
        }
        return ActivationPayload(items: items)
    }
}
