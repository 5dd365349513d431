import Glibc
import SystemSupport
import Testing

@Suite struct SystemErrorTextTests {
    struct TextCase: CustomTestStringConvertible, Sendable {
        let name: String
        let errno: Int32
        let expected: String
        var testDescription: String { name }
    }

    static let texts: [TextCase] = [
        .init(name: "broken pipe", errno: EPIPE, expected: "EPIPE (Broken pipe)"),
        .init(name: "missing file", errno: ENOENT, expected: "ENOENT (No such file or directory)"),
        .init(name: "interrupted", errno: EINTR, expected: "EINTR (Interrupted system call)"),
        .init(name: "a number without a name", errno: 4242, expected: "Unknown error 4242"),
    ]

    @Test(arguments: texts)
    func nameThenDescription(_ example: TextCase) {
        #expect(SystemErrorText.text(example.errno) == example.expected)
    }
}
