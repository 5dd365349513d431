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
    init(name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let extensions = directory.appendingPathComponent("server.ext")
        try Data("""
            basicConstraints = CA:FALSE
            keyUsage = digitalSignature, keyEncipherment
            extendedKeyUsage = serverAuth
            subjectAltName = IP:127.0.0.1, DNS:localhost

            """.utf8).write(to: extensions)
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                     "-subj", "/CN=\(name)", "-keyout", "ca.key", "-out", "ca.pem"])
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                     "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr"])
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                     "-days", "2", "-extfile", "server.ext", "-out", "server.pem"])
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
        if process.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown) }
    }
}
