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
                console.print("  \(index + 1). \(installed.identifier)  \(installed.displayName)")
            }
        }
        if !resolution.excluded.isEmpty {
            console.print("Left out:")
            for excluded in resolution.excluded {
                console.print("  - \(excluded.installed.identifier): \(excluded.reason)")
            }
        }
    }

    /// Asks on the terminal: a number for an eligible extension, a letter for one of the
    /// host's actions (listed after the extensions), Enter for nothing.
    static func ask(_ resolution: ShareResolution, activities: [ShareActivity]) async -> ShareChoice? {
        let keyed = keys(for: activities)
        if !keyed.isEmpty {
            Console.current.print("Or the host's actions:")
            for (key, activity) in keyed { Console.current.print("  \(key)  \(activity.title)") }
        }
        var choices: [String] = []
        if !resolution.eligible.isEmpty { choices.append("1–\(resolution.eligible.count)") }
        choices += keyed.map(\.key)
        let listed = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
        Console.current.print("Choose \(listed) (or Enter to cancel):")
        guard let line = await StandardInput.readLine()?.trimmingCharacters(in: .whitespaces), !line.isEmpty else { return nil }
        if let choice = Int(line) {
            return resolution.eligible.indices.contains(choice - 1) ? .extensionIdentifier(resolution.eligible[choice - 1].identifier) : nil
        }
        return keyed.first { $0.key == line.lowercased() }.map { .activity($0.activity) }
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
