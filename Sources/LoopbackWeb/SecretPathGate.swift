import Hummingbird
import NIOCore

/// Refuses with 403 every request whose path does not start with `/<prefix>/<secret>/`
/// for a prefix and secret that `accepts` takes: the share sheet's (`s`, its token; `x`,
/// the running extension's interface's), the dashboard's (`t`) and the keyboard panel's (`k`).
package struct SecretPathGate<Context: RequestContext>: RouterMiddleware {
    package let accepts: @Sendable (_ prefix: Substring, _ secret: Substring) -> Bool

    package init(accepts: @escaping @Sendable (_ prefix: Substring, _ secret: Substring) -> Bool) {
        self.accepts = accepts
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        let given = parts.count >= 3 ? parts[2].prefix { $0 != "/" } : ""
        guard parts.count >= 3, parts[0].isEmpty, accepts(parts[1], given) else {
            return Response(status: .forbidden, headers: WebResponses.securityHeaders,
                            body: .init(byteBuffer: ByteBuffer(string: "This address is missing its secret.\n")))
        }
        return try await next(request, context)
    }
}
