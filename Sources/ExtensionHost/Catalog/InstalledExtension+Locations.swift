import Foundation
import Synchronization

extension InstalledExtension {
    /// Where an installed extension's files are.
    package struct Locations: Sendable {
        /// The installed `.appex` folder.
        package var bundleURL: URL
        /// The executable inside it.
        package var executableURL: URL
        /// The extension's own data container.
        package var dataContainerURL: URL
        /// Its app groups' containers, by group identifier.
        package var appGroupContainers: [String: URL]

        package init(bundleURL: URL, executableURL: URL, dataContainerURL: URL, appGroupContainers: [String: URL]) {
            self.bundleURL = bundleURL
            self.executableURL = executableURL
            self.dataContainerURL = dataContainerURL
            self.appGroupContainers = appGroupContainers
        }
    }

    /// A record's ``Locations``, made once, when first asked for.
    ///
    /// Making a URL costs swift-foundation a parse and a validation (about 2 µs): a catalog
    /// of a thousand records would make five thousand for a share that reads none. Copies of
    /// a record share one; a change makes a new one (``changing(_:)``), so a copy never sees
    /// another's change.
    final class Places: Sendable {
        private let make: @Sendable () -> Locations
        private let kept = Mutex<Locations?>(nil)

        init(_ make: @escaping @Sendable () -> Locations) {
            self.make = make
        }

        init(_ locations: Locations) {
            self.make = { locations }
            kept.withLock { $0 = locations }
        }

        /// The locations, made on the first call.
        var made: Locations {
            if let locations = kept.withLock({ $0 }) { return locations }
            // Made outside the lock; two first calls at once make equal values.
            let locations = make()
            kept.withLock { $0 = $0 ?? locations }
            return locations
        }

        /// New places: these locations with `change` applied.
        func changing(_ change: (inout Locations) -> Void) -> Places {
            var locations = made
            change(&locations)
            return Places(locations)
        }
    }
}
