import Foundation
import FoundationNetworking
import Testing

/// A request to a server whose addresses carry a secret (the share sheet's, the Today
/// dashboard's), and the status it must get.
struct SecretPathCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The path to ask for; `TOKEN` is replaced by the server's secret.
    let path: String
    let status: Int
    var testDescription: String { name }

    /// Status and body of a GET to `url`.
    static func get(_ url: URL) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Asks for each of `cases` from the server at `page` (its address, ending in the
    /// secret), expecting each case's status and no system file; every body served with 200.
    static func check(_ cases: [SecretPathCase], page: URL) async throws -> [String] {
        let token = page.lastPathComponent
        let origin = "http://\(page.host ?? "127.0.0.1"):\(page.port ?? 0)"
        var served: [String] = []
        for check in cases {
            let target = try #require(URL(string: origin + check.path.replacingOccurrences(of: "TOKEN", with: token)))
            let (status, body) = try await get(target)
            #expect(status == check.status, "\(check.name): \(target.path) gave \(status)")
            #expect(!body.contains("root:"), "\(check.name): a system file was served")
            if status == 200 { served.append(body) }
        }
        return served
    }
}
