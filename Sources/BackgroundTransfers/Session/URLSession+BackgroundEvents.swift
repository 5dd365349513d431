import Foundation

extension URLSession {
    /// The identifiers of the calling app's background sessions as they come to have events
    /// waiting: those waiting now first, then each as a transfer ends.
    ///
    /// The Linux form of UIKit's
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: a running app
    /// that iterates this is told at once. For each identifier, re-create the session with a
    /// delegate, as on iOS; the delegate gets the waiting events, then
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`.
    ///
    /// ```swift
    /// for try await identifier in URLSession.backgroundSessionEvents() {
    ///     let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
    ///     configuration.sharedContainerIdentifier = "group.com.example.uploader"
    ///     let session = URLSession(configuration: configuration, delegate: reporter, delegateQueue: nil)
    ///     await reporter.eventsFinished()
    ///     session.finishTasksAndInvalidate()
    /// }
    /// ```
    ///
    /// An identifier may come more than once (one notice per event); re-creating a session
    /// that has nothing waiting ends at once with `urlSessionDidFinishEvents`. Only an app may
    /// ask (an extension gets a ``TransferServiceError``); the stream ends with the service's
    /// loss as -997 (`NSURLErrorBackgroundSessionWasDisconnected`), and stops when the
    /// iterating task is cancelled.
    public static func backgroundSessionEvents() -> AsyncThrowingStream<String, any Error> {
        backgroundSessionEvents(endpoint: .fromEnvironment())
    }

    /// ``backgroundSessionEvents()`` through `endpoint`.
    package static func backgroundSessionEvents(endpoint: TransferServiceEndpoint) -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            // Owned by the stream: cancelled when its consumer stops or is cancelled.
            let watcher = Task {
                do throws(TransferServiceError) {
                    let connection = try await endpoint.connect()
                    defer { connection.close() }
                    guard connection.caller.kind == .application, let application = connection.caller.applicationIdentifier else {
                        throw TransferServiceError(.refused, "only an app hears of its background sessions' events; \(connection.caller.bundleIdentifier) is not one")
                    }
                    _ = try await connection.call(.watch(application: application))
                    for await notice in connection.notices {
                        if case .eventsPending(_, let session) = notice { continuation.yield(session) }
                    }
                    if Task.isCancelled { return continuation.finish() }
                    var lost = TransferServiceError(.connectionLost, "the transfer service closed the connection")
                    lost.urlErrorCode = TransferFailure.sessionDisconnected
                    continuation.finish(throwing: lost)
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in watcher.cancel() }
        }
    }
}
