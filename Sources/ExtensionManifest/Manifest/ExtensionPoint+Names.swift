extension ExtensionPoint {
    /// Where every point lint knows is accounted for: hosted or not, and how Appex would
    /// host the ones it does not (the path in the Appex repository).
    public static let document = "docs/EXTENSION-POINTS.md"

    /// Apple's name for the point `identifier` ("Custom Keyboard"), or `nil` for one Apple
    /// does not define.
    public static func appleName(_ identifier: String) -> String? {
        appleNames[identifier]
    }

    /// The point with its name, for messages: "com.apple.keyboard-service (Custom Keyboard)".
    public static func described(_ identifier: String) -> String {
        appleName(identifier).map { "\(identifier) (\($0))" } ?? identifier
    }

    /// Every extension point identifier Apple defines on iOS and macOS (from Apple's
    /// NSExtensionPointIdentifier documentation), with Apple's name for it; docs/EXTENSION-POINTS.md
    /// has the same table, with what each does and whether Appex hosts it.
    static let appleNames: [String: String] = [
        "com.apple.share-services": "Share",
        "com.apple.ui-services": "Action",
        "com.apple.services": "Action, no UI",
        "com.apple.widget-extension": "Today",
        "com.apple.widgetkit-extension": "Widget",
        "com.apple.keyboard-service": "Custom Keyboard",
        "com.apple.photo-editing": "Photo Editing",
        "com.apple.fileprovider-nonui": "File Provider",
        "com.apple.fileprovider-ui": "Document Picker",
        "com.apple.fileprovider-actionsui": "File Provider Actions UI",
        "com.apple.FileProvider-nonUI": "Document Provider (file provider)",
        "com.apple.FileProvider-UI": "Document Provider (document picker)",
        "com.apple.authentication-services-credential-provider-ui": "Credential Provider",
        "com.apple.AudioUnit-UI": "Audio Unit UI",
        "com.apple.AudioUnit": "Audio Unit",
        "com.apple.broadcast-services-upload": "Broadcast Upload",
        "com.apple.broadcast-services-setupui": "Broadcast Setup UI",
        "com.apple.callkit.call-directory": "Call Directory",
        "com.apple.classkit.context-provider": "ClassKit Context Provider",
        "com.apple.usernotifications.content-extension": "Notification Content",
        "com.apple.usernotifications.service": "Notification Service",
        "com.apple.intents-service": "Intents",
        "com.apple.intents-ui-service": "Intents UI",
        "com.apple.message-payload-provider": "iMessage",
        "com.apple.networkextension.packet-tunnel": "Packet Tunnel Provider",
        "com.apple.networkextension.app-proxy": "App Proxy Provider",
        "com.apple.networkextension.filter-data": "Content Filter Data Provider",
        "com.apple.networkextension.filter-control": "Content Filter Control Provider",
        "com.apple.networkextension.dns-proxy": "DNS Proxy Provider",
        "com.apple.Safari.content-blocker": "Safari Content Blocker",
        "com.apple.Safari.web-extension": "Safari Web Extension",
        "com.apple.Safari.extension": "Safari App Extension",
        "com.apple.spotlight.index": "Spotlight Index",
        "com.apple.quicklook.preview": "Quick Look Preview",
        "com.apple.quicklook.thumbnail": "Thumbnail",
        "com.apple.identitylookup.message-filter": "Message Filter",
        "com.apple.identitylookup.classification-ui": "Unwanted Communication Reporting",
        "com.apple.tv-top-shelf": "TV Top Shelf",
        "com.apple.printing.discovery": "Print Service",
        "com.apple.FinderSync": "Finder Sync",
        "com.apple.appintents-extension": "App Intents",
        "com.apple.background-asset-downloader-extension": "Background Assets Downloader",
        "com.apple.deviceactivity.monitor-extension": "Device Activity Monitor",
        "com.apple.ManagedSettingsUI.shield-configuration-service": "Shield Configuration",
        "com.apple.ManagedSettings.shield-action-service": "Shield Action",
        "com.apple.location.push.service": "Location Push Service",
        "com.apple.message-filter": "SMS and Call Filter",
        "com.apple.calendar.virtualconference": "Virtual Conference",
        "com.apple.email.extension": "Mail",
        "com.apple.dt.Xcode.extension.source-editor": "Xcode Source Editor",
        "com.apple.services.extension": "Services",
    ]
}
