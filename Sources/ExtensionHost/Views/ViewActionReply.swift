import ExtensionUI

/// The extension's answer to one thing the person did on its view controller.
public struct ViewActionReply: Hashable, Sendable {
    /// The controller after the action (unchanged when it was refused).
    public var snapshot: ViewSnapshot
    /// Why the action could not apply (`no-such-element`, `disabled`, `no-alert`, …), if it could not.
    public var refusal: (code: String, message: String)? {
        refusalCode.map { ($0, refusalMessage ?? "") }
    }

    var refusalCode: String?
    var refusalMessage: String?

    init(snapshot: ViewSnapshot, refusalCode: String?, refusalMessage: String?) {
        self.snapshot = snapshot
        self.refusalCode = refusalCode
        self.refusalMessage = refusalMessage
    }
}
