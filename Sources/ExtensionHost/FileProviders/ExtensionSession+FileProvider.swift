import ExtensionIPC
import ExtensionWire
import FileProviders
import Foundation

extension ExtensionSession {
    /// Asks the provider for the item with `identifier` (`item(for:)`).
    package func providerItem(_ identifier: NSFileProviderItemIdentifier, within timeout: Duration?) async throws(FileProviderCallError) -> ProviderItem {
        try oneItem(await call(FileProviderCall(callID: 0, operation: .item, identifier: identifier.rawValue), within: timeout))
    }

    /// One page of what `container` holds, from `page` (`enumerateItems(for:startingAt:)`).
    package func providerPage(of container: NSFileProviderItemIdentifier, from page: NSFileProviderPage?,
                              within timeout: Duration?) async throws(FileProviderCallError) -> ProviderPage {
        let (reply, _) = try await call(FileProviderCall(callID: 0, operation: .enumerate, identifier: container.rawValue,
                                                         page: page?.rawValue), within: timeout)
        var items: [ProviderItem] = []
        for wire in reply.items ?? [] {
            do { items.append(try ProviderItem(wire)) } catch { throw violation("sent \(error.text) in the listing of \(container.rawValue)") }
        }
        return ProviderPage(items: items, nextPage: reply.nextPage.map(NSFileProviderPage.init(rawValue:)))
    }

    /// The item's file once the provider has it (`startProvidingItem(at:)`), open read-only
    /// or, with `writable`, read-write; always a regular file.
    package func provideFile(_ identifier: NSFileProviderItemIdentifier, writable: Bool,
                             within timeout: Duration?) async throws(FileProviderCallError) -> OwnedFileDescriptor {
        let (_, files) = try await call(FileProviderCall(callID: 0, operation: .provide, identifier: identifier.rawValue,
                                                         writable: writable), within: timeout)
        guard files.count == 1, let fd = files[0].rawValue else {
            files.forEach { $0.close() }
            throw violation("provided \(identifier.rawValue) with \(files.count) files; a provide carries one")
        }
        var info = stat()
        let accessMode = fcntl(fd, F_GETFL) & O_ACCMODE
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, !writable || accessMode == O_RDWR else {
            files[0].close()
            throw violation("provided \(identifier.rawValue) as something other than a regular file opened \(writable ? "read-write" : "for reading")")
        }
        return files[0]
    }

    /// Tells the provider the item's file was written (`itemChanged(at:)`).
    package func providerItemChanged(_ identifier: NSFileProviderItemIdentifier, within timeout: Duration?) async throws(FileProviderCallError) {
        _ = try await call(FileProviderCall(callID: 0, operation: .changed, identifier: identifier.rawValue), within: timeout)
    }

    /// Tells the provider no program has the item's file open (`stopProvidingItem(at:)`).
    package func providerStopProviding(_ identifier: NSFileProviderItemIdentifier, within timeout: Duration?) async throws(FileProviderCallError) {
        _ = try await call(FileProviderCall(callID: 0, operation: .stop, identifier: identifier.rawValue), within: timeout)
    }

    /// Hands the provider a new file named `name` for `parent` (`importDocument(at:toParentItemIdentifier:)`).
    package func importProviderDocument(_ file: OwnedFileDescriptor, named name: String, into parent: NSFileProviderItemIdentifier,
                                        within timeout: Duration?) async throws(FileProviderCallError) -> ProviderItem {
        try oneItem(await call(FileProviderCall(callID: 0, operation: .importDocument, parent: parent.rawValue, name: name),
                               files: [file], within: timeout))
    }

    /// Makes a folder (`createDirectory(withName:inParentItemIdentifier:)`).
    package func createProviderDirectory(named name: String, in parent: NSFileProviderItemIdentifier,
                                         within timeout: Duration?) async throws(FileProviderCallError) -> ProviderItem {
        try oneItem(await call(FileProviderCall(callID: 0, operation: .createDirectory, parent: parent.rawValue, name: name), within: timeout))
    }

    /// Renames an item (`renameItem(withIdentifier:toName:)`).
    package func renameProviderItem(_ identifier: NSFileProviderItemIdentifier, to name: String,
                                    within timeout: Duration?) async throws(FileProviderCallError) -> ProviderItem {
        try oneItem(await call(FileProviderCall(callID: 0, operation: .rename, identifier: identifier.rawValue, name: name), within: timeout))
    }

    /// Moves an item to `parent`, renamed to `name` when given
    /// (`reparentItem(withIdentifier:toParentItemWithIdentifier:newName:)`).
    package func reparentProviderItem(_ identifier: NSFileProviderItemIdentifier, to parent: NSFileProviderItemIdentifier, newName name: String?,
                                      within timeout: Duration?) async throws(FileProviderCallError) -> ProviderItem {
        try oneItem(await call(FileProviderCall(callID: 0, operation: .reparent, identifier: identifier.rawValue,
                                                parent: parent.rawValue, name: name), within: timeout))
    }

