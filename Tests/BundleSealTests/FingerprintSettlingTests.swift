import BundleSeal
import Foundation
import Testing

/// A fingerprint is trusted only once the clock tick of the file's last change is over: a
/// change in that same tick would leave it as it was (the "racily clean" case). Kernels
/// before 6.13 stamp changes with the coarse clock alone, so there a same-size rewrite just
/// after an install went unseen by the catalog and the launch check.
@Suite("Fingerprint settling")
struct FingerprintSettlingTests {
    struct SettleCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// The change time, and the coarse clock's time when the fingerprint was taken.
        var changed: Int64
        var now: Int64
        var isSettled: Bool
        var testDescription: String { name }
    }

    static let second: Int64 = 1_000_000_000

    static let settleCases = [
        SettleCase(name: "changed in the tick the clock still reads", changed: 5 * second + 4_000_000, now: 5 * second + 4_000_000, isSettled: false),
        SettleCase(name: "changed later than the coarse clock reads (a precise stamp in this tick)", changed: 5 * second + 4_500_000,
                   now: 5 * second + 4_000_000, isSettled: false),
        SettleCase(name: "changed a tick before", changed: 5 * second + 4_000_000, now: 5 * second + 8_000_000, isSettled: true),
        SettleCase(name: "a whole-second stamp in the second the clock reads (a file system of seconds)", changed: 5 * second,
                   now: 5 * second + 600_000_000, isSettled: false),
        SettleCase(name: "a whole-second stamp, a second later", changed: 5 * second, now: 6 * second, isSettled: true),
    ]

    @Test("a fingerprint is settled once its change's tick is over", arguments: settleCases)
    func settles(_ settle: SettleCase) {
        let print = FileFingerprint(device: 1, inode: 2, size: 3, modified: settle.changed, changed: settle.changed)
        #expect(print.isSettled(at: settle.now) == settle.isSettled)
    }

    @Test("a bundle sealed the moment it was written gets settled fingerprints, and a same-size rewrite right after is seen")
    func sealOfAFreshCopy() throws {
        let fixture = try SealFixture()
        defer { fixture.remove() }
        let seal = try BundleSeal.make(of: fixture.root)
        let now = FileFingerprint.coarseNow()
        #expect(seal.files.allSatisfy { $0.fingerprint?.isSettled(at: now) == true }, "\(seal.files.filter { $0.fingerprint == nil }.map(\.path))")
        // Same size, same inode, as soon as the seal is made.
        try fixture.write("PlugIns/Share.appex/Info.plist", "<plist><arra/></plist>")
        #expect(try seal.quickDifference(from: fixture.root).modified == ["PlugIns/Share.appex/Info.plist"])
        let launch = LaunchSeal(bundleRoot: fixture.root, files: seal.files(inside: "PlugIns/Share.appex/"))
        #expect(launch.check() == LaunchSeal.Mismatch(path: "PlugIns/Share.appex/Info.plist", isMissing: false))
    }

    @Test("sealed without waiting, a file written just before and rewritten just after at the same size is still seen")
    func unsettledIsHashed() throws {
        let fixture = try SealFixture()
        defer { fixture.remove() }
        try fixture.write("Resources/a.txt", "b")
        // On a kernel with coarse file times the file is unsettled here and keeps no
        // fingerprint; with fine times it is settled. Either way the rewrite must show.
        let seal = try BundleSeal.make(of: fixture.root, settlingWithin: .zero)
        try fixture.write("Resources/a.txt", "c")
        #expect(try seal.quickDifference(from: fixture.root).modified == ["Resources/a.txt"])
    }
}
