import AppExtensions
import ExtensionUI
import Foundation

/// The standard compose sheet of a share extension: Apple's `SLComposeServiceViewController`,
/// a `UIViewController` with the shared content, an editable text (``textView``), a
/// character counter, Post and Cancel, and a list of configuration items. Subclass it and
/// override what iOS lets you override.
///
/// ```swift
/// class ShareViewController: SLComposeServiceViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         title = "Notes"
///         placeholder = "Add a comment"
///     }
///     override func isContentValid() -> Bool {
///         charactersRemaining = (140 - contentText.count) as NSNumber
///         return !contentText.isEmpty && charactersRemaining.intValue >= 0
///     }
///     override func didSelectPost() {
///         // … save contentText to the app group …
///         extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
///     }
///     override func configurationItems() -> [Any]! { [] }
/// }
/// ```
///
/// Everything here runs in the extension's process on the main actor, as on iOS: the
/// sheet is presented in UIKit's order (`viewDidLoad`, `viewWillAppear`, `viewDidAppear`,
/// then ``presentationAnimationDidFinish()``), the host renders its state
/// (``ComposeSheetState``: the title, the text, the items, a presented alert) and sends the
/// person's events, which ``ComposeSheet`` applies. docs/COMPOSE.md has the rules and what
/// differs from iOS.
@MainActor
open class ComposeServiceViewController: UIViewController, UITextViewDelegate {
    /// The text view whose text the person edits: the sheet's text.
    public private(set) var textView: UITextView!
    /// The text view's text (read-only: the person edits it).
    public var contentText: String! { textView.text ?? "" }
    /// Shown while the text is empty.
    public var placeholder: String! { didSet { setNeedsPublish() } }
    /// The counter: `nil` hides it; a negative value shows it over the limit and disables
    /// Post.
    public var charactersRemaining: NSNumber! { didSet { setNeedsPublish() } }
    /// A controller shown under the text while the person types (accepted, not shown).
    public var autoCompletionViewController: UIViewController!

    /// The configuration items as last loaded, and the pushed controller, if any.
    var items: [ComposeSheetConfigurationItem] = []
    var pushed: UIViewController?
    /// The pushed controller's own view host, when it is not a ``ComposeConfigurationView``.
    var pushedHost: ViewHost?
    /// What `isContentValid()` said last.
    var contentIsValid = true
    /// Misuses of the sheet's API, reported with the next state.
    var misuses: [String] = []
    /// The sheet showing this controller, told when its state changes.
    weak var sheet: ComposeSheet?
    /// The first URL's or text's value, once the sheet loaded it for the preview.
    var previewDetail: (typeIdentifier: String, detail: String)?

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        makeTextView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        makeTextView()
    }

    public override init() {
        super.init()
        makeTextView()
    }

    private func makeTextView() {
        let text = UITextView()
        text.delegate = self
        textView = text
    }

    /// The sheet's view: the text view in a plain view.
    open override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 260))
        root.addSubview(textView)
        view = root
    }

    /// Whether the content can be posted; asked after every edit. Default `true`. Update
    /// ``charactersRemaining`` here.
    open func isContentValid() -> Bool { true }

    /// Asks ``isContentValid()`` again now, for changes that are not edits of the text.
    open func validateContent() {
        contentIsValid = isContentValid()
        setNeedsPublish()
    }

    /// The text changed: the content is validated again, as iOS's sheet does.
    open func textViewDidChange(_ textView: UITextView) {
        validateContent()
    }

    /// The person chose Post. The default completes the request with one item holding the
    /// text (`attributedContentText`) and the input's attachments.
    open func didSelectPost() {
        let item = ExtensionItem()
        item.attributedContentText = NSAttributedString(string: contentText ?? "")
        item.attachments = extensionContext?.inputItems.flatMap { $0.attachments ?? [] }
        extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
    }

    /// The person chose Cancel. The default cancels the request with `NSUserCancelledError`
    /// (Cocoa domain, code 3072), as the iOS header says.
    open func didSelectCancel() {
        extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
    }

    /// Cancels the sheet, as the Cancel button does: the sheet ends and ``didSelectCancel()``
    /// runs.
    open func cancel() {
        if let sheet {
            sheet.cancelFromController()
        } else {
            didSelectCancel()
        }
    }

    /// The sheet is on screen: the place to start expensive work.
    open func presentationAnimationDidFinish() {}

    /// The configuration items to show below the text, as `SLComposeSheetConfigurationItem`s;
    /// default `nil` (none). Other objects in the array are reported as misuses.
    open func configurationItems() -> [Any]! { nil }

    /// Asks ``configurationItems()`` again: needed only when the set of items changes.
    open func reloadConfigurationItems() {
        let all = configurationItems() ?? []
        items = all.compactMap { $0 as? ComposeSheetConfigurationItem }
        for other in all where !(other is ComposeSheetConfigurationItem) {
            misuses.append("configurationItems() returned a \(type(of: other)), not an SLComposeSheetConfigurationItem; it is not shown")
        }
        for item in items { item.controller = self }
        setNeedsPublish()
    }

    /// Something the sheet shows changed: the host hears of it (with the reply to the event
    /// being applied, or on its own).
    func setNeedsPublish() {
        sheet?.setNeedsPublish()
    }

    /// What the sheet previews: by default a view showing the first image, URL, text or
    /// file attachment's suggested name and type, and, once loaded, the URL or the start of
    /// the text. A view of your own is shown by what it holds (an image view's image, a
    /// label's text); `nil` for none.
    open func loadPreviewView() -> UIView! {
        guard let (kind, provider) = previewAttachment() else { return nil }
        let type = provider.registeredTypeIdentifiers.first ?? ""
        let detail = previewDetail.flatMap { $0.typeIdentifier == type ? $0.detail : nil }
        return ComposePreviewView(ComposePreview(kind: kind, title: provider.suggestedName ?? type, typeIdentifier: type, detail: detail))
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
        contentIsValid && (charactersRemaining?.intValue ?? 0) >= 0 && pushed == nil
    }
}

/// The default preview: the attachment's kind, name and, once loaded, its start.
final class ComposePreviewView: UIView {
    let preview: ComposePreview

    init(_ preview: ComposePreview) {
        self.preview = preview
        super.init(frame: CGRect(x: 0, y: 0, width: 72, height: 72))
    }

    required init?(coder: NSCoder) {
        nil
    }
}
