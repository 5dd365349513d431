import HTTPTypes
import Hummingbird

/// The server's responses, each with the same strict headers.
enum SheetResponses {
    /// Nothing from elsewhere: no remote script, style, image or connection; no framing
    /// by another page; no referrer; no caching.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
    ]

    /// The page.
    static func page() -> Response {
        asset(SheetAssets.page, type: "text/html; charset=utf-8")
    }

    /// `body` with its content type and the security headers.
    static func asset(_ body: String, type: String) -> Response {
        var headers = securityHeaders
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
