extension ShareCommand {
    /// Each scripted step and the view after it.
    static func printView(_ run: ViewScript.Run) {
        let console = Console.current
        if let view = run.initial { console.print("View controller: \(describe(view))") }
        for step in run.steps {
            if let refused = step.refused {
                console.print("  \(step.step): not applied — \(refused)")
            } else if let view = step.view {
                console.print("  \(step.step) → \(describe(view))")
            }
        }
    }

    private static func describe(_ view: ViewScript.View) -> String {
        var parts = [view.title.map { "\($0.debugDescription)" } ?? "untitled"]
        for element in view.elements {
            switch element.kind {
            case "textField", "textView": parts.append("\(element.placeholder ?? "field") = \((element.text ?? "").debugDescription)")
            case "toggle": parts.append("\(element.text ?? "switch") \(element.isOn == true ? "on" : "off")")
            case "button": parts.append("[\(element.text ?? "")]")
            default: break
            }
        }
        if let alert = view.alert { parts.append("alert \((alert.title ?? "").debugDescription): \(alert.actions.map { "[\($0)]" }.joined(separator: " "))") }
        return parts.joined(separator: "; ")
    }
}
