import AppExtensions
import AppExtensionsCompat
import Foundation
import Testing
@testable import ComposeSheet

@MainActor
@Suite("Compose sheet")
struct ComposeSheetTests {
    @Test("Apple's defaults: valid content, no counter, no items, Post enabled; Post completes with the text")
    func defaults() throws {
        let connection = RecordingConnection()
        let item = ExtensionItem()
        item.attributedContentText = NSAttributedString(string: "from the host")
        item.attachments = [ItemProvider(item: .url(try #require(URL(string: "https://www.swift.org"))), typeIdentifier: "public.url")]
        let sheet = ComposeSheet(controller: ComposeServiceViewController(), context: connection.context([item]))
        let state = sheet.present()
        #expect(state.revision == 1)
        #expect(state.contentText == "from the host")
        #expect(state.charactersRemaining == nil)
        #expect(state.isContentValid && state.isPostEnabled)
        #expect(state.items.isEmpty && state.pushed == nil)
        #expect(state.preview == ComposePreview(kind: .url, title: "public.url", typeIdentifier: "public.url"))
        let posted = try sheet.handle(.post)
        #expect(!posted.isPostEnabled)
        let items = try #require(connection.completedItems, "expected a completion, got \(String(describing: connection.ending))")
        #expect(items.first?.attributedContentText?.string == "from the host")
        #expect(items.first?.attachments?.count == 1)
        #expect(throws: ComposeSheetError.self) { try sheet.handle(.textEdited("late")) }
    }

    @Test("Cancel's default is NSUserCancelledError: Cocoa domain, code 3072")
    func cancelDefault() throws {
        let connection = RecordingConnection()
        let sheet = ComposeSheet(controller: SLComposeServiceViewController(), context: connection.context())
        _ = sheet.present()
        _ = try sheet.handle(.cancel)
        let error = try #require(connection.cancellation, "expected a cancellation, got \(String(describing: connection.ending))")
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == 3072)
    }

    struct TextCase: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let remaining: Int
        let valid: Bool
        var testDescription: String { name }
    }

    nonisolated static let texts: [TextCase] = [
        TextCase(name: "empty: invalid", text: "", remaining: 140, valid: false),
        TextCase(name: "140 characters: valid, 0 left", text: String(repeating: "字", count: 140), remaining: 0, valid: true),
        TextCase(name: "141 characters: over the limit", text: String(repeating: "a", count: 141), remaining: -1, valid: false),
        TextCase(name: "a short post", text: "hello", remaining: 135, valid: true),
    ]

    @Test("every edit asks isContentValid(); Post follows it and the counter", arguments: texts)
    func validation(_ textCase: TextCase) throws {
        let sheet = ComposeSheet(controller: SeedShareViewController(), context: RecordingConnection().context())
        let first = sheet.present()
        let state = try sheet.handle(.textEdited(textCase.text))
        #expect(state.revision == first.revision + 1)
        #expect(state.charactersRemaining == textCase.remaining)
        #expect(state.isContentValid == textCase.valid)
        #expect(state.isPostEnabled == textCase.valid)
        if !textCase.valid {
            #expect { try sheet.handle(.post) } throws: { ($0 as? ComposeSheetError)?.code == .postDisabled }
        }
    }

    @Test("a negative count disables Post even when isContentValid() says yes")
    func negativeCountDisablesPost() throws {
        final class Lenient: ComposeServiceViewController {
            override func isContentValid() -> Bool {
                charactersRemaining = NSNumber(value: 3 - contentText.count)
                return true
            }
        }
        let sheet = ComposeSheet(controller: Lenient(), context: RecordingConnection().context())
        _ = sheet.present()
        let state = try sheet.handle(.textEdited("four"))
        #expect(state.isContentValid && state.charactersRemaining == -1 && !state.isPostEnabled)
        #expect { try sheet.handle(.post) } throws: { ($0 as? ComposeSheetError)?.message.contains("1 characters over the limit") == true }
    }

    @Test("seed 000: the switch shows the picker item; the picker is pushed, chosen from, and popped")
    func seedConfiguration() throws {
        let connection = RecordingConnection()
        let sheet = ComposeSheet(controller: SeedShareViewController(), context: connection.context())
        var state = sheet.present()
        #expect(state.items.map(\.title) == ["是否公开"])
        #expect(state.items.map(\.value) == ["否"])

        state = try sheet.handle(.itemTapped(0))
        #expect(state.items.map(\.title) == ["是否公开", "公开权限"])
        #expect(state.items.map(\.value) == ["是", "所有人"])

        state = try sheet.handle(.itemTapped(1))
        #expect(state.pushed == .init(title: "公开权限", content: .choices(["所有人", "好友"], selected: 0)))
        #expect(!state.isPostEnabled, "Back replaces Post while a view is pushed")

        state = try sheet.handle(.choiceMade(1))
        #expect(state.pushed == nil)
        #expect(state.items.map(\.value) == ["是", "好友"])

        state = try sheet.handle(.textEdited("分享一个链接"))
        state = try sheet.handle(.post)
        #expect(connection.completedItems != nil, "expected a completion, got \(String(describing: connection.ending))")
    }

    struct BadEvent: CustomTestStringConvertible, Sendable {
        let name: String
        let event: ComposeSheetEvent
        let code: ComposeSheetError.Code
        var testDescription: String { name }
    }

    nonisolated static let badEvents: [BadEvent] = [
        BadEvent(name: "a tap on an absent item", event: .itemTapped(5), code: .noSuchItem),
        BadEvent(name: "a choice with no list shown", event: .choiceMade(0), code: .noSuchChoice),
        BadEvent(name: "Back with nothing pushed", event: .back, code: .nothingPushed),
        BadEvent(name: "a field edit with no field", event: .fieldEdited("x"), code: .nothingPushed),
        BadEvent(name: "Post while the text is empty", event: .post, code: .postDisabled),
    ]

    @Test("an event that cannot apply is refused with its reason and changes nothing", arguments: badEvents)
    func refusals(_ bad: BadEvent) throws {
        let sheet = ComposeSheet(controller: SeedShareViewController(), context: RecordingConnection().context())
        let before = sheet.present()
        #expect { try sheet.handle(bad.event) } throws: { ($0 as? ComposeSheetError)?.code == bad.code }
        let after = try sheet.handle(.textEdited(before.contentText))
        #expect(after.revision == before.revision + 1, "the refused event made no revision")
        #expect(after.items == before.items)
    }

    @Test("one pushed view at a time: a second push is refused and reported; a text field and a switch report edits")
    func pushedViews() throws {
        final class Settings: ComposeServiceViewController {
            var note = ""
            var loud = false
            override func configurationItems() -> [Any]! {
                let note: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()
                note.title = "Note"
                note.value = self.note
                note.tapHandler = { [weak self] in self?.editNote() }
                let loud: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()
                loud.title = "Loud"
                loud.valuePending = true
                loud.tapHandler = { [weak self] in self?.switchLoud() }
                return [note, loud]
            }

            /// A text field for the note, then (a misuse) a second push while it is shown.
            func editNote() {
                pushConfigurationViewController(ComposeConfigurationView(title: "Note", content: .textField(text: note, placeholder: "a note") { [weak self] in self?.note = $0 }))
                pushConfigurationViewController(ComposeConfigurationView(title: "Second", choices: ["x"]) { _ in })
            }

            /// A switch for "Loud".
            func switchLoud() {
                pushConfigurationViewController(ComposeConfigurationView(title: "Loud", content: .toggle(label: "Loud", isOn: loud) { [weak self] in self?.loud = $0 }))
            }
        }
        let controller = Settings()
        let sheet = ComposeSheet(controller: controller, context: RecordingConnection().context())
        #expect(sheet.present().items.map(\.valuePending) == [false, true])
        var state = try sheet.handle(.itemTapped(0))
        #expect(state.pushed?.title == "Note")
        #expect(state.misuses.count == 1 && state.misuses[0].contains("only one at a time"))
        state = try sheet.handle(.fieldEdited("remember"))
        #expect(state.pushed?.content == .textField(text: "remember", placeholder: "a note"))
        #expect(controller.note == "remember")
        state = try sheet.handle(.back)
        #expect(state.pushed == nil && state.misuses.isEmpty)
        _ = try sheet.handle(.itemTapped(1))
        state = try sheet.handle(.switchToggled(true))
        #expect(controller.loud)
        #expect(state.pushed?.content == .toggle(label: "Loud", isOn: true))
    }

    @Test("presentationAnimationDidFinish runs once the sheet is shown, after the items and the first validation")
    func presentationOrder() {
        final class Ordered: ComposeServiceViewController {
            var calls: [String] = []
            override func isContentValid() -> Bool { calls.append("isContentValid"); return true }
            override func configurationItems() -> [Any]! { calls.append("configurationItems"); return nil }
            override func presentationAnimationDidFinish() { calls.append("presentationAnimationDidFinish") }
        }
        let controller = Ordered()
        _ = ComposeSheet(controller: controller, context: RecordingConnection().context()).present()
        #expect(controller.calls == ["configurationItems", "isContentValid", "presentationAnimationDidFinish"])
    }
}

/// What the controller changes on its own, outside the user's events.
@MainActor
@Suite("Compose sheet: published states")
struct ComposePublishTests {
    final class Counter { var calls = 0 }

