import Foundation
@testable import TransferService
import TransferWire

extension TaskRow {
    /// An upload task of the Notes example's share extension, as the service would record it.
    static func upload(to url: String, id: Int64? = nil, state: TransferTaskSnapshot.State = .waiting,
                       created: Date = Date()) -> TaskRow {
        TaskRow(id: id, application: "com.example.notes", creator: "com.example.notes.share", sessionIdentifier: "s",
                sharedContainerIdentifier: "group.com.example.notes", taskIdentifier: 1,
                request: TransferTaskDescription(taskIdentifier: 1, kind: .upload, url: url, method: "POST", headers: []),
                state: state, created: created)
    }
}
