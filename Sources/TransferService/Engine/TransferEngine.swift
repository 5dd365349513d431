import AsyncHTTPClient
import TransferWire
import Foundation
import Glibc
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SystemSupport

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
        var timeout = HTTPClient.Configuration.Timeout(connect: Self.amount(configuration.connectTimeout),
                                                       read: Self.amount(configuration.readTimeout))
        // A body the server stopped reading: no byte written for this long ends the attempt
        // (a network failure, tried again), where the read timeout is not armed yet.
        timeout.write = Self.amount(configuration.writeTimeout)
        var http = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .follow(max: 10, allowCycles: false),
                                            timeout: timeout)
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

    /// The size of the buffers an upload's body is read and sent in.
    ///
    /// Measured on loopback against `curl -T` with every chunk read on the thread pool
    /// (docs/BENCHMARKS.md, "Background transfers"): 256 KiB reached 0.68x–0.96x of curl,
    /// 512 KiB 0.91x–1.43x, for about 1 MB more peak memory. Handing the file to the kernel
    /// with `sendfile` instead copies nothing in the service but was slower on loopback: the
    /// receiver copies out of the file's page-cache pages.
    static let uploadChunkSize = 512 << 10

    /// Sends the upload's body from `bodyFile`, in buffers read from the file.
    func upload(_ row: TaskRow, bodyFile: String, progress: @escaping @Sendable (Int64) -> Void) async -> AttemptOutcome {
        let descriptor = open(bodyFile, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .fatal(TransferFailure(urlErrorCode: TransferFailure.fileDoesNotExist, code: "file-missing",
                                          message: "the upload's file \(bodyFile) is gone: \(SystemErrorText.text(errno))"))
        }
        let file = BodyFile(taking: descriptor)
        defer { file.requestEnded() }
        var status = stat()
        fstat(descriptor, &status)
        let length = Int64(status.st_size)
        var request: HTTPClient.Request
        do {
            request = try delegateRequest(row)
        } catch {
            return .fatal(error)
        }
        let loop = client.eventLoopGroup.next()
        let chunkSize = Self.uploadChunkSize
        // A redirect sends the body again, from the start, through the same file; its
        // progress counts from zero again.
        let watch = StallWatch(limit: Self.amount(configuration.writeTimeout))
        request.body = .stream(contentLength: length) { writer in
            watch.bodyStarted()
            let counter = SentCounter(progress)
            return FileBody(file: file, length: length, chunkSize: chunkSize, loop: loop, onChunk: { bytes in
                watch.moved()
                counter.add(bytes)
            }).write(to: writer).always { _ in watch.bodyEnded() }
        }
        let task = client.execute(request: request, delegate: ResponseCollector(bodyLimit: configuration.responseBodyLimit),
                                  eventLoop: .delegateAndChannel(on: loop))
        watch.arm(on: loop) { task.cancel() }
        let result = await Self.result(of: task)
        watch.stop()
        if watch.fired {
            return .networkFailure(TransferFailure(urlErrorCode: TransferFailure.timedOut, code: "timed-out",
                                                   message: "the server took no byte of the body for \(configuration.writeTimeout)"))
        }
        return outcome(result)
    }

    /// Receives the download into `partialFile`, from `offset` when the server honours a
    /// range (`validator` guards it with `If-Range`). Returns the outcome and the file's
    /// length and validator afterwards.
    /// `began` is told a 2xx response's validator before the body is written.
    func download(_ row: TaskRow, partialFile: String, offset: Int64, validator: String?,
                  began: @escaping @Sendable (String?) async -> Void,
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
                                           message: "cannot create \(partialFile): \(SystemErrorText.text(errno))")), offset, validator)
        }
        defer { close(descriptor) }
        let delegate = DownloadDelegate(descriptor: descriptor, offset: offset, bodyLimit: configuration.responseBodyLimit,
                                        progress: progress, began: began)
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

    /// A response as an outcome: 5xx and 429 are worth another attempt.
    private static func outcome(status: Int, headers: HTTPHeaders, body: Data) -> AttemptOutcome {
        let fields = headers.map { HeaderField($0.name, $0.value) }
        if status >= 500 || status == 429 {
            return .retryableStatus(status: status, headers: fields, body: body,
                                    retryAfter: TransferServiceConfiguration.retryAfter(headers.first(name: "Retry-After")))
        }
        return .response(status: status, headers: fields, body: body)
    }

    /// A failure as a retry decision with Apple's code.
    static func classify(_ error: any Error) -> AttemptOutcome {
        let text = String(describing: error)
        if let error = error as? NIOSSLError, error == .uncleanShutdown {
            // The connection dropped without TLS's closing message: the network's doing
            // (a reset, a server gone mid-body), not a failed handshake. Worth another try.
            return .networkFailure(TransferFailure(urlErrorCode: TransferFailure.networkConnectionLost, code: "connection-lost",
                                                   message: "the TLS connection closed mid-transfer: \(text)"))
        }
        if error is NIOSSLError || error is BoringSSLError {
            let untrusted = text.contains("CERTIFICATE_VERIFY_FAILED")
            return .fatal(TransferFailure(urlErrorCode: untrusted ? TransferFailure.serverCertificateUntrusted : TransferFailure.secureConnectionFailed,
                                          code: untrusted ? "certificate-untrusted" : "tls-failed", message: "TLS failed: \(text)"))
        }
        if let error = error as? HTTPClientError {
            if [HTTPClientError.invalidURL, .emptyHost, .emptyScheme].contains(error) {
                return .fatal(TransferFailure(urlErrorCode: TransferFailure.badURL, code: "bad-url", message: text))
            }
            if [HTTPClientError.redirectLimitReached, .redirectCycleDetected].contains(error) {
                // As Apple's -1007: the server's redirects, not the network; another attempt
                // would follow them again.
                return .fatal(TransferFailure(urlErrorCode: TransferFailure.tooManyRedirects, code: "too-many-redirects",
                                              message: "more than 10 redirects, or a redirect back to a URL already visited: \(text)"))
            }
            if [HTTPClientError.connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded].contains(error) {
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
