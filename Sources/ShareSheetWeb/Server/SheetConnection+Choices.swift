import ExtensionHost
import Foundation

extension SheetConnection {
    /// Stores the person's order and sends the share again in it.
    func reorder(_ ids: [String], post: AsyncStream<SheetMessage>.Continuation) async {
        guard let store = sheet.reorder else {
            post.yield(.problem("This host does not keep an order."))
            return
        }
        let offered = state.withLock { $0.resolution.eligible.map(\.identifier) }
        guard Set(ids) == Set(offered), ids.count == offered.count else {
            post.yield(.problem("The new order must name each offered extension once."))
            return
        }
        do {
            try await store(ids)
        } catch {
            post.yield(.problem("The order could not be saved: \(error)"))
            return
        }
        state.withLock { state in
            state.resolution.eligible = ids.compactMap { id in state.resolution.eligible.first { $0.identifier == id } }
        }
        post.yield(.share(currentShare()))
    }

    /// Stores the person's switch for `identifier` and sends the share again: a disabled
    /// extension leaves the offered ones for "Why not the others?", an enabled one whose
    /// rule accepts the items joins them.
    func setEnabled(_ enabled: Bool, for identifier: String, post: AsyncStream<SheetMessage>.Continuation) async {
        guard let store = sheet.setEnabled else {
            post.yield(.problem("This host does not keep switches."))
            return
        }
        let switchable = state.withLock { state in
            state.resolution.eligible.contains { $0.identifier == identifier }
                || state.resolution.excluded.contains { $0.installed.identifier == identifier && $0.cause == .disabledByUser }
        }
        guard switchable else {
            post.yield(.problem("\(identifier) cannot be switched here."))
            return
        }
        do {
            try await store(identifier, enabled)
        } catch {
            post.yield(.problem("The switch could not be saved: \(error)"))
            return
        }
        state.withLock { $0.resolution = $0.resolution.settingEnabled(enabled, for: identifier) }
        post.yield(.share(currentShare()))
    }
}
