import ExtensionHost
import Foundation

extension ShareCommand {
    static func printSheet(_ resolution: ShareResolution) {
        let console = Console.current
        if resolution.eligible.isEmpty {
            console.print("No \(ExtensionPointName.short(resolution.point)) extension accepts this share.")
        } else {
            console.print("Eligible (\(ExtensionPointName.short(resolution.point))), in your order:")
            for (index, installed) in resolution.eligible.enumerated() {
                console.print("  \(index + 1). \(installed.identifier)  \(installed.bundle.info.name)")
            }
        }
        if !resolution.excluded.isEmpty {
            console.print("Left out:")
            for excluded in resolution.excluded {
                console.print("  - \(excluded.installed.identifier): \(excluded.reason)")
            }
        }
    }

    static func ask(_ resolution: ShareResolution) async -> String? {
        Console.current.print("Choose 1–\(resolution.eligible.count) (or Enter to cancel):")
        guard let line = await StandardInput.readLine(), let choice = Int(line.trimmingCharacters(in: .whitespaces)),
              resolution.eligible.indices.contains(choice - 1) else { return nil }
        return resolution.eligible[choice - 1].identifier
    }

    static func printRun(_ run: ShareReport.Run) {
        let console = Console.current
        switch run.outcome {
        case "completed":
            console.print("Completed in \(run.milliseconds) ms; returned \(run.items.count) item(s).")
            for (index, item) in run.items.enumerated() {
                if let title = item.title { console.print("  item \(index + 1): \(title)") }
                if let text = item.text { console.print("  item \(index + 1) text: \(text)") }
                for (number, attachment) in item.attachments.enumerated() {
                    let name = attachment.suggestedName.map { " \"\($0)\"" } ?? ""
                    console.print("  item \(index + 1), attachment \(number + 1)\(name) [\(attachment.types.joined(separator: ", "))]: \(attachment.value ?? "")")
                }
            }
        default:
            console.print("The extension \(run.outcome == "cancelled" ? "cancelled" : "failed"): \(run.error ?? "")")
        }
        for url in run.openedURLs { console.print("  opened \(url)") }
    }
}

/// Short names of extension points for messages.
enum ExtensionPointName {
    static func short(_ identifier: String) -> String {
        identifier == "com.apple.share-services" ? "share" : identifier == "com.apple.ui-services" ? "action" : identifier
    }
}
