import ExtensionUI

/// What a view controller's snapshot may hold: the host checks each snapshot before it
/// keeps or draws it, and a snapshot over a limit ends the run as a protocol violation
/// naming the field.
public struct ViewLimits: Hashable, Sendable {
    /// Elements in the view tree.
    public var maxElements = 256
    /// Bar buttons.
    public var maxBarButtons = 8
    /// Bytes (UTF-8) of a text view's or field's text.
    public var maxTextBytes = 64 << 10
    /// Bytes (UTF-8) of any other text: a title, a label, a placeholder, an alert's
    /// title, message, action or field.
    public var maxLabelBytes = 4 << 10
    /// Bytes of all the snapshot's images together.
    public var maxImageBytes = 4 << 20
    /// An alert's actions and its text fields.
    public var maxAlertActions = 16
    public var maxAlertFields = 4
    /// The largest preferred width or height, in points.
    public var maxPreferredSize = 10_000.0
    /// Misuses reported in one snapshot.
    public var maxMisuses = 16
    /// A keyboard's edits carried by one snapshot, and the bytes (UTF-8) of their text together.
    public var maxTextEdits = 1_024
    public var maxTextEditBytes = 64 << 10

    /// The default limits.
    public init() {}

    /// Why `snapshot` is refused, naming the field; `nil` when it is acceptable.
    public func violation(in snapshot: ViewSnapshot) -> String? {
        if let title = snapshot.title, let problem = label(title, "title") { return problem }
        if snapshot.barButtons.count > maxBarButtons { return "bar buttons: \(snapshot.barButtons.count); at most \(maxBarButtons)" }
        if snapshot.elements.count > maxElements { return "elements: \(snapshot.elements.count); at most \(maxElements)" }
        var imageBytes = 0
        let named = snapshot.barButtons.enumerated().map { ("barButtons[\($0.offset)]", $0.element) }
            + snapshot.elements.enumerated().map { ("elements[\($0.offset)]", $0.element) }
        for (place, element) in named {
            if let problem = check(element, place) { return problem }
            imageBytes += element.image?.count ?? 0
        }
        if imageBytes > maxImageBytes { return "images: \(imageBytes) bytes; at most \(maxImageBytes)" }
        if let alert = snapshot.alert, let problem = check(alert) { return problem }
        for (name, value) in [("preferredWidth", snapshot.preferredWidth), ("preferredHeight", snapshot.preferredHeight)]
        where !(0...maxPreferredSize).contains(value) {
            return "\(name) is \(value); 0 to \(Int(maxPreferredSize))"
        }
        if snapshot.misuses.count > maxMisuses { return "misuses: \(snapshot.misuses.count) in one snapshot; at most \(maxMisuses)" }
        for (index, misuse) in snapshot.misuses.enumerated() {
            if let problem = label(misuse, "misuses[\(index)]") { return problem }
        }
        return snapshot.textEdits.flatMap(check)
    }

    private func check(_ batch: TextEditBatch) -> String? {
        if batch.first < 0 { return "textEdits.first is \(batch.first); it counts edits made before, from 0" }
        if batch.edits.count > maxTextEdits { return "textEdits: \(batch.edits.count) in one snapshot; at most \(maxTextEdits)" }
        let bytes = batch.edits.reduce(0) { total, edit in
            switch edit {
            case .insert(let text), .setMarkedText(let text, _, _): total + text.utf8.count
            default: total
            }
        }
        return bytes > maxTextEditBytes ? "textEdits: \(bytes) bytes of text; at most \(maxTextEditBytes)" : nil
    }

    private func check(_ element: ViewSnapshot.Element, _ place: String) -> String? {
        let textLimit = element.kind == .textView || element.kind == .textField ? maxTextBytes : maxLabelBytes
        if let text = element.text, text.utf8.count > textLimit {
            return "\(place).text has \(text.utf8.count) bytes; at most \(textLimit)"
        }
        return element.detail.flatMap { label($0, "\(place).detail") } ?? element.placeholder.flatMap { label($0, "\(place).placeholder") }
    }

    private func check(_ alert: ViewSnapshot.Alert) -> String? {
        if alert.actions.count > maxAlertActions { return "alert.actions: \(alert.actions.count); at most \(maxAlertActions)" }
        if alert.fields.count > maxAlertFields { return "alert.fields: \(alert.fields.count); at most \(maxAlertFields)" }
        if let problem = alert.title.flatMap({ label($0, "alert.title") }) ?? alert.message.flatMap({ label($0, "alert.message") }) {
            return problem
        }
        for (index, action) in alert.actions.enumerated() {
            if let problem = label(action.title, "alert.actions[\(index)].title") { return problem }
        }
        for (index, field) in alert.fields.enumerated() {
            if let problem = label(field.text, "alert.fields[\(index)].text") ?? field.placeholder.flatMap({ label($0, "alert.fields[\(index)].placeholder") }) {
                return problem
            }
        }
        return nil
    }

    private func label(_ text: String, _ field: String) -> String? {
        text.utf8.count > maxLabelBytes ? "\(field) has \(text.utf8.count) bytes; at most \(maxLabelBytes)" : nil
    }
}
