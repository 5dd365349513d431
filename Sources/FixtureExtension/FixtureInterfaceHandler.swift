import AppExtensions
import Foundation

/// The `web-interface` behaviour: an extension with its own page. On the page's
/// `{"type":"ready"}` it posts `{"type":"items","items":[…]}` (each input attachment's
/// first type and value, as text); `{"type":"echo",…}` comes back as
/// `{"type":"echo","value":…}`; `{"type":"done","text":…}` completes with that text and
/// `{"type":"cancel"}` cancels. Anything else is answered with `{"type":"unknown"}`.
struct FixtureInterfaceHandler: WebInterfaceRequestHandling {
    struct Incoming: Decodable {
        var type: String
        var text: String?
    }

    struct Items: Encodable {
        var type = "items"
        var items: [String]
    }

    func beginRequest(with context: ExtensionContext, interface: WebInterface) async {
        for await message in interface.messages {
            guard let incoming = try? message.decode(Incoming.self) else {
                try? await interface.post(["type": "unknown"])
                continue
            }
            switch incoming.type {
            case "ready":
                var lines: [String] = []
                for provider in context.inputItems.flatMap({ $0.attachments ?? [] }) {
                    lines.append("\(provider.registeredTypeIdentifiers.first ?? "item"): \(await provider.firstValueSummary() ?? "")")
                }
                try? await interface.post(Items(items: lines))
            case "echo":
                try? await interface.post(WebInterfaceMessage(json: #"{"type":"echo","value":"# + message.json + "}"))
            case "done":
                let item = ExtensionItem()
                item.attributedContentText = NSAttributedString(string: incoming.text ?? "")
                context.completeRequest(returningItems: [item])
                return
            case "cancel":
                context.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
                return
            default:
                try? await interface.post(["type": "unknown"])
            }
        }
    }
}
