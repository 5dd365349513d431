import Foundation
import Synchronization

/// An extension's view of the request it serves: Apple's `NSExtensionContext`.
///
/// The context hands out the host's ``inputItems`` and tells the host, through its
/// ``ExtensionHostConnection``, when the request is completed or cancelled. A request
/// ends once: a second `completeRequest` or `cancelRequest` is reported to the connection
/// as ``ExtensionContextError/Code/requestAlreadyFinished`` and otherwise ignored (the
/// second completion handler is called with `expired == true`), never a crash.
///
/// ```swift
/// func beginRequest(with context: ExtensionContext) {
///     let item = ExtensionItem()
///     item.attachments = [ItemProvider(item: "DONE", typeIdentifier: "public.plain-text")]
///     context.completeRequest(returningItems: [item])
/// }
/// ```
public final class ExtensionContext: Sendable {
    /// Apple's key in a cancellation error's userInfo: a dictionary from the input
    /// ``ExtensionItem``s to their errors (`NSExtensionItemsAndErrorsKey`).
    public static let itemsAndErrorsKey = "NSExtensionItemsAndErrorsKey"

    /// The items the host sent; empty, never `nil`, when it sent none.
    public let inputItems: [ExtensionItem]
    /// What the extension point allows.
    public let configuration: Configuration
    let connection: any ExtensionHostConnection
    let finished = Mutex<Finish?>(nil)
    /// A Today widget's display modes (``widgetActiveDisplayMode``); unused by other points.
    let widgetModes = Mutex(WidgetModes())

    enum Finish: String { case completed, cancelled }

    /// Creates a context for `inputItems`, reporting to `connection`.
    public init(inputItems: [ExtensionItem], connection: any ExtensionHostConnection,
                configuration: Configuration = Configuration()) {
        self.inputItems = inputItems
        self.connection = connection
        self.configuration = configuration
    }

    /// A context with no input items and no host (Apple's `NSExtensionContext()`), for code
    /// that makes one itself, such as a test of an extension's view controller.
    ///
    /// Nothing is sent anywhere: ``completeRequest(returningItems:completionHandler:)``
    /// ends the request and its completion handler runs on a background queue with
    /// `expired == false` (no host, so no grace period to run out); the returned items are
    /// dropped. ``cancelRequest(withError:)`` ends the request. ``open(_:completionHandler:)``
    /// answers `false` (the default configuration allows no URL without a containing app).
    /// A second `completeRequest` or `cancelRequest` is ignored, as for any context.
    public convenience init() {
        self.init(inputItems: [], connection: NoHostConnection())
    }

    /// Whether the request was already completed or cancelled.
    public var isRequestFinished: Bool { finished.withLock { $0 != nil } }

    /// Completes the request, returning `items` to the host (`nil` means none).
    ///
    /// `completionHandler` runs on a background queue once the host has the items, with
    /// `expired == true` if the grace period ran out first; after it, the host may end
    /// the extension at any time. Called after the request ended, this reports
    /// ``ExtensionContextError/Code/requestAlreadyFinished`` and calls the handler with
    /// `expired == true`.
    public func completeRequest(returningItems items: [ExtensionItem]?,
                                completionHandler: (@Sendable (_ expired: Bool) -> Void)? = nil) {
        if let error = finish(as: .completed, call: "completeRequest(returningItems:)") {
            connection.extensionContext(self, didMisuse: error)
            Offload.run { completionHandler?(true) }
            return
        }
        connection.completeRequest(returningItems: items ?? []) { expired in
            DispatchQueue.global(qos: .background).async { completionHandler?(expired) }
        }
    }

    /// Completes the request and waits for the host; returns `expired`.
    /// - Throws: ``ExtensionContextError`` `.requestAlreadyFinished` if the request had ended.
    public func complete(returningItems items: [ExtensionItem]?) async throws(ExtensionContextError) -> Bool {
        if let error = finish(as: .completed, call: "complete(returningItems:)") {
            connection.extensionContext(self, didMisuse: error)
            throw error
        }
        return await withCheckedContinuation { continuation in
            connection.completeRequest(returningItems: items ?? []) { continuation.resume(returning: $0) }
        }
    }

    /// Cancels the request with `error`.
    ///
    /// The host receives an `NSError` with `error`'s domain, code and userInfo, plus
    /// ``itemsAndErrorsKey`` mapping every input item to that error. Called after the
    /// request ended, this reports ``ExtensionContextError/Code/requestAlreadyFinished``
    /// and does nothing else.
    public func cancelRequest(withError error: any Error) {
        try? cancel(withError: error)
    }

    /// Cancels the request with `error`, as ``cancelRequest(withError:)``.
    /// - Throws: ``ExtensionContextError`` `.requestAlreadyFinished` if the request had ended.
    public func cancel(withError error: any Error) throws(ExtensionContextError) {
        if let misuse = finish(as: .cancelled, call: "cancelRequest(withError:)") {
            connection.extensionContext(self, didMisuse: misuse)
            throw misuse
        }
        let base = error as NSError
        var info = base.userInfo
        info[Self.itemsAndErrorsKey] = Dictionary(uniqueKeysWithValues: inputItems.map { ($0, base) })
        connection.cancelRequest(withError: NSError(domain: base.domain, code: base.code, userInfo: info))
    }

    /// Records the end of the request, or returns the misuse if it had already ended.
    private func finish(as outcome: Finish, call: String) -> ExtensionContextError? {
        let previous = finished.withLock { state -> Finish? in
            defer { if state == nil { state = outcome } }
            return state
        }
        guard let previous else { return nil }
        return ExtensionContextError(.requestAlreadyFinished,
                                     "\(call) was called after the request was already \(previous.rawValue); the call was ignored")
    }
}
