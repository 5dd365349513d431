import ExtensionIPC
import Foundation
import Testing

/// A certificate authority the test makes with `openssl`, and a certificate it signs for
/// `127.0.0.1` and `localhost`: what the service is told to trust through `SSL_CERT_FILE`.
struct TestCertificateAuthority {
    let directory: URL
    /// The authority's certificate (PEM): the trust store the service is given.
    var certificate: URL { directory.appendingPathComponent("ca.pem") }
    /// The loopback server's chain and key (PEM).
    var serverCertificate: URL { directory.appendingPathComponent("server.pem") }
    var serverKey: URL { directory.appendingPathComponent("server.key") }

    /// Makes a new authority and a server certificate under a new temporary directory.
    static func make(name: String) async throws -> TestCertificateAuthority {
        let authority = TestCertificateAuthority(directory: FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString.prefix(8))"))
        try await authority.create(name: name)
        return authority
    }

    private func create(name: String) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let extensions = directory.appendingPathComponent("server.ext")
        try Data("""
            basicConstraints = CA:FALSE
            keyUsage = digitalSignature, keyEncipherment
            extendedKeyUsage = serverAuth
            subjectAltName = IP:127.0.0.1, DNS:localhost

            """.utf8).write(to: extensions)
        try await openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                     "-subj", "/CN=\(name)", "-keyout", file("ca.key"), "-out", file("ca.pem")])
        try await openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                     "-subj", "/CN=localhost", "-keyout", file("server.key"), "-out", file("server.csr")])
        try await openssl(["x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-CAcreateserial",
                     "-days", "2", "-extfile", file("server.ext"), "-out", file("server.pem")])
    }

    private func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `openssl` in the directory through ChildProcess (its end seen on a pidfd, not
    /// by Foundation's `waitUntilExit`, which blocks a thread the other suites need).
    private func openssl(_ arguments: [String]) async throws {
        let process = try await ChildProcess.launch(.init(executable: "/usr/bin/openssl", arguments: arguments,
                                                          environment: ["PATH": "/usr/bin:/bin", "RANDFILE": directory.path + "/.rnd"],
                                                          sandbox: nil, captures: [2]))
        let ending = await process.exit()
        let message = await process.output()
        try #require(ending.isSuccess, "openssl \(arguments.joined(separator: " ")): \(ending): \(message)")
    }
}
