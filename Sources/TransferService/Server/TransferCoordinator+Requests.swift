import TransferWire
import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Glibc
import SystemSupport

extension TransferCoordinator {
    /// Answers request `requestID` of client `id` on its outbox. Opening a session answers
    /// and then sends the events that waited, with nothing in between.
    func answer(_ request: TransferRequest, requestID: UInt64, descriptors: [OwnedFileDescriptor], from id: Int) async {
        let reply = await handle(request, descriptors: descriptors, from: id)
        push(.reply(reply), to: id, replying: requestID)
        guard clients[id]?.opening == true, let session = clients[id]?.session else { return }
        clients[id]?.opening = false
        guard case .sessionOpened = reply else {
            // The opening failed after the session was taken: give it back.
            clients[id]?.session = nil
            clients[id]?.held = []
            if sessions[session] == id { sessions[session] = nil }
            return
        }
        // The backlog read with the opening (``openSession``) and the events that came since,
        // in order; one in both goes out once (``send``).
        let held = clients[id]?.held ?? []
        clients[id]?.held = []
        for event in held.sorted(by: { $0.id < $1.id }) { send(event, to: id) }
        // Always, even with nothing waiting: an app that re-created the session because it was
        // told of events (URLSession.backgroundSessionEvents) waits for this to call its
        // completion handler, and a second notice for events already taken must not hang it.
        push(.eventsFinished(sessionIdentifier: session.identifier), to: id)
    }

    /// The reply to one request of client `id`.
    private func handle(_ request: TransferRequest, descriptors: [OwnedFileDescriptor], from id: Int) async -> TransferReply {
        guard let client = clients[id] else { return .refused(.badRequest("the connection is gone")) }
        do {
            switch request {
            case .hello:
                return .refused(.badRequest("hello comes once, first"))
            case .openSession(let identifier, let shared):
                return try await openSession(identifier, shared: shared, client: client, id: id)
            case .start(let description):
                return try await start(description, descriptors: descriptors, client: client, id: id)
            case .cancel(let taskIdentifier):
                guard let key = client.session else { return .refused(.badRequest("no session is open on this connection")) }
                guard let row = try await blocking({ [store] in
                    try store.task(application: key.application, session: key.identifier, taskIdentifier: taskIdentifier)
                }), let rowID = row.id else {
                    return .refused(.badRequest("session \(key.identifier) has no task \(taskIdentifier)"))
                }
                try await cancel(rowID)
                return .done
            case .cancelTask(let taskID):
                guard let row = try await blocking({ [store] in try store.task(id: taskID) }) else {
                    return .refused(.badRequest("no task \(taskID)"))
                }
                guard client.caller.kind == .administrator || row.application == client.caller.applicationIdentifier else {
                    return .refused(.notEntitled("task \(taskID) belongs to \(row.application), not to \(client.caller.bundleIdentifier)"))
                }
                try await cancel(taskID)
                return .done
            case .acknowledge(let eventID):
                clients[id]?.acknowledged.insert(eventID)
                let application = client.caller.kind == .administrator ? nil : client.caller.applicationIdentifier
                if let event = try await persist({ try $0.acknowledge(eventID: eventID, application: application) }),
                   let location = event.location {
                    // As iOS does once didFinishDownloadingTo returns: a file not moved is removed.
                    unlink(location)
                }
                return .done
            case .list(let application):
                let scope = try allowedApplication(application, for: client.caller)
                let rows = try await blocking { [store] in try store.tasks(application: scope) }
                return .tasks(rows.map(liveSnapshot))
            case .follow(let application):
                followers[id] = .some(try allowedApplication(application, for: client.caller))
                return .done
            case .watch(let application):
                guard let scope = try allowedApplication(application, for: client.caller) else {
                    return .refused(.badRequest("watch names an app"))
                }
                watchers[scope, default: []].insert(id)
                let pending = try await blocking { [store] in try store.pendingEvents(application: scope) }
                for session in Set(pending.map(\.sessionIdentifier)).sorted() {
                    push(.eventsPending(application: scope, sessionIdentifier: session), to: id)
                }
                return .done
            case .conditions:
                return .conditions(health.current)
            case .takeEvent(let application, let session):
                guard let scope = try allowedApplication(application, for: client.caller) else {
                    return .refused(.badRequest("take-event names an app"))
                }
                let event = try await persist { try $0.takeEvent(application: scope, session: session) }
                if let location = event?.location { unlink(location) }
                return .event(event)
            }
        } catch let failure as TransferFailure {
            return .refused(failure)
        } catch {
            return .refused(TransferFailure(urlErrorCode: TransferFailure.unknown, code: "storage", message: "\(error)"))
        }
    }

    /// The app a request may look at: its own, or any for the `appex` command.
    private func allowedApplication(_ requested: String?, for caller: TransferCaller) throws(TransferFailure) -> String? {
        if caller.kind == .administrator { return requested }
        guard let own = caller.applicationIdentifier else { throw .notEntitled("\(caller.bundleIdentifier) belongs to no app") }
        if let requested, requested != own {
            throw .notEntitled("\(caller.bundleIdentifier) may see the transfers of \(own) only, not of \(requested)")
        }
        return own
    }

