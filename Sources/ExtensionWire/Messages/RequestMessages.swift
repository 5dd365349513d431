import AppExtensions
import Foundation

/// Extension → host, first: the extension process is up and speaks ``protocolVersion``.
package struct Hello: Codable, Hashable, Sendable {
    /// The protocol version the extension speaks.
    package var protocolVersion: Int
    /// The extension's process ID inside its sandbox.
    package var processIdentifier: Int32

    /// Creates a hello.
    package init(protocolVersion: Int = WireProtocol.version, processIdentifier: Int32) {
        self.protocolVersion = protocolVersion
        self.processIdentifier = processIdentifier
    }
}

/// Host → extension: the request, its input items and what the extension point allows.
package struct BeginRequest: Codable, Hashable, Sendable {
    /// The protocol version the host speaks.
    package var protocolVersion: Int
    /// The input items; attachments are descriptions only.
    package var items: [WireItem]
    /// What `open(_:)` may open.
    package var openURLPolicy: String
    /// The containing app's URL schemes.
    package var containingAppURLSchemes: [String]
    /// For a keyboard: the field it types into first, and where it runs.
    package var keyboard: KeyboardSetup?
    /// For a file provider: its storage folder.
    package var fileProvider: FileProviderSetup?

    /// Creates a request from `items` and `configuration`.
    package init(items: [WireItem], configuration: ExtensionContext.Configuration, keyboard: KeyboardSetup? = nil,
                 fileProvider: FileProviderSetup? = nil) {
        protocolVersion = WireProtocol.version
        self.items = items
        openURLPolicy = configuration.openURLPolicy.rawValue
        containingAppURLSchemes = configuration.containingAppURLSchemes.sorted()
        self.keyboard = keyboard
        self.fileProvider = fileProvider
    }

    /// The context configuration; an unknown policy is the strictest one.
    package var configuration: ExtensionContext.Configuration {
        ExtensionContext.Configuration(openURLPolicy: ExtensionContext.OpenURLPolicy(rawValue: openURLPolicy) ?? .none,
                                       containingAppURLSchemes: Set(containingAppURLSchemes))
    }
}

/// Host → extension: the host's state changed (Apple's NSExtensionHost… notifications).
package struct HostStateChange: Codable, Hashable, Sendable {
    /// The new state (``ExtensionContext/HostState`` raw value).
    package var state: String

    /// Creates a change.
    package init(_ state: ExtensionContext.HostState) {
        self.state = state.rawValue
    }
}
