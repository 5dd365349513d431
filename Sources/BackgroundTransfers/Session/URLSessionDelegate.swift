import Foundation

/// What a background session tells its delegate about the session: Apple's protocol.
public protocol URLSessionDelegate: AnyObject {
    /// The session can no longer be used: invalidated, or refused by the service
    /// (another process holds its identifier: -996; no shared container: -995).
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?)
    /// Every event that waited when the session was opened has been delivered.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

/// What a session tells its delegate about tasks: Apple's protocol.
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    /// The task finished: `error` is `nil` when a response came, whatever its status.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
    /// An upload's body is on its way.
    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64)
}

/// What a session tells its delegate about a response body: Apple's protocol. An upload
/// task's answer arrives here (the service keeps its start, up to a limit).
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {
    /// Part of the response body.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}

/// What a session tells its delegate about downloads: Apple's protocol.
public protocol URLSessionDownloadDelegate: URLSessionTaskDelegate {
    /// The download is at `location`, in the session's shared container. Move it before
    /// returning: it is removed afterwards, as on iOS.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL)
    /// The download moved.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64)
}

extension URLSessionDelegate {
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {}
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}

extension URLSessionTaskDelegate {
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
    public func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                           totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {}
}

extension URLSessionDataDelegate {
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}
}

extension URLSessionDownloadDelegate {
    public func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                           totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {}
}
