import AppExtensions
import Foundation

/// An example action extension: returns the shared text in upper case, or cancels when
/// nothing shared is text.
struct UppercaseExtension: ExtensionRequestHandling, Sendable {
    struct NoText: Error, CustomNSError {
        static var errorDomain: String { "com.example.uppercase" }
        var errorCode: Int { 1 }
        var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: "Nothing to uppercase: no text was shared"] }
    }

    func beginRequest(with context: ExtensionContext) {
        let providers = context.inputItems.flatMap { $0.attachments ?? [] }
        guard let provider = providers.first(where: { $0.hasItemConformingToTypeIdentifier("public.plain-text") }) else {
            context.cancelRequest(withError: NoText())
            return
        }
        provider.loadItem(forTypeIdentifier: "public.plain-text", as: String.self) { result in
            switch result {
            case .success(let text):
                let item = ExtensionItem(attributedTitle: NSAttributedString(string: "Uppercased"),
                                         attachments: [ItemProvider(item: .string(text.uppercased()), typeIdentifier: "public.plain-text")])
                context.completeRequest(returningItems: [item])
            case .failure(let error):
                context.cancelRequest(withError: error)
            }
        }
    }
}

/// An extension that never finishes.
struct SilentExtension: ExtensionRequestHandling, Sendable {
    func beginRequest(with context: ExtensionContext) {}
}

/// An extension that completes twice and tries to open a foreign URL.
struct SloppyExtension: ExtensionRequestHandling, Sendable {
    func beginRequest(with context: ExtensionContext) {
        context.open(link("https://example.com"))
        context.open(link("example-app://done"))
        context.completeRequest(returningItems: nil)
        context.completeRequest(returningItems: nil)
    }
}