    @Test("a change outside an event asks to publish; changes inside one go out with its answer")
    func publishOutsideEvents() throws {
        let item: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()
        let controller = ItemsController(items: [item])
        let sheet = ComposeSheet(controller: controller, context: RecordingConnection().context())
        let counter = Counter()
        sheet.onNeedsPublish = { counter.calls += 1 }
        let first = sheet.present()
        #expect(counter.calls == 0, "present() answers with its own state")
        #expect(sheet.publishIfNeeded() == nil, "nothing changed since")

        item.value = "@appex"
        item.valuePending = false
        #expect(counter.calls == 2)
        let published = try #require(sheet.publishIfNeeded())
        #expect(published.revision == first.revision + 1, "two changes, one state")
        #expect(published.items.first?.value == "@appex")
        #expect(sheet.publishIfNeeded() == nil)

        let edited = try sheet.handle(.textEdited("hi"))
        #expect(counter.calls == 2, "validateContent() inside an event publishes with the reply")
        #expect(edited.revision == published.revision + 1)
        #expect(sheet.publishIfNeeded() == nil)

        _ = try sheet.handle(.cancel)
        item.value = "late"
        #expect(counter.calls == 2, "nothing is published once the request is over")
        #expect(sheet.publishIfNeeded() == nil)
    }

