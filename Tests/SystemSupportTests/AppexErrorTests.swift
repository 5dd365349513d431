import SystemSupport
import Testing

@Suite struct AppexErrorTests {
    /// An error in the shape the modules' errors have.
    struct SampleError: SimpleAppexError, Hashable {
        struct Code: ErrorCode {
            let rawValue: String
            init(rawValue: String) { self.rawValue = rawValue }

            static let notFound = Code("not-found")
        }

        var code: Code
        var message: String

        init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// A code with Apple's numbers, as `ItemProviderError.Code` has.
    struct NumberedCode: ErrorCode {
        let rawValue: Int
        init(rawValue: Int) { self.rawValue = rawValue }
    }

    struct DescriptionCase: CustomTestStringConvertible, Sendable {
        let name: String
        let error: SampleError
        let expected: String
        var testDescription: String { name }
    }

    static let descriptions: [DescriptionCase] = [
        .init(name: "a constant", error: SampleError(.notFound, "/x does not exist"), expected: "not-found: /x does not exist"),
        .init(name: "a code made elsewhere", error: SampleError(code: SampleError.Code(rawValue: "busy"), message: "try again"),
              expected: "busy: try again"),
    ]

    @Test(arguments: descriptions)
    func descriptionIsCodeThenMessage(_ example: DescriptionCase) {
        #expect(example.error.description == example.expected)
        #expect("\(example.error)" == example.expected)
    }

    @Test func bothInitializerFormsMakeTheSameError() {
        #expect(SampleError(code: .notFound, message: "m") == SampleError(.notFound, "m"))
        #expect(SampleError.Code("not-found") == SampleError.Code(rawValue: "not-found"))
    }

    @Test func aNumberedCodeDescribesItsNumber() {
        #expect(NumberedCode(-1000).description == "-1000")
        #expect(NumberedCode(rawValue: 3) == NumberedCode(3))
    }
}
