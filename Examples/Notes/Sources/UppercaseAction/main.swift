// Make Uppercase: an action extension that transforms its input and returns it to the
// host (seed document 001's pattern: load the text, change it, completeRequest with it).
import AppExtensions
import ExtensionRuntime
import Foundation

final class UppercaseAction: ExtensionRequestHandling, Sendable {
    func beginRequest(with context: ExtensionContext) {
        Task {
            do {
                var returned: [ExtensionItem] = []
                for item in context.inputItems {
                    var providers: [ItemProvider] = []
                    for provider in item.attachments ?? [] where provider.hasItemConformingToTypeIdentifier("public.text") {
                        let text = try await provider.loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
                        providers.append(ItemProvider(item: .string(text.uppercased()), typeIdentifier: "public.plain-text"))
                    }
                    let output = ExtensionItem()
                    output.attachments = providers
                    returned.append(output)
                }
                context.completeRequest(returningItems: returned)
            } catch {
                context.cancelRequest(withError: error as NSError)
            }
        }
    }
}

ExtensionMain.run { UppercaseAction() }
