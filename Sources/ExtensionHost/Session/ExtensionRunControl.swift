import AppExtensions
import Synchronization

/// The host's hold on a run in progress: tell the extension that the host's state
/// changed, or end the request (the user dismissed the sheet).
///
/// ```swift
/// let control = ExtensionRunControl()
/// async let report = host.run(installed, items: items, control: control)
/// control.hostStateDidChange(.didEnterBackground)
/// ```
public final class ExtensionRunControl: Sendable {
    private let pending = Mutex<[Command]>([])

    enum Command: Sendable {
        case hostState(ExtensionContext.HostState)
        case end
    }

    /// Creates a control for one run.
    public init() {}

    /// Sends `state` to the extension (its context posts the matching notification).
    public func hostStateDidChange(_ state: ExtensionContext.HostState) {
        pending.withLock { $0.append(.hostState(state)) }
    }

    /// Ends the request now: the extension is terminated and the run reports it.
    public func end() {
        pending.withLock { $0.append(.end) }
    }

    /// The commands not yet carried out, oldest first.
    func take() -> [Command] {
        pending.withLock { commands in
            defer { commands.removeAll() }
            return commands
        }
    }
}
