import Foundation
import KeyboardIBus
import Testing

extension ServingTests {
    /// Failures `withIBusEngines` reports before serving anything; no ibus-daemon needed.
    @Suite struct WithIBusEnginesErrors {
        struct Case: Sendable, CustomTestStringConvertible {
            var testDescription: String
            var component: IBusComponent
            var address: String
            var code: IBusError.Code
            /// A value the message must name.
            var named: String
        }

        static let missingSocket = "unix:path=/tmp/appex-no-ibus-\(UUID().uuidString)"

        static func component(engines: [String], name: String = "org.appex.Broken") -> IBusComponent {
            IBusComponent(name: name, description: "d", exec: "/bin/false", version: "1", license: "MIT",
                          author: "a", engines: engines.map {
                              .init(name: $0, longName: $0, description: $0, language: "en")
                          })
        }

        @Test(arguments: [
            Case(testDescription: "no ibus-daemon at the address", component: component(engines: ["appex:a"]),
                 address: missingSocket, code: .connectionFailed, named: missingSocket),
            Case(testDescription: "a component without engines", component: component(engines: []),
                 address: missingSocket, code: .invalidComponent, named: "org.appex.Broken"),
            Case(testDescription: "an engine listed twice", component: component(engines: ["appex:a", "appex:a"]),
                 address: missingSocket, code: .invalidComponent, named: "appex:a"),
            Case(testDescription: "an engine without a name", component: component(engines: [""]),
                 address: missingSocket, code: .invalidComponent, named: "org.appex.Broken"),
            Case(testDescription: "a component without a bus name", component: component(engines: ["appex:a"], name: ""),
                 address: missingSocket, code: .invalidComponent, named: "bus name"),
        ])
        func failureIsThrownAndNamesTheValue(_ failure: Case) async throws {
            let error = await #expect(throws: IBusError.self) {
                try await withIBusEngines(failure.component, address: failure.address, register: true) { _, _ in
                    Issue.record("no engine should be made")
                    return UnusedEngine()
                }
            }
            #expect(error?.code == failure.code)
            #expect(error?.message.contains(failure.named) == true, "\(error?.message ?? "")")
        }
    }
}
