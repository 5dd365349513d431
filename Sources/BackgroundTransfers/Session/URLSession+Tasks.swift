import Foundation
@preconcurrency import FoundationNetworking

extension URLSession {
    /// An upload of `fileURL`'s contents as the body of `request`.
    ///
    /// The file is opened now and handed to the service at ``URLSessionTask/resume()`` as a
    /// descriptor: the service keeps it (a hard link in its spool, else a copy), so the file
    /// may be deleted, and the process may exit, once `resume()` returns.
    public func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask {
        let task = URLSessionUploadTask(session: self, taskIdentifier: takeTaskIdentifier(), request: request, kind: .upload)
        task.values.withLock { values in
            values.uploadFile = fileURL
            if let size = try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int {
                values.countOfBytesExpectedToSend = Int64(size)
            }
        }
        return register(task)
    }

    /// Refused, as in iOS background sessions: only uploads from a file survive the process.
    /// The task fails at ``URLSessionTask/resume()`` with Apple's reason.
    public func uploadTask(with request: URLRequest, from bodyData: Data) -> URLSessionUploadTask {
        refused(URLSessionUploadTask(session: self, taskIdentifier: takeTaskIdentifier(), request: request, kind: .upload),
                "Upload tasks from NSData are not supported in background sessions.")
    }

    /// Refused, as in iOS background sessions (uploads must come from a file).
    public func uploadTask(withStreamedRequest request: URLRequest) -> URLSessionUploadTask {
        refused(URLSessionUploadTask(session: self, taskIdentifier: takeTaskIdentifier(), request: request, kind: .upload),
                "Upload tasks in background sessions must be from a file.")
    }

    /// A download of `url` into the session's shared container.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url))
    }

    /// A download of `request`'s response body into the session's shared container.
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        register(URLSessionDownloadTask(session: self, taskIdentifier: takeTaskIdentifier(), request: request, kind: .download))
    }

    /// Refused, as in iOS background sessions: data tasks do not outlive the process. The
    /// task fails at ``URLSessionTask/resume()`` with Apple's reason.
    public func dataTask(with url: URL) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url))
    }

    /// Refused, as in iOS background sessions (see ``dataTask(with:)-(URL)``).
    public func dataTask(with request: URLRequest) -> URLSessionDataTask {
        refused(URLSessionDataTask(session: self, taskIdentifier: takeTaskIdentifier(), request: request, kind: nil),
                "Data tasks are not supported in background sessions.")
    }

    private func takeTaskIdentifier() -> Int {
        state.withLock { state in
            defer { state.nextTaskIdentifier += 1 }
            return state.nextTaskIdentifier
        }
    }

    private func register<Task: URLSessionTask>(_ task: Task) -> Task {
        state.withLock { $0.tasks[task.taskIdentifier] = task }
        return task
    }

    private func refused<Task: URLSessionTask>(_ task: Task, _ reason: String) -> Task {
        task.values.withLock { $0.refusal = URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: reason]) }
        return register(task)
    }
}