    private func openSession(_ identifier: String, shared: String?, client: Client, id: Int) async throws -> TransferReply {
        guard let application = client.caller.applicationIdentifier, client.caller.kind != .administrator else {
            return .refused(.badRequest("the appex command opens no sessions"))
        }
        guard client.session == nil else { return .refused(.badRequest("this connection already holds a session")) }
        guard !identifier.isEmpty, identifier.utf8.count <= 255 else {
            return .refused(.badRequest("a session identifier is 1 to 255 bytes, not '\(identifier)'"))
        }
        let container: URL
        if let shared {
            guard client.caller.appGroups.contains(shared) else {
                return .refused(.notEntitled("\(client.caller.bundleIdentifier) is not entitled to the app group \(shared) (its groups: \(client.caller.appGroups.joined(separator: ", ")))"))
            }
            container = home.appGroupContainer(groupIdentifier: shared)
        } else if client.caller.kind == .extension {
            return .refused(TransferFailure(
                urlErrorCode: TransferFailure.requiresSharedContainer, code: "requires-shared-container",
                message: "an extension's background session \(identifier) must set sharedContainerIdentifier to one of its app groups"))
        } else {
            container = home.dataContainer(bundleIdentifier: application)
        }
        let key = SessionKey(application: application, identifier: identifier)
        if let holder = sessions[key], holder != id {
            // A holder that is closing (an extension that just invalidated its session or
            // exited) lets go in a moment: wait for that before calling the session in use.
            await releases.wait(for: key, upTo: .seconds(2))
            guard clients[id] != nil else { return .refused(.badRequest("the client went while its session opened")) }
        }
        if let holder = sessions[key], holder != id {
            return .refused(TransferFailure(
                urlErrorCode: TransferFailure.sessionInUse, code: "session-in-use",
                message: "background session \(identifier) of \(application) is in use by another process (\(clients[holder]?.caller.bundleIdentifier ?? "?")); each extension needs its own identifier"))
        }
        sessions[key] = id
        clients[id]?.session = key
        clients[id]?.sessionContainer = container
        clients[id]?.opening = true  // ``answer`` sends the reply, then the events that waited
        // The events that wait are read here, so that a store that cannot be read refuses the
        // opening rather than opening a session that seems to have none.
        let (rows, next, backlog) = try await persist { store in
            (try store.tasks(application: application, session: identifier),
             try store.nextTaskIdentifier(application: application, session: identifier),
             try store.pendingEvents(application: application, session: identifier))
        }
        clients[id]?.held.insert(contentsOf: backlog, at: 0)
        return .sessionOpened(tasks: rows.filter { !$0.state.isFinal }.map(\.snapshot), nextTaskIdentifier: next)
    }

    private func start(_ description: TransferTaskDescription, descriptors: [OwnedFileDescriptor], client: Client, id: Int) async throws -> TransferReply {
        guard let key = client.session, client.sessionContainer != nil else {
            return .refused(.badRequest("open a session before starting tasks"))
        }
        var bodyFile: String?
        var expectedToSend: Int64 = 0
        switch description.kind {
        case .upload:
            guard descriptors.count == 1, let fd = descriptors.first?.rawValue else {
                return .refused(.badRequest("an upload carries its file as exactly one descriptor, not \(descriptors.count)"))
            }
            var status = stat()
            guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                return .refused(TransferFailure(urlErrorCode: TransferFailure.fileDoesNotExist, code: "not-a-file",
                                                message: "the upload's descriptor is not a regular file"))
            }
            expectedToSend = Int64(status.st_size)
            let spool = layout.spoolDirectory.appendingPathComponent(UUID().uuidString).path
            try await blocking { try Self.keep(fd, at: spool) }
            bodyFile = spool
        case .download:
            guard descriptors.isEmpty else { return .refused(.badRequest("a download carries no descriptor")) }
        }
        let row = TaskRow(id: nil, application: key.application, creator: client.caller.bundleIdentifier,
                          sessionIdentifier: key.identifier, sharedContainerIdentifier: clients[id]?.sessionContainer?.lastPathComponent ?? "",
                          taskIdentifier: description.taskIdentifier, request: description, state: .waiting,
                          bytesExpectedToSend: expectedToSend, bodyFile: bodyFile, created: Date())
        guard let inserted = try await persist({ try $0.insert(row) }), let rowID = inserted.id else {
            if let bodyFile { unlink(bodyFile) }
            return .refused(.badRequest("session \(key.identifier) already has a task \(description.taskIdentifier)"))
        }
        tellFollowers(inserted)
        startTransfer(rowID)
        return .done
    }

    /// Keeps the upload's file: a new name for the same file (a hard link through the
    /// descriptor), else a durable copy (``DurableFile``) written under a temporary name and
    /// renamed when whole. Either way the spool folder is flushed before the task is
    /// recorded, so a task on disk always has its file.
    static func keep(_ descriptor: Int32, at path: String) throws {
        let linked = appex_link_descriptor(descriptor, path)
        do throws(DurableFile.Failure) {
            if linked == 0 {
                try DurableFile.syncFolder((path as NSString).deletingLastPathComponent)
            } else {
                try DurableFile.copy(descriptor: descriptor, named: "the upload's file", over: path, mode: 0o600)
            }
        } catch {
            unlink(path)
            throw TransferFailure(urlErrorCode: error.code == .fileSystem ? TransferFailure.cannotWriteToFile : TransferFailure.fileDoesNotExist,
                                  code: "spool-failed", message: "cannot keep the upload's file at \(path): \(error.message)")
        }
    }
}
