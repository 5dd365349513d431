import HTTPTypes
import Hummingbird
import LoopbackWeb

/// The share sheet's own responses: its page, and the headers of an extension's interface.
enum SheetResponses {
    /// The headers of an extension's interface file: a sandbox of its own whatever frames
    /// it (scripts run, but with an opaque origin: no access to the sheet, its storage or
    /// its socket), framed only by the sheet, nothing from elsewhere, no connections.
    static func interfaceHeaders(sheetOrigin: String) -> HTTPFields {
        var headers = WebResponses.securityHeaders
        headers[.contentSecurityPolicy] = "sandbox allow-scripts; default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; media-src 'self' data: blob:; connect-src 'none'; frame-src 'none'; frame-ancestors \(sheetOrigin); base-uri 'none'; form-action 'none'"
        return headers
    }

    /// The page.
    static func page() -> Response {
        WebResponses.asset(SheetAssets.page, type: "text/html; charset=utf-8")
    }
}