    struct PreviewCase: CustomTestStringConvertible, Sendable {
        let name: String
        let value: String
        let typeIdentifier: String
        let detail: String
        var testDescription: String { name }
    }

    nonisolated static let previews: [PreviewCase] = [
        PreviewCase(name: "a URL", value: "https://www.swift.org/blog/", typeIdentifier: "public.url", detail: "https://www.swift.org/blog/"),
        PreviewCase(name: "a text's first line", value: "\n分享一个链接\nsecond line", typeIdentifier: "public.plain-text", detail: "分享一个链接"),
        PreviewCase(name: "a long text, cut", value: String(repeating: "字", count: 300), typeIdentifier: "public.plain-text",
                    detail: String(repeating: "字", count: 199) + "…"),
    ]

    @Test("the default preview loads the URL or the text's first line, and publishes it", arguments: previews)
    func previewDetail(_ previewCase: PreviewCase) async throws {
        let item = ExtensionItem()
        let value: ItemProviderValue = previewCase.typeIdentifier == "public.url"
            ? .url(try #require(URL(string: previewCase.value))) : .string(previewCase.value)
        item.attachments = [ItemProvider(item: value, typeIdentifier: previewCase.typeIdentifier)]
        let sheet = ComposeSheet(controller: ComposeServiceViewController(), context: RecordingConnection().context([item]))
        let counter = Counter()
        sheet.onNeedsPublish = { counter.calls += 1 }
        #expect(sheet.present().preview?.detail == nil)
        await sheet.loadPreview()
        #expect(counter.calls == 1)
        let state = try #require(sheet.publishIfNeeded())
        #expect(state.preview == ComposePreview(kind: previewCase.typeIdentifier == "public.url" ? .url : .text, title: previewCase.typeIdentifier,
                                                typeIdentifier: previewCase.typeIdentifier, detail: previewCase.detail))
    }
}

/// A controller showing fixed items.
final class ItemsController: ComposeServiceViewController {
    let fixed: [ComposeSheetConfigurationItem]

    init(items: [ComposeSheetConfigurationItem]) {
        fixed = items
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func configurationItems() -> [Any]! { fixed }
}
