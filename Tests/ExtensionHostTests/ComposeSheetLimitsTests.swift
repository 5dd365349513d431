import ComposeSheet
import ExtensionHost
import ExtensionIPC
import ExtensionWire
import Foundation
import Testing

/// Hostile compose-sheet states: refused by field, before anyone draws them.
@Suite("Compose sheet limits")
struct ComposeSheetLimitsTests {
    static func state(text: String = "", items: [ComposeSheetState.Item] = [], pushed: ComposeSheetState.PushedView? = nil) -> ComposeSheetState {
        ComposeSheetState(revision: 1, contentText: text, placeholder: nil, charactersRemaining: nil, isContentValid: true,
                          isPostEnabled: true, items: items, pushed: pushed, preview: nil)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let state: ComposeSheetState
        let field: String?
        var testDescription: String { name }
    }

    static let megabyte = String(repeating: "x", count: 1 << 20)

    static let cases: [Case] = [
        Case(name: "a reasonable sheet", state: state(text: "hello", items: [.init(title: "公开权限", value: "好友", valuePending: false)]), field: nil),
        Case(name: "a 1 MB title", state: state(items: [.init(title: megabyte, value: nil, valuePending: false)]), field: "items[0].title has 1048576 bytes"),
        Case(name: "10,000 items", state: state(items: Array(repeating: .init(title: "x", value: nil, valuePending: false), count: 10_000)),
             field: "configuration items: 10000; at most 64"),
        Case(name: "1 MB of text", state: state(text: megabyte), field: "contentText has 1048576 bytes"),
        Case(name: "a pushed view with no choices", state: state(pushed: .init(title: "t", content: .choices([], selected: nil))),
             field: "pushed.choices is empty"),
        Case(name: "a selection outside the choices", state: state(pushed: .init(title: "t", content: .choices(["a"], selected: 3))),
             field: "pushed.selected is 3, outside the 1 choices"),
    ]

    @Test("each limit names the field it refuses", arguments: cases)
    func limits(_ hostile: Case) {
        let problem = ComposeSheetLimits().violation(in: hostile.state)
        if let field = hostile.field {
            #expect(problem?.contains(field) == true, "\(problem ?? "accepted")")
        } else {
            #expect(problem == nil)
        }
    }

    @Test("invalid UTF-8 in a state is a malformed message, never a string")
    func invalidUTF8() throws {
        let update = WireMessage.composeUpdate(ComposeUpdate(state: Self.state(text: "plain-ascii-text")))
        var payload = try update.frame().payload
        let marker = Data("plain-ascii-text".utf8)
        let range = try #require(payload.range(of: marker))
        payload[range.lowerBound] = 0xFF
        #expect { _ = try WireMessage(Frame(kind: .composeUpdate, payload: payload)) } throws: { error in
            (error as? WireProtocolError)?.code == .malformed && (error as? WireProtocolError)?.message.contains("above 0x7F") == true
        }
    }
}
