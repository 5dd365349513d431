import ExtensionHost
import ExtensionUI
import Foundation
import Testing

/// Hostile view snapshots: refused by field, before anyone draws them.
@Suite("View snapshot limits")
struct ViewLimitsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let snapshot: ViewSnapshot
        let field: String?
        var testDescription: String { name }
    }

    static let megabyte = String(repeating: "x", count: 1 << 20)

    static func snapshot(title: String? = "Fixture", elements: [ViewSnapshot.Element] = [], bar: [ViewSnapshot.Element] = [],
                         alert: ViewSnapshot.Alert? = nil, width: Double = 0, misuses: [String] = []) -> ViewSnapshot {
        ViewSnapshot(revision: 1, title: title, barButtons: bar, elements: elements, alert: alert, preferredWidth: width, misuses: misuses)
    }

    static let cases: [Case] = [
        Case(name: "a reasonable view", snapshot: snapshot(elements: [
            .init(kind: .heading, id: 1, text: "分享"), .init(kind: .textView, id: 2, text: String(repeating: "x", count: 60_000)),
            .init(kind: .image, id: 3, text: "a photo", image: Data(count: 1 << 20)),
        ], alert: .init(title: "Send?", message: nil, style: "alert", actions: [.init(title: "OK", style: "default")])), field: nil),
        Case(name: "a 1 MB title", snapshot: snapshot(title: megabyte), field: "title has 1048576 bytes; at most 4096"),
        Case(name: "a 1 MB label", snapshot: snapshot(elements: [.init(kind: .text, id: 1, text: megabyte)]),
             field: "elements[0].text has 1048576 bytes; at most 4096"),
        Case(name: "1 MB in a text view", snapshot: snapshot(elements: [.init(kind: .textView, id: 1, text: megabyte)]),
             field: "elements[0].text has 1048576 bytes; at most 65536"),
        Case(name: "a 1 MB placeholder", snapshot: snapshot(elements: [.init(kind: .textField, id: 1, text: "", placeholder: megabyte)]),
             field: "elements[0].placeholder has 1048576 bytes"),
        Case(name: "10,000 elements", snapshot: snapshot(elements: Array(repeating: .init(kind: .text, id: 1, text: "x"), count: 10_000)),
             field: "elements: 10000; at most 256"),
        Case(name: "100 bar buttons", snapshot: snapshot(bar: Array(repeating: .init(kind: .button, id: 1, text: "x"), count: 100)),
             field: "bar buttons: 100; at most 8"),
        Case(name: "8 MB of images", snapshot: snapshot(elements: Array(repeating: .init(kind: .image, id: 1, text: "", image: Data(count: 1 << 20)), count: 8)),
             field: "images: 8388608 bytes; at most 4194304"),
        Case(name: "an alert with 100 actions", snapshot: snapshot(alert: .init(title: nil, message: nil, style: "alert",
                                                                                 actions: Array(repeating: .init(title: "x", style: "default"), count: 100))),
             field: "alert.actions: 100; at most 16"),
        Case(name: "an alert's 1 MB message", snapshot: snapshot(alert: .init(title: nil, message: megabyte, style: "alert", actions: [])),
             field: "alert.message has 1048576 bytes"),
        Case(name: "a preferred width of a billion points", snapshot: snapshot(width: 1e9), field: "preferredWidth is 1000000000.0; 0 to 10000"),
        Case(name: "100 misuses", snapshot: snapshot(misuses: Array(repeating: "twice", count: 100)), field: "misuses: 100 in one snapshot; at most 16"),
    ]

    @Test("each limit names the field it refuses", arguments: cases)
    func limits(_ hostile: Case) {
        let problem = ViewLimits().violation(in: hostile.snapshot)
        if let field = hostile.field {
            #expect(problem?.contains(field) == true, "\(problem ?? "accepted")")
        } else {
            #expect(problem == nil)
        }
    }
}
