/// Extension point identifiers: the two Appex runs and the others Apple defines.
public enum ExtensionPoint {
    /// Share extensions (`com.apple.share-services`).
    public static let share = "com.apple.share-services"
    /// Action extensions with UI (`com.apple.ui-services`).
    public static let action = "com.apple.ui-services"

    /// Whether Appex runs extensions of this point.
    public static func isSupported(_ identifier: String) -> Bool {
        identifier == share || identifier == action
    }

    /// A short name for a point, for listings (`share`, `action`).
    public static func shortName(_ identifier: String) -> String {
        switch identifier {
        case share: "share"
        case action: "action"
        case "com.apple.services": "action (no UI)"
        default: identifier
        }
    }

    /// Extension point identifiers Apple defines on iOS and macOS (from Apple's
    /// NSExtensionPointIdentifier documentation), so that lint can tell a typo from a point
    /// Appex merely does not run.
    public static let apple: Set<String> = [
        "com.apple.share-services", "com.apple.ui-services", "com.apple.services",
        "com.apple.widget-extension", "com.apple.widgetkit-extension", "com.apple.keyboard-service",
        "com.apple.photo-editing", "com.apple.fileprovider-nonui", "com.apple.fileprovider-ui",
        "com.apple.fileprovider-actionsui", "com.apple.FileProvider-nonUI", "com.apple.FileProvider-UI",
        "com.apple.authentication-services-credential-provider-ui", "com.apple.AudioUnit-UI",
        "com.apple.AudioUnit", "com.apple.broadcast-services-upload", "com.apple.broadcast-services-setupui",
        "com.apple.callkit.call-directory", "com.apple.classkit.context-provider",
        "com.apple.usernotifications.content-extension", "com.apple.usernotifications.service",
        "com.apple.intents-service", "com.apple.intents-ui-service", "com.apple.message-payload-provider",
        "com.apple.networkextension.packet-tunnel", "com.apple.networkextension.app-proxy",
        "com.apple.networkextension.filter-data", "com.apple.networkextension.filter-control",
        "com.apple.networkextension.dns-proxy", "com.apple.Safari.content-blocker",
        "com.apple.Safari.web-extension", "com.apple.Safari.extension", "com.apple.spotlight.index",
        "com.apple.quicklook.preview", "com.apple.quicklook.thumbnail", "com.apple.identitylookup.message-filter",
        "com.apple.identitylookup.classification-ui", "com.apple.tv-top-shelf", "com.apple.printing.discovery",
        "com.apple.FinderSync", "com.apple.appintents-extension", "com.apple.background-asset-downloader-extension",
        "com.apple.deviceactivity.monitor-extension", "com.apple.ManagedSettings.shield-configuration-service",
        "com.apple.ManagedSettings.shield-action-service", "com.apple.location.push.service",
        "com.apple.message-filter", "com.apple.calendar.virtualconference", "com.apple.email.extension",
        "com.apple.dt.Xcode.extension.source-editor", "com.apple.services.extension",
    ]
}
