import AppexCLI
import Testing

/// Terminal columns: what the compose sheet's text area and preview line are laid out by.
@Suite("Display width")
struct DisplayWidthTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let columns: Int
        var testDescription: String { name }
    }

    static let widths: [Case] = [
        Case(name: "ASCII", text: "hello", columns: 5),
        Case(name: "CJK: two columns each", text: "分享链接", columns: 8),
        Case(name: "a combining accent takes none", text: "e\u{301}", columns: 1),
        Case(name: "fullwidth Latin", text: "ＡＢ", columns: 4),
        Case(name: "mixed", text: "a分b", columns: 4),
    ]

    @Test("columns", arguments: widths)
    func columns(_ widthCase: Case) {
        #expect(DisplayWidth.of(widthCase.text) == widthCase.columns)
    }

    @Test("wrapping never splits a wide character across the edge, and keeps the text's own newlines")
    func wrap() {
        #expect(DisplayWidth.wrap("分享一个链接", width: 5) == ["分享", "一个", "链接"])
        #expect(DisplayWidth.wrap("ab\ncd", width: 10) == ["ab", "cd"])
        #expect(DisplayWidth.wrap("", width: 4) == [""])
    }

    @Test("padding and cutting count columns, not characters")
    func padAndTruncate() {
        #expect(DisplayWidth.pad("公开", to: 6) == "公开  ")
        #expect(DisplayWidth.truncate("https://www.swift.org/blog", to: 10) == "https://w…")
        #expect(DisplayWidth.truncate("分享一个链接", to: 7) == "分享一…")
        #expect(DisplayWidth.truncate("short", to: 10) == "short")
    }
}
