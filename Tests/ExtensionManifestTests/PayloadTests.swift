import ExtensionManifest
import Foundation
import Testing

struct PresetCase: CustomTestStringConvertible, Sendable {
    var spelling: String
    var items: Int
    var attachments: [[String]]
    var testDescription: String { spelling }
}

let presetCases: [PresetCase] = [
    .init(spelling: "safari-page", items: 1, attachments: [["public.url"]]),
    .init(spelling: "safari-page-js", items: 1, attachments: [["com.apple.property-list", "public.url"]]),
    .init(spelling: "firefox-page", items: 1, attachments: [["public.url"], ["public.plain-text"]]),
    .init(spelling: "photos:2", items: 1, attachments: [["public.jpeg", "public.heic"], ["public.jpeg", "public.heic"]]),
    .init(spelling: "photos-mixed:3", items: 1,
          attachments: [["public.jpeg", "public.heic"], ["com.apple.quicktime-movie"], ["public.jpeg", "public.heic"]]),
    .init(spelling: "files-pdf", items: 1, attachments: [["com.adobe.pdf", "public.file-url"]]),
    .init(spelling: "notes-text", items: 1, attachments: [["public.plain-text"]]),
    .init(spelling: "mail-attachments:2", items: 1, attachments: [["com.adobe.pdf", "public.file-url"], ["public.jpeg", "public.file-url"]]),
    .init(spelling: "PHOTOS:1", items: 1, attachments: [["public.jpeg", "public.heic"]]),
]

@Test(arguments: presetCases)
func presetsReproduceHosts(_ c: PresetCase) throws {
    let payload = try PayloadPreset.parse(c.spelling).payload
    #expect(payload.items.count == c.items)
    #expect(payload.attachments.map(\.registeredTypeIdentifiers) == c.attachments)
}

struct BadPresetCase: CustomTestStringConvertible, Sendable {
    var spelling: String
    var message: String
    var testDescription: String { spelling }
}

@Test(arguments: [
    BadPresetCase(spelling: "safari", message: "unknown preset 'safari'; known presets: safari-page"),
    BadPresetCase(spelling: "photos", message: "needs a count, as in 'photos:3'"),
    BadPresetCase(spelling: "photos:0", message: "from 1 to 1000, not '0'"),
    BadPresetCase(spelling: "photos:x", message: "not 'x'"),
    BadPresetCase(spelling: "photos:100000", message: "not '100000'"),
    BadPresetCase(spelling: "notes-text:2", message: "takes no count"),
])
func badPresetsAreNamed(_ c: BadPresetCase) {
    #expect(throws: PayloadError.self) { try PayloadPreset.parse(c.spelling) }
    do {
        _ = try PayloadPreset.parse(c.spelling)
    } catch {
        #expect(error.message.contains(c.message), "\(error.message)")
    }
}

@Test func everyCatalogEntryParses() throws {
    for entry in PayloadPreset.catalog {
        let spelling = entry.spelling.replacingOccurrences(of: ":N", with: ":2")
        #expect(try !PayloadPreset.parse(spelling).payload.attachments.isEmpty)
    }
}

@Test(arguments: [
    ("public.url,public.plain-text", ["public.url", "public.plain-text"]),
    (" public.jpeg ", ["public.jpeg"]),
    ("com.example.custom", ["com.example.custom"]),
])
func explicitItems(_ text: String, _ expected: [String]) throws {
    #expect(try ActivationPayload.Attachment.explicit(text).registeredTypeIdentifiers == expected)
}

@Test(arguments: ["", "public.url,,public.text", "public url", "public.url,"])
func malformedExplicitItemsAreRefused(_ text: String) {
    #expect(throws: PayloadError.self) { try ActivationPayload.Attachment.explicit(text) }
}

@Test func groupingAttachmentsIntoItems() throws {
    let attachments = (1...5).map { _ in ActivationPayload.Attachment.text() }
    #expect(try ActivationPayload.grouping(attachments).items.count == 1)
    #expect(try ActivationPayload.grouping(attachments, perItem: 2).items.map(\.attachments.count) == [2, 2, 1])
    #expect(throws: PayloadError.self) { try ActivationPayload.grouping(attachments, perItem: 0) }
}

@Test func realInputs() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("appex-payload-\(UUID().uuidString).pdf")
    try Data("%PDF-1.4\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try ActivationPayload.Attachment.file(at: url)
    #expect(file.registeredTypeIdentifiers == ["com.adobe.pdf", "public.file-url"])
    #expect(file.suggestedName == url.lastPathComponent)
    let web = try ActivationPayload.Attachment.url("https://www.swift.org")
    #expect(web.registeredTypeIdentifiers == ["public.url"])
    #expect(try ActivationPayload.Attachment.url(url.absoluteString).registeredTypeIdentifiers.first == "com.adobe.pdf")
    #expect(throws: PayloadError.self) { try ActivationPayload.Attachment.url("not a url") }
    #expect(throws: PayloadError.self) { try ActivationPayload.Attachment.file(at: URL(fileURLWithPath: "/nonexistent/x.pdf")) }
}
