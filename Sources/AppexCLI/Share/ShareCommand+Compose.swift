extension ShareCommand {
    /// Each scripted action and the sheet after it.
    static func printCompose(_ run: ComposeScript.Run) {
        let console = Console.current
        if let sheet = run.initial { console.print("Compose sheet: \(describe(sheet))") }
        for step in run.steps {
            if let refused = step.refused {
                console.print("  \(step.action.label): not applied — \(refused)")
            } else if let sheet = step.sheet {
                console.print("  \(step.action.label) → \(describe(sheet))")
            }
        }
    }

    private static func describe(_ sheet: ComposeScript.Sheet) -> String {
        var parts = ["\(sheet.text.debugDescription)"]
        if let remaining = sheet.charactersRemaining { parts.append("\(remaining) left") }
        parts.append(sheet.postEnabled ? "Post enabled" : "Post disabled")
        for item in sheet.items { parts.append("\(item.title): \(item.value ?? "")\(item.pending ? " …" : "")") }
        if let pushed = sheet.pushed { parts.append("showing \(pushed.title)\(pushed.choices.map { " \($0)" } ?? "")") }
        return parts.joined(separator: "; ")
    }
}
