import HTTPTypes
import Hummingbird
import NIOCore

/// The loopback pages' responses, each with the same strict headers.
package enum WebResponses {
    /// Nothing from elsewhere: no remote script, style, image or connection; no framing
    /// by another page; no referrer; no caching.
    package static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
    ]

    /// `body` with its content type and the security headers.
    package static func asset(_ body: String, type: String) -> Response {
        var headers = securityHeaders
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
