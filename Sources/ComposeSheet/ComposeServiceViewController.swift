import AppExtensions
import Foundation

/// The standard compose sheet of a share extension (Apple's `SLComposeServiceViewController`):
/// the shared content with an editable text, a character counter, Post and Cancel, and a
/// list of configuration items. Subclass it and override what iOS lets you override.
///
/// ```swift
/// final class ShareViewController: ComposeServiceViewController {
///     override func isContentValid() -> Bool {
///         charactersRemaining = 140 - contentText.count
///         return !contentText.isEmpty && charactersRemaining! >= 0
///     }
///     override func didSelectPost() {
///         // … save contentText to the app group …
///         super.didSelectPost()
///     }
/// }
/// ```
///
/// Everything here runs in the extension's process on the main actor, as on iOS; the host
/// only renders the sheet's state (``ComposeSheetState``) and sends the user's events,
/// which ``ComposeSheet`` applies. docs/COMPOSE.md has the rules and what differs from iOS.
@MainActor
open class ComposeServiceViewController {
    /// The text view's text (read-only, as on iOS: the user edits it).
    public internal(set) var contentText = ""
    /// Shown while the text is empty.
    public var placeholder: String?
    /// The counter: `nil` hides it; a negative value shows it over the limit and disables
    /// Post.
    public var charactersRemaining: Int?
    /// The request's context; set before the sheet is presented.
    public internal(set) var extensionContext: ExtensionContext?

    /// The configuration items as last loaded, and the pushed view, if any.
    var items: [ComposeSheetConfigurationItem] = []
    var pushed: ComposeConfigurationView?
    /// What `isContentValid()` said last.
    var contentIsValid = true
    /// Misuses of the sheet's API, reported with the next state.
    var misuses: [String] = []
    /// The sheet showing this controller, told when its state changes.
    weak var sheet: ComposeSheet?
    /// The first URL's or text's value, once the sheet loaded it for the preview.
    var previewDetail: (typeIdentifier: String, detail: String)?

    /// Creates the controller (the runtime makes one per request).
    public nonisolated init() {}

    /// Whether the content can be posted; asked after every edit. Default `true`. Update
    /// ``charactersRemaining`` here.
    open func isContentValid() -> Bool { true }

    /// Asks ``isContentValid()`` again now, for changes that are not edits of the text.
    public func validateContent() {
        contentIsValid = isContentValid()
        setNeedsPublish()
    }

    /// The user chose Post. The default completes the request with one item holding the
    /// text (`attributedContentText`) and the input's attachments.
    open func didSelectPost() {
        let item = ExtensionItem()
        item.attributedContentText = NSAttributedString(string: contentText)
        item.attachments = extensionContext?.inputItems.flatMap { $0.attachments ?? [] }
        extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
    }

    /// The user chose Cancel. The default cancels the request with `NSUserCancelledError`
    /// (Cocoa domain, code 3072), as the iOS header says.
    open func didSelectCancel() {
        extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
    }

    /// The sheet is on screen: the place to start expensive work.
    open func presentationAnimationDidFinish() {}

    /// The configuration items to show below the text; default `nil` (none).
    open func configurationItems() -> [ComposeSheetConfigurationItem]? { nil }

    /// Asks ``configurationItems()`` again: needed only when the set of items changes.
    public func reloadConfigurationItems() {
        items = configurationItems() ?? []
        for item in items { item.controller = self }
        setNeedsPublish()
    }

    /// Something the sheet shows changed: the host hears of it (with the reply to the event
    /// being applied, or on its own).
    func setNeedsPublish() {
        sheet?.setNeedsPublish()
    }

    /// Shows `view` over the items; one at a time, as on iOS (a second push while one is
    /// shown is refused and reported as a misuse).
    public func pushConfigurationViewController(_ view: ComposeConfigurationView) {
        guard pushed == nil else {
            misuses.append("pushConfigurationViewController while \"\(pushed?.title ?? "")\" is shown: only one at a time")
            return
        }
        pushed = view
        setNeedsPublish()
    }

    /// Dismisses the pushed view.
    public func popConfigurationViewController() {
        pushed = nil
        setNeedsPublish()
    }

    /// What the sheet previews: by default the first image, URL, text or file attachment's
    /// suggested name and type, and, once loaded, the URL or the start of the text
    /// (``ComposePreview/detail``); `nil` for none.
    open func loadPreviewView() -> ComposePreview? {
        guard let (kind, provider) = previewAttachment() else { return nil }
        let type = provider.registeredTypeIdentifiers.first ?? ""
        let detail = previewDetail.flatMap { $0.typeIdentifier == type ? $0.detail : nil }
        return ComposePreview(kind: kind, title: provider.suggestedName ?? type, typeIdentifier: type, detail: detail)
    }

    /// The attachment the default preview shows, and its kind.
    func previewAttachment() -> (ComposePreview.Kind, ItemProvider)? {
        let providers = extensionContext?.inputItems.flatMap { $0.attachments ?? [] } ?? []
        for kind in ComposePreview.Kind.allCases {
            if let provider = providers.first(where: { ComposePreview.conforms($0, to: kind) }) { return (kind, provider) }
        }
        return nil
    }

    /// Whether Post may be chosen: the content is valid, the counter is not negative, and no
    /// configuration view is pushed (iOS shows Back instead of Post then).
    var isPostEnabled: Bool {
        contentIsValid && (charactersRemaining ?? 0) >= 0 && pushed == nil
    }
}
