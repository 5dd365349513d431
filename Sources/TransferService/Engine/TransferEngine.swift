import AsyncHTTPClient
import TransferWire
import Foundation
import Glibc
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Runs one attempt of a task with AsyncHTTPClient, streaming from and to disk.
///
/// AsyncHTTPClient rather than FoundationNetworking's URLSession: it is event-driven on
/// NIO, streams request and response bodies with backpressure (flat memory for a 1 GiB
/// body), reports errors as types the retry rules can tell apart, and carries no libcurl.
/// FoundationNetworking on Linux has no background sessions to offer anyway.
final class TransferEngine: Sendable {
    let client: HTTPClient
    let configuration: TransferServiceConfiguration

    init(configuration: TransferServiceConfiguration) {
        self.configuration = configuration
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = configuration.trustRootsFile { tls.trustRoots = .file(file) }
        var http = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .follow(max: 10, allowCycles: false),
                                            timeout: .init(connect: Self.amount(configuration.connectTimeout),
                                                           read: Self.amount(configuration.readTimeout)))
        http.httpVersion = .http1Only
        // The service retries whole attempts itself, with back-off, Retry-After and a limit on
        // attempts, and classifies each failure (a TLS failure is final). The pool's own retry
        // would hide a refused connection or a bad certificate for the whole connect timeout.
        http.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: http)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends the upload's body from `bodyFile`.
    func upload(_ row: TaskRow, bodyFile: String, progress: @escaping @Sendable (Int64) -> Void) async -> AttemptOutcome {
        let descriptor = open(bodyFile, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .fatal(TransferFailure(urlErrorCode: TransferFailure.fileDoesNotExist, code: "file-missing",
                                          message: "the upload's file \(bodyFile) is gone: \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var status = stat()
        fstat(descriptor, &status)
        let length = Int64(status.st_size)
        var request: HTTPClientRequest
        do {
            request = try makeRequest(row)
        } catch {
            return .fatal(error)
        }
        let sent = SentCounter(progress)
        if URL(string: row.request.url)?.scheme?.lowercased() == "http" {
            return await uploadRegions(row, descriptor: descriptor, length: length, sent: sent)
        }
        request.body = .stream(FileChunks(descriptor: descriptor, length: length, chunkSize: 256 << 10, onChunk: sent.add),
                               length: .known(length))
        return await execute(request) { response in
            try await self.collect(response.body)
        }
    }

    /// Sends a plain-HTTP upload's body as regions of the file, which NIO hands to the
    /// kernel with `sendfile`: the bytes go from the page cache to the socket without being
    /// copied through the service (curl reads and sends, two copies). TLS must see the bytes
    /// to encrypt them, so HTTPS uploads stream buffers read from the file (``FileChunks``).
    private func uploadRegions(_ row: TaskRow, descriptor: Int32, length: Int64, sent: SentCounter) async -> AttemptOutcome {
        var request: HTTPClient.Request
        do {
            request = try delegateRequest(row)
        } catch {
            return .fatal(error)
        }
        let copy = dup(descriptor)
        guard copy >= 0 else {
            return .fatal(TransferFailure(urlErrorCode: TransferFailure.fileDoesNotExist, code: "file-missing",
                                          message: "cannot read the upload's file: \(String(cString: strerror(errno)))"))
        }
        // The regions name the file by this handle; it is closed once the request is over
        // and no queued write can still hold a region of it.
        let file = RegionFile(taking: copy)
        defer { file.requestEnded() }
        let loop = client.eventLoopGroup.any()
        request.body = .stream(contentLength: length) { writer in
            let writes = Self.writeRegions(of: file.handle, from: 0, to: length, writer: writer, sent: sent)
            // The file stays open until every write has ended, failed ones included.
            file.writing(until: EventLoopFuture.whenAllComplete(writes, on: loop).map { _ in })
            return EventLoopFuture.andAllSucceed(writes, on: loop)
        }
        return outcome(await Self.result(of: client.execute(request: request, delegate: ResponseCollector(bodyLimit: configuration.responseBodyLimit))))
    }

    /// Queues the file's bytes from `start` to `end` as regions of 8 MiB, all at once (a
    /// region is a file position and a length, not a buffer: the queue costs no memory), so
    /// that the socket never waits for the next one; each is counted as sent once written.
    /// Returns each region's write.
    private static func writeRegions(of handle: NIOFileHandle, from start: Int64, to end: Int64,
                                     writer: HTTPClient.Body.StreamWriter, sent: SentCounter) -> [EventLoopFuture<Void>] {
        var writes: [EventLoopFuture<Void>] = []
        var position = start
        while position < end {
            let stop = min(end, position + (8 << 20))
            let count = stop - position
            let written = writer.write(.fileRegion(FileRegion(fileHandle: handle, readerIndex: Int(position), endIndex: Int(stop))))
            written.whenSuccess { sent.add(count) }
            writes.append(written)
            position = stop
        }
        return writes
    }

    /// Receives the download into `partialFile`, from `offset` when the server honours a
    /// range (`validator` guards it with `If-Range`). Returns the outcome and the file's
    /// length and validator afterwards.
    func download(_ row: TaskRow, partialFile: String, offset: Int64, validator: String?,
                  progress: @escaping @Sendable (_ received: Int64, _ expected: Int64) -> Void) async -> (AttemptOutcome, Int64, String?) {
        var request: HTTPClient.Request
        do {
            request = try delegateRequest(row)
        } catch {
            return (.fatal(error), offset, validator)
        }
        if offset > 0 {
            request.headers.replaceOrAdd(name: "Range", value: "bytes=\(offset)-")
            if let validator { request.headers.replaceOrAdd(name: "If-Range", value: validator) }
        }
        let descriptor = open(partialFile, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return (.fatal(TransferFailure(urlErrorCode: TransferFailure.cannotCreateFile, code: "cannot-create-file",
                                           message: "cannot create \(partialFile): \(String(cString: strerror(errno)))")), offset, validator)
        }
        defer { close(descriptor) }
        let delegate = DownloadDelegate(descriptor: descriptor, offset: offset, bodyLimit: configuration.responseBodyLimit, progress: progress)
        let result = await Self.result(of: client.execute(request: request, delegate: delegate))
        // What arrived before a failure is kept, so the next attempt asks for the rest.
        guard let file = delegate.file else { return (outcome(result), offset, validator) }
        do {
            if case .success = result { try await file.synchronize() } else { try await file.finish() }
        } catch {
            return (.fatal(Self.diskFailure(error, partialFile)), file.written, delegate.validator)
        }
        return (outcome(result), file.written, delegate.validator)
    }

    /// A request run through a delegate (AsyncHTTPClient's `HTTPClient.Request`), with the
    /// task's headers; a URL that is not http or https fails with Apple's code.
    private func delegateRequest(_ row: TaskRow) throws(TransferFailure) -> HTTPClient.Request {
        var request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: try checkedURL(row), method: HTTPMethod(rawValue: row.request.method))
        } catch let failure as TransferFailure {
            throw failure
        } catch {
            throw TransferFailure(urlErrorCode: TransferFailure.badURL, code: "bad-url", message: "\(row.request.url): \(error)")
        }
        for header in row.request.headers { request.headers.add(name: header.name, value: header.value) }
        return request
    }

    /// What a delegate's task ends with; cancelling the calling task cancels it.
    private static func result(of task: HTTPClient.Task<CollectedResponse>) async -> Result<CollectedResponse, any Error> {
        await withTaskCancellationHandler { () async -> Result<CollectedResponse, any Error> in
            do {
                return .success(try await task.futureResult.get())
            } catch {
                return .failure(error)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// The outcome of a response collected by a delegate, or of its failure.
    private func outcome(_ result: Result<CollectedResponse, any Error>) -> AttemptOutcome {
        switch result {
        case .success(let response):
            return Self.outcome(status: response.status, headers: response.headers, body: response.body)
        case .failure(let failure as DiskWriteFailure):
            return .fatal(Self.diskFailure(failure.error, "the download's file"))
        case .failure(let error as HTTPClientError) where error == .cancelled:
            return .fatal(TransferFailure(urlErrorCode: TransferFailure.cancelled, code: "cancelled", message: "the task was cancelled"))
        case .failure(let error):
            return Self.classify(error)
        }
    }

    private static func diskFailure(_ error: any Error, _ file: String) -> TransferFailure {
        TransferFailure(urlErrorCode: TransferFailure.cannotWriteToFile, code: "cannot-write-file", message: "cannot write \(file): \(error)")
    }

    private func makeRequest(_ row: TaskRow) throws(TransferFailure) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: try checkedURL(row))
        request.method = HTTPMethod(rawValue: row.request.method)
        for header in row.request.headers { request.headers.add(name: header.name, value: header.value) }
        return request
    }

    /// The task's URL, when it is an http or https URL.
    private func checkedURL(_ row: TaskRow) throws(TransferFailure) -> String {
        guard let url = URL(string: row.request.url), let scheme = url.scheme?.lowercased(), url.host != nil else {
            throw TransferFailure(urlErrorCode: TransferFailure.badURL, code: "bad-url", message: "'\(row.request.url)' is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw TransferFailure(urlErrorCode: TransferFailure.unsupportedURL, code: "unsupported-url",
                                  message: "background sessions carry http and https only, not '\(scheme)' (\(row.request.url))")
        }
        return row.request.url
    }

    /// Runs `request`; `handle` reads a 2xx body (or collects another).
    private func execute(_ request: HTTPClientRequest,
                         handle: @escaping @Sendable (HTTPClientResponse) async throws -> Data) async -> AttemptOutcome {
        do {
            let response = try await client.execute(request, deadline: .distantFuture)
            return Self.outcome(status: Int(response.status.code), headers: response.headers, body: try await handle(response))
        } catch is CancellationError {
            return .fatal(TransferFailure(urlErrorCode: TransferFailure.cancelled, code: "cancelled", message: "the task was cancelled"))
        } catch {
            return Self.classify(error)
        }
    }

    /// A response as an outcome: 5xx and 429 are worth another attempt.
    private static func outcome(status: Int, headers: HTTPHeaders, body: Data) -> AttemptOutcome {
        let fields = headers.map { HeaderField($0.name, $0.value) }
        if status >= 500 || status == 429 {
            return .retryableStatus(status: status, headers: fields, body: body,
                                    retryAfter: TransferServiceConfiguration.retryAfter(headers.first(name: "Retry-After")))
        }
        return .response(status: status, headers: fields, body: body)
    }

    /// The start of a body, up to the limit; the rest is read and dropped.
    private func collect(_ body: HTTPClientResponse.Body) async throws -> Data {
        var data = Data()
        for try await buffer in body where data.count < configuration.responseBodyLimit {
            data.append(contentsOf: buffer.readableBytesView.prefix(configuration.responseBodyLimit - data.count))
        }
        return data
    }

    /// A failure as a retry decision with Apple's code.
    static func classify(_ error: any Error) -> AttemptOutcome {
        let text = String(describing: error)
        if error is NIOSSLError || error is BoringSSLError {
            let untrusted = text.contains("CERTIFICATE_VERIFY_FAILED")
            return .fatal(TransferFailure(urlErrorCode: untrusted ? TransferFailure.serverCertificateUntrusted : TransferFailure.secureConnectionFailed,
                                          code: untrusted ? "certificate-untrusted" : "tls-failed", message: "TLS failed: \(text)"))
        }
        if let error = error as? HTTPClientError {
            if [HTTPClientError.invalidURL, .emptyHost, .emptyScheme].contains(error) {
                return .fatal(TransferFailure(urlErrorCode: TransferFailure.badURL, code: "bad-url", message: text))
            }
            if [HTTPClientError.connectTimeout, .readTimeout, .deadlineExceeded].contains(error) {
                return .networkFailure(TransferFailure(urlErrorCode: TransferFailure.timedOut, code: "timed-out", message: text))
            }
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED {
            return .networkFailure(TransferFailure(urlErrorCode: TransferFailure.cannotConnectToHost, code: "cannot-connect", message: text))
        }
        return .networkFailure(TransferFailure(urlErrorCode: TransferFailure.networkConnectionLost, code: "connection-lost", message: text))
    }

    private static func amount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}