    /// Deletes an item (`deleteItem(withIdentifier:)`).
    package func deleteProviderItem(_ identifier: NSFileProviderItemIdentifier, within timeout: Duration?) async throws(FileProviderCallError) {
        _ = try await call(FileProviderCall(callID: 0, operation: .delete, identifier: identifier.rawValue), within: timeout)
    }

    /// Calls `handler` with the folder of each `signalEnumerator(for:)`, in order, from now on.
    package func deliverProviderSignals(_ handler: @escaping @Sendable (NSFileProviderItemIdentifier) -> Void) {
        state.withLock { $0.files.signalHandler = handler }
    }

    // MARK: The conversation

    /// Sends `call` (its identifier chosen here) with `files`, and waits for its answer at
    /// most `timeout`; past it, the provider is taken to hang and its process is ended.
    private func call(_ call: FileProviderCall, files: [OwnedFileDescriptor] = [],
                      within timeout: Duration?) async throws(FileProviderCallError) -> (FileProviderReply, [OwnedFileDescriptor]) {
        guard await requestSent() else { throw ended(call) }
        var call = call
        call.callID = state.withLock { $0.files.replies.ask() }
        let id = call.callID
        let answer = await withDeadline(timeout, .providerTimedOut, doing: "answer \(call.operation.rawValue) \(call.identifier ?? call.name ?? "")") {
            await exchange(.fileProviderCall(call, descriptors: files), id: id, in: \.files.replies)
        }
        guard let (reply, descriptors) = answer else { throw ended(call) }
        if let error = reply.error {
            descriptors.forEach { $0.close() }
            throw FileProviderCallError(code: .providerError, message: "\(installed.identifier): \(error.message)",
                                        domain: error.domain, providerCode: error.code)
        }
        return (reply, descriptors)
    }

    private func oneItem(_ answer: (FileProviderReply, [OwnedFileDescriptor])) throws(FileProviderCallError) -> ProviderItem {
        answer.1.forEach { $0.close() }
        guard let items = answer.0.items, items.count == 1 else {
            throw violation("answered call \(answer.0.callID) with \(answer.0.items?.count ?? 0) items where one was due")
        }
        do { return try ProviderItem(items[0]) } catch { throw violation("sent \(error.text)") }
    }

    /// The provider broke the protocol: its process is ended, and the call fails.
    private func violation(_ what: String) -> FileProviderCallError {
        let error = ExtensionHostError(.protocolViolation, "\(installed.identifier) \(what)")
        fail(error)
        return FileProviderCallError(.providerEnded, error.message)
    }

    /// The call got no answer: the run is over; why, from its report.
    private func ended(_ call: FileProviderCall) -> FileProviderCallError {
        let report = state.withLock { $0.report }
        let why: String
        switch report.outcome {
        case .failed(let error): why = error.description
        case .cancelled(let error): why = "it cancelled: \(error.localizedDescription)"
        case .completed: why = "it completed its request"
        }
        return FileProviderCallError(.providerEnded, "\(installed.identifier) ended before it answered \(call.operation.rawValue): \(why)")
    }

    /// A file provider's message from the extension, checked.
    func receiveFileProvider(_ message: WireMessage) {
        switch message {
        case .fileProviderReply(let reply, let descriptors):
            let allowed = reply.error == nil ? 1 : 0
            guard descriptors.count <= allowed else {
                descriptors.forEach { $0.close() }
                return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent a file-provider-reply with \(descriptors.count) files"))
            }
            let answer = state.withLock { $0.files.replies.answer(reply.callID, with: (reply, descriptors)) }
            guard answer.accepted else {
                descriptors.forEach { $0.close() }
                return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) answered file-provider call \(reply.callID), which the host did not ask or was already answered"))
            }
            answer.waiter?.resume(returning: (reply, descriptors))
        case .fileProviderSignal(let signal):
            guard signal.container.utf8.count <= ProviderItem.maximumIdentifierBytes else {
                return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) signalled a folder identifier longer than \(ProviderItem.maximumIdentifierBytes) bytes"))
            }
            let handler = state.withLock { $0.files.signalHandler }
            handler?(NSFileProviderItemIdentifier(signal.container))
        default:
            break
        }
    }

    /// At the end of the run: nobody waits for a provider's answer any more.
    func releaseFileProviderWaiters() {
        state.withLock { $0.files.replies.release() }.forEach { $0.resume(returning: nil) }
    }
}

/// The file provider as the session knows it.
struct FileProviderSessionState: Sendable {
    /// Calls sent and not answered yet.
    var replies = PendingReplies<(FileProviderReply, [OwnedFileDescriptor])>()
    /// Where `signalEnumerator(for:)` goes.
    var signalHandler: (@Sendable (NSFileProviderItemIdentifier) -> Void)?
}
