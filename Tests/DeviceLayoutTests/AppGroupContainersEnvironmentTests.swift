import DeviceLayout
import Foundation
import Testing

@Suite struct AppGroupContainersEnvironmentTests {
    @Test func variableName() {
        #expect(AppGroupContainersEnvironment.environmentVariable == "APPEX_APP_GROUP_CONTAINERS")
    }

    struct RoundTripCase: CustomTestStringConvertible, Sendable {
        let name: String
        let containers: [String: String]
        let encoded: String
        var testDescription: String { name }
    }

    static let roundTrips: [RoundTripCase] = [
        .init(name: "no groups", containers: [:], encoded: "{}"),
        .init(name: "one group", containers: ["group.a": "/data/a"], encoded: #"{"group.a":"/data/a"}"#),
        .init(name: "keys sorted", containers: ["group.b": "/data/b", "group.a": "/data/a", "group.c": "/c"],
              encoded: #"{"group.a":"/data/a","group.b":"/data/b","group.c":"/c"}"#),
        .init(name: "quotes, spaces and non-ASCII in a path", containers: ["group.a": "/data/\"Notes\" für alle"],
              encoded: #"{"group.a":"/data/\"Notes\" für alle"}"#),
    ]

    @Test(arguments: roundTrips)
    func encodeThenDecode(_ example: RoundTripCase) throws {
        let text = AppGroupContainersEnvironment.encode(example.containers)
        #expect(text == example.encoded)
        #expect(try AppGroupContainersEnvironment.decode(text) == example.containers)
    }

    @Test func decodesEscapedSlashes() throws {
        // JSONSerialization's default output, as older hosts wrote it.
        #expect(try AppGroupContainersEnvironment.decode(#"{"group.a":"\/data\/a"}"#) == ["group.a": "/data/a"])
    }

    struct BadValueCase: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let code: AppGroupContainersEnvironmentError.Code
        /// What the message must quote.
        let mentions: String
        var testDescription: String { name }
    }

    static let badValues: [BadValueCase] = [
        .init(name: "not JSON", text: "group.a=/x", code: .notJSON, mentions: "'group.a=/x'"),
        .init(name: "truncated JSON", text: #"{"group.a": "/x""#, code: .notJSON, mentions: #"{"group.a": "/x""#),
        .init(name: "an array", text: #"["group.a"]"#, code: .notAnObject, mentions: #"'["group.a"]'"#),
        .init(name: "a string", text: #""/x""#, code: .notAnObject, mentions: #""/x""#),
        .init(name: "relative path", text: #"{"group.a": "x/y"}"#, code: .invalidPath, mentions: "'group.a' the container x/y"),
        .init(name: "number path", text: #"{"group.a": 3}"#, code: .invalidPath, mentions: "'group.a' the container 3"),
        .init(name: "empty path", text: #"{"group.a": ""}"#, code: .invalidPath, mentions: "'group.a'"),
    ]

    @Test(arguments: badValues)
    func badValuesAreErrorsNamingTheValue(_ example: BadValueCase) throws {
        let error = try #require(throws: AppGroupContainersEnvironmentError.self) {
            try AppGroupContainersEnvironment.decode(example.text)
        }
        #expect(error.code == example.code)
        #expect(error.message.hasPrefix("APPEX_APP_GROUP_CONTAINERS "), "\(error)")
        #expect(error.message.contains(example.mentions), "\(error)")
        #expect(error.description == "\(example.code.rawValue): \(error.message)")
    }
}
