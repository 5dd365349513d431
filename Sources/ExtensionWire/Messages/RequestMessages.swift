import AppExtensions
import Foundation

/// Extension → host, first: the extension process is up and speaks ``protocolVersion``.
public struct Hello: Codable, Hashable, Sendable {
    /// The protocol version the extension speaks.
    public var protocolVersion: Int
    /// The extension's process ID inside its sandbox.
    public var processIdentifier: Int32

    /// Creates a hello.
    public init(protocolVersion: Int = WireProtocol.version, processIdentifier: Int32) {
        self.protocolVersion = protocolVersion
        self.processIdentifier = processIdentifier
    }
}

/// Host → extension: the request, its input items and what the extension point allows.
public struct BeginRequest: Codable, Hashable, Sendable {
    /// The protocol version the host speaks.
    public var protocolVersion: Int
    /// The input items; attachments are descriptions only.
    public var items: [WireItem]
    /// What `open(_:)` may open.
    public var openURLPolicy: String
    /// The containing app's URL schemes.
    public var containingAppURLSchemes: [String]

    /// Creates a request from `items` and `configuration`.
    public init(items: [WireItem], configuration: ExtensionContext.Configuration) {
        protocolVersion = WireProtocol.version
        self.items = items
        openURLPolicy = configuration.openURLPolicy.rawValue
        containingAppURLSchemes = configuration.containingAppURLSchemes.sorted()
    }

    /// The context configuration; an unknown policy is the strictest one.
    public var configuration: ExtensionContext.Configuration {
        ExtensionContext.Configuration(openURLPolicy: ExtensionContext.OpenURLPolicy(rawValue: openURLPolicy) ?? .none,
                                       containingAppURLSchemes: Set(containingAppURLSchemes))
    }
}

/// Host → extension: the host's state changed (Apple's NSExtensionHost… notifications).
public struct HostStateChange: Codable, Hashable, Sendable {
    /// The new state (``ExtensionContext/HostState`` raw value).
    public var state: String

    /// Creates a change.
    public init(_ state: ExtensionContext.HostState) {
        self.state = state.rawValue
    }
}
