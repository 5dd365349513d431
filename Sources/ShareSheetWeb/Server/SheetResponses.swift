import HTTPTypes
import Hummingbird

/// The server's responses, each with the same strict headers.
enum SheetResponses {
    /// Nothing from elsewhere: no remote script, style, image or connection; no framing
    /// by another page; no referrer; no caching.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
    ]

    /// The headers of an extension's interface file: a sandbox of its own whatever frames
    /// it (scripts run, but with an opaque origin: no access to the sheet, its storage or
    /// its socket), framed only by the sheet, nothing from elsewhere, no connections.
    static func interfaceHeaders(sheetOrigin: String) -> HTTPFields {
        var headers = securityHeaders
        headers[.contentSecurityPolicy] = "sandbox allow-scripts; default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; media-src 'self' data: blob:; connect-src 'none'; frame-src 'none'; frame-ancestors \(sheetOrigin); base-uri 'none'; form-action 'none'"
        return headers
    }

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
