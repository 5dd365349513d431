import AppExtensions
import Synchronization

/// The host's hold on a run started with ``ExtensionHost/run(_:items:configuration:control:)``:
/// tell the extension that the host's state changed, or end the request (the user
/// dismissed the sheet).
///
/// ```swift
/// let control = ExtensionRunControl()
/// async let report = host.run(installed, items: items, control: control)
/// control.hostStateDidChange(.didEnterBackground)
/// ```
///
/// Commands given before the run starts are carried out as soon as it does; each reaches
/// the session at once (no polling). Inside ``ExtensionHost/withSession(_:items:configuration:_:)``
/// use the ``ExtensionSession`` itself.
public final class ExtensionRunControl: Sendable {
    private struct State: Sendable {
        var session: ExtensionSession?
        var pending: [Command] = []
    }

    private enum Command: Sendable {
        case hostState(ExtensionContext.HostState)
        case end
    }

    private let state = Mutex(State())

    /// Creates a control for one run.
    public init() {}

    /// Sends `state` to the extension (its context posts the matching notification).
    public func hostStateDidChange(_ hostState: ExtensionContext.HostState) {
        perform(.hostState(hostState))
    }

    /// Ends the request now: the extension is killed and the run reports `ended-by-host`.
    public func end() {
        perform(.end)
    }

    private func perform(_ command: Command) {
        let session = state.withLock { state -> ExtensionSession? in
            if state.session == nil { state.pending.append(command) }
            return state.session
        }
        if let session { Self.apply(command, to: session) }
    }

    /// Connects the control to its run and carries out what was asked before.
    func attach(_ session: ExtensionSession) {
        let pending = state.withLock { state in
            state.session = session
            defer { state.pending = [] }
            return state.pending
        }
        pending.forEach { Self.apply($0, to: session) }
    }

    private static func apply(_ command: Command, to session: ExtensionSession) {
        switch command {
        case .hostState(let hostState): session.hostStateDidChange(hostState)
        case .end: session.end()
        }
    }
}
