/// Extension point identifiers: the six Appex runs and the others Apple defines.
public enum ExtensionPoint {
    /// Share extensions (`com.apple.share-services`).
    public static let share = "com.apple.share-services"
    /// Action extensions with UI (`com.apple.ui-services`).
    public static let action = "com.apple.ui-services"
    /// Today widgets (`com.apple.widget-extension`), shown by `appex today`.
    public static let widget = "com.apple.widget-extension"
    /// Photo editing extensions (`com.apple.photo-editing`), run by `appex edit`.
    public static let photoEditing = "com.apple.photo-editing"

    /// Custom keyboards (`com.apple.keyboard-service`), typed with through `appex keyboard`
    /// and the IBus engine.
    public static let keyboard = "com.apple.keyboard-service"

    /// File providers (`com.apple.fileprovider-nonui`), mounted as folders by `appex files`.
    public static let fileProvider = "com.apple.fileprovider-nonui"

    /// Whether Appex runs extensions of this point.
    public static func isSupported(_ identifier: String) -> Bool {
        identifier == share || identifier == action || identifier == widget || identifier == photoEditing || identifier == keyboard
            || identifier == fileProvider
    }

    /// Whether extensions of this point are offered content through an activation rule
    /// (share and action extensions; a widget is offered none).
    public static func isActivated(_ identifier: String) -> Bool {
        identifier == share || identifier == action
    }

    /// A short name for a point, for listings (`share`, `action`).
    public static func shortName(_ identifier: String) -> String {
        switch identifier {
        case share: "share"
        case action: "action"
        case widget: "widget"
        case photoEditing: "photo-editing"
        case keyboard: "keyboard"
        case fileProvider: "file-provider"
        case "com.apple.services": "action (no UI)"
        default: identifier
        }
    }

    /// Extension point identifiers Apple defines on iOS and macOS (``appleName(_:)`` names
    /// each), so that lint can tell a typo from a point Appex merely does not host.
    public static let apple: Set<String> = Set(appleNames.keys)
}
