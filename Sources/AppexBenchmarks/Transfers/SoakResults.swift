/// What the soak found, for the report and `--json`.
struct SoakResults: Sendable, Encodable {
    /// One transfer's fate.
    struct Transfer: Sendable, Encodable {
        var kind: String
        var bytes: Int
        /// Completions the app heard (1 is right).
        var events: Int
        var status: Int?
        var error: String?
        /// Whole and exact: for an upload, a body the server checked; for a download, the file the app got.
        var exact: Bool
        /// An upload's bodies that arrived whole (at least once to the server: more than one is allowed).
        var wholeBodies: Int
        /// An upload's bodies cut off by a kill (or anything else).
        var cutBodies: Int
    }

    var transfers: [Transfer]
    var kills: Int
    /// Completions heard by an opening made after every transfer had ended (0 is right).
    var lateEvents: Int
    var downloadRequests: Int
    /// Download requests that continued from a partial file (`Range`).
    var rangedDownloads: Int
    var seconds: Double

    /// Whether every transfer ended exactly once, with exact bytes, and no event came twice.
    var passed: Bool {
        lateEvents == 0 && transfers.allSatisfy { $0.events == 1 && $0.error == nil && $0.exact }
    }

    init(plan: [SoakLedger.Item], ledger: (items: [Int: SoakLedger.Item], endings: [Int: [SoakLedger.Ending]]), kills: Int,
         lateEvents: Int, uploads: [UInt64: SoakServer.Receipts], downloadRequests: Int, rangedDownloads: Int, seconds: Double) {
        transfers = ledger.items.sorted { $0.key < $1.key }.map { id, item in
            let endings = ledger.endings[id] ?? []
            let receipts = uploads[item.seed] ?? SoakServer.Receipts()
            let exact = item.upload ? receipts.exact >= 1 && receipts.wrong == 0 : endings.first?.exact == true
            return Transfer(kind: item.upload ? "upload" : "download", bytes: item.size, events: endings.count,
                            status: endings.first?.status, error: endings.first?.error ?? endings.first?.problem, exact: exact,
                            wholeBodies: receipts.exact, cutBodies: receipts.cut)
        }
        self.kills = kills
        self.lateEvents = lateEvents
        self.downloadRequests = downloadRequests
        self.rangedDownloads = rangedDownloads
        self.seconds = seconds
    }
}
