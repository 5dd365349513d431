import Dispatch
import Foundation

extension ItemProvider {
    /// Runs `representation`'s handler on a global queue and delivers its single answer
    /// (or a timeout, or the handler's thrown error) to `deliver` on a global queue.
    ///
    /// `progress`, when given, completes with the load, and cancelling it ends the load.
    func fetch(_ representation: Representation, target: ItemCoercion.Target?, options: LoadOptions,
               what: String, progress: Progress? = nil,
               deliver: @escaping @Sendable (Result<Fetched, ItemProviderError>) -> Void) {
        let type = representation.typeIdentifier
        let once = LoadOnce(typeIdentifier: type, report: { [weak self] in self?.report($0) }) { result in
            progress?.completedUnitCount = progress?.totalUnitCount ?? 1
            deliver(result)
        }
        progress?.cancellationHandler = {
            once.finish(.failure(ItemProviderError(.itemUnavailableError, "Loading \(what) of type \(type) was cancelled")))
        }
        once.startTimer(effectiveTimeout, what: what)
        let source = representation.source
        Offload.run {
            do {
                switch source {
                case .item(let handler):
                    try handler({ value, error in
                        once.finish(Self.answer(value.map(Fetched.value), error, type: type))
                    }, target, options)
                case .data(let handler):
                    let inner = try handler { data, error in
                        once.finish(Self.answer(data.map(Fetched.data), error, type: type))
                    }
                    Self.link(inner, to: progress)
                case .file(let handler, let inPlace, let handsOver):
                    let inner = try handler { url, coordinated, error in
                        let fetched = url.map { Fetched.file($0, coordinated: coordinated, handedOver: handsOver, inPlace: inPlace) }
                        once.finish(Self.answer(fetched, error, type: type))
                    }
                    Self.link(inner, to: progress)
                }
            } catch {
                once.finish(.failure(ItemProviderError(
                    .itemUnavailableError, "Cannot load representation of type \(type): the load handler threw \(error)",
                    underlyingError: error)))
            }
        }
    }

    /// A handler's answer as a result: a value, or its error wrapped in -1000.
    static func answer(_ fetched: Fetched?, _ error: (any Error)?, type: String) -> Result<Fetched, ItemProviderError> {
        if let error {
            if let error = error as? ItemProviderError { return .failure(error) }
            return .failure(ItemProviderError(.itemUnavailableError,
                                              "Cannot load representation of type \(type): \(error.localizedDescription)",
                                              underlyingError: error))
        }
        guard let fetched else {
            return .failure(ItemProviderError(.itemUnavailableError,
                                              "Cannot load representation of type \(type): the load handler returned neither a value nor an error"))
        }
        return .success(fetched)
    }

    /// Makes a handler's own progress a child of the loader's.
    static func link(_ inner: Progress?, to outer: Progress?) {
        guard let inner, let outer else { return }
        outer.addChild(inner, withPendingUnitCount: 0)
    }

    /// The representation for a load, or the standard "not registered" error.
    func require(_ typeIdentifier: String) -> Result<Representation, ItemProviderError> {
        guard let representation = representation(for: typeIdentifier) else {
            return .failure(.notRegistered(typeIdentifier, registered: registeredTypeIdentifiers))
        }
        return .success(representation)
    }

    /// Calls `handler` with `result` on a global queue (for failures found before a load starts).
    package static func later<T: Sendable>(_ result: Result<T, ItemProviderError>,
                                   _ handler: @escaping @Sendable (Result<T, ItemProviderError>) -> Void) {
        Offload.run { handler(result) }
    }
}
