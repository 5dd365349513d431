import ExtensionHost
import ExtensionManifest
import Foundation
import HostTestSupport
import PhotoEditing
@testable import PhotoLibrary
import Testing

/// Photo editors run by the photo library: Apple's resume rule, the edit store, the
/// photo replaced or left alone, and editors that misbehave, under every sandbox.
///
/// Serialized: its ~50 cases each start two or three editors and read images whole; all at
/// once on two cores, they starved other suites' extensions past their 30 s load timeout.
@Suite("Photo library", .serialized)
struct PhotoLibraryTests {
    /// Examples/Darkroom/Sample.jpg: a 640×427 JPEG.
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Darkroom/Sample.jpg")

    /// One test's editor, photo and library, removed afterwards.
    struct Setup {
        let fixture: FixtureInstallation
        let photo: URL
        let library: PhotoLibrary

        init(_ behavior: String, sandbox: SandboxMode, renderTimeout: Duration = .seconds(120), memoryCap: Int? = PhotoLibrary.defaultMemoryCap) throws {
            fixture = try FixtureInstallation.make(point: ExtensionPoint.photoEditing, identifier: "com.example.fixture.Editor",
                                                   displayName: behavior, extraInfo: ["AppexFixtureBehavior": behavior],
                                                   attributes: ["PHSupportedMediaTypes": ["Image"]])
            photo = fixture.root.appendingPathComponent("Pictures/beach.jpg")
            try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: PhotoLibraryTests.sample, to: photo)
            var library = PhotoLibrary(catalog: FixedCatalog([fixture.installed]),
                                       options: sandbox.options(LaunchOptions(gracePeriod: .seconds(2))),
                                       store: try PhotoEditStore(directory: fixture.root.appendingPathComponent("Photos")),
                                       memoryCap: memoryCap)
            // Generous where a step is not the one under test: the suite runs beside others on two cores.
            library.answerTimeout = .seconds(120)
            library.renderTimeout = renderTimeout
            self.library = library
        }

        var editor: InstalledExtension { fixture.installed }
        var bytes: Data { get throws { try Data(contentsOf: photo) } }
        var record: PhotoEditRecord? { get throws { try library.store.record(of: photo.resolvingSymlinksInPath().path) } }

        func edit(_ action: PhotoLibrary.UserAction = .done) async throws -> PhotoEditOutcome {
            try await library.edit(photo.path, with: editor, action: action)
        }

        func remove() { fixture.remove() }
    }

    static func edits(_ data: AdjustmentData?) -> Int? {
        data.flatMap { try? JSONDecoder().decode([String: Int].self, from: $0.data) }?["edits"]
    }

    @Test("an edit keeps the original, the next resumes from it, and a revert restores it byte for byte", arguments: hostSandboxModes)
    func editResumeRevert(_ sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let setup = try Setup("echo", sandbox: sandbox)
        defer { setup.remove() }
        let original = try Data(contentsOf: Self.sample)

        let first = try await setup.edit()
        #expect(first.result == .edited, "\(first.message ?? "")")
        #expect(!first.resumed)
        #expect(first.previousAdjustment == nil)
        #expect(Self.edits(first.adjustmentData) == 1)
        #expect(first.shouldShowCancelConfirmation == true)
        let record = try #require(try setup.record)
        #expect(try Data(contentsOf: setup.library.store.folder(of: record).appendingPathComponent(record.originalName)) == original)
        #expect(record.current?.editorIdentifier == setup.editor.identifier)
        #expect(record.pending == nil)

        // The editor can handle its own data: it gets the original and the data, as on iOS.
        let second = try await setup.edit()
        #expect(second.result == .edited, "\(second.message ?? "")")
        #expect(second.resumed)
        #expect(Self.edits(second.previousAdjustment) == 1)
        #expect(Self.edits(second.adjustmentData) == 2)

        let reverted = try await setup.library.revert(setup.photo.path)
        #expect(Self.edits(reverted.current?.adjustmentData) == 2)
        #expect(try setup.bytes == original)
        #expect(try setup.record == nil)
        #expect(!FileManager.default.fileExists(atPath: setup.library.store.folder(of: record).path))
        await #expect(throws: PhotoLibraryError.self) { try await setup.library.revert(setup.photo.path) }
    }

    @Test("an editor that cannot handle the stored data gets the photo as it looks, and no data")
    func cannotHandle() async throws {
        let setup = try Setup("echo", sandbox: .none)
        defer { setup.remove() }
        _ = try await setup.edit()
        // The last edit was made by an editor of another format.
        let path = try #require(try setup.record).path
        try await setup.library.store.database.write { db in
            try db.execute(sql: "UPDATE revision SET formatIdentifier = 'com.example.other'")
        }
        let outcome = try await setup.edit()
        #expect(outcome.result == .edited, "\(outcome.message ?? "")")
        #expect(!outcome.resumed)
        #expect(outcome.previousAdjustment?.formatIdentifier == "com.example.other")
        #expect(Self.edits(outcome.adjustmentData) == 1)
        let onTop = try #require(try setup.library.store.record(of: path))
        #expect(onTop.current?.adjustmentData.formatIdentifier == "com.appex.fixture")
        // Its data applies to the other editor's render, which is kept as its base.
        #expect(onTop.current?.baseName != onTop.originalName)

        // Resuming it starts from that base, not from the original: the other edit stays.
        let resumed = try await setup.edit()
        #expect(resumed.resumed)
        #expect(Self.edits(resumed.adjustmentData) == 2)
        let after = try #require(try setup.library.store.record(of: path))
        #expect(after.current?.baseName == onTop.current?.baseName)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: setup.library.store.folder(of: after).path)) == after.files)
        #expect(after.files.count == 3)
    }

    struct HostileCase: CustomTestStringConvertible, Sendable {
        let behavior: String
        let result: PhotoEditOutcome.Result
        var renderTimeout: Duration = .seconds(120)
        var memoryCap: Int? = PhotoLibrary.defaultMemoryCap
        var action = PhotoLibrary.UserAction.done
        var sandbox = SandboxMode.none
        var testDescription: String { "\(behavior) → \(result.name) (\(sandbox.testDescription))" }
    }

    static let hostileCases: [HostileCase] = hostSandboxModes.flatMap { sandbox in
        [HostileCase(behavior: "echo", result: .cancelled, action: .cancel),
         HostileCase(behavior: "cancel", result: .failed),
         HostileCase(behavior: "render-garbage", result: .refused),
         // The runtime refuses to send a pipe: the editor's output fails.
         HostileCase(behavior: "render-fifo", result: .failed),
         HostileCase(behavior: "crash", result: .ended(.crashed)),
         HostileCase(behavior: "trap", result: .ended(.crashed)),
         HostileCase(behavior: "hang", result: .ended(.timedOut), renderTimeout: .seconds(2)),
         HostileCase(behavior: "never-complete", result: .ended(.timedOut), renderTimeout: .seconds(2)),
         HostileCase(behavior: "bomb", result: .ended(.overMemory), memoryCap: 64_000_000),
         HostileCase(behavior: "garbage", result: .ended(.error(.protocolViolation))),
         HostileCase(behavior: "oversize", result: .ended(.error(.protocolViolation))),
         HostileCase(behavior: "flood", result: .ended(.error(.protocolViolation)))].map { hostile in
            var copy = hostile
            copy.sandbox = sandbox
            return copy
        }
    }

    @Test("an editor that cancels, fails, writes garbage or misbehaves leaves the photo and the store as they were", arguments: hostileCases)
    func hostile(_ hostile: HostileCase) async throws {
        try requireSandbox(hostile.sandbox)
        let setup = try Setup("echo", sandbox: hostile.sandbox)
        defer { setup.remove() }
        // A first, good edit: the store holds an original and a current edit.
        let good = try await setup.edit()
        #expect(good.result == .edited, "\(good.message ?? "")")
        let before = try setup.bytes
        let kept = try #require(try setup.record)

        let bad = try Setup(hostile.behavior, sandbox: hostile.sandbox, renderTimeout: hostile.renderTimeout, memoryCap: hostile.memoryCap)
        defer { bad.remove() }
        var library = setup.library
        library.host = bad.library.host
        library.renderTimeout = hostile.renderTimeout
        let outcome = try await library.edit(setup.photo.path, with: bad.editor, action: hostile.action)
        #expect(outcome.result == hostile.result, "\(outcome.message ?? "")")
        #expect(outcome.adjustmentData == nil)
        #expect(try setup.bytes == before)
        let after = try #require(try setup.record)
        #expect(after == kept)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: setup.library.store.folder(of: after).path))
                == [kept.originalName, try #require(kept.current).renderedName])

        // Nothing was lost: the good editor resumes from its own edit.
        let again = try await setup.edit()
        #expect(again.result == .edited, "\(again.message ?? "")")
        #expect(again.resumed)
        #expect(Self.edits(again.adjustmentData) == 2)
    }

    @Test("an editor cannot write into the original or the photo", arguments: hostSandboxModes)
    func tamper(_ sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let setup = try Setup("tamper", sandbox: sandbox)
        defer { setup.remove() }
        let outcome = try await setup.edit()
        // Sandboxed, the write fails and the copy it renders is whole; without a sandbox it
        // spoils its own copy of the image, whose render is then refused.
        #expect(outcome.result == (sandbox == .none ? .refused : .edited), "\(outcome.message ?? "")")
        // Either way, the store's original and the photo are untouched.
        let record = try #require(try setup.record)
        #expect(try Data(contentsOf: setup.library.store.folder(of: record).appendingPathComponent(record.originalName))
                == Data(contentsOf: Self.sample))
        #expect(try setup.bytes == Data(contentsOf: Self.sample))
    }

    struct CrashCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// Whether the photo file got the pending edit before the crash.
        let renamed: Bool
        var testDescription: String { name }
    }

    @Test("after a crash mid-edit, the next edit finds the store true to the photo",
          arguments: [CrashCase(name: "before the photo was replaced", renamed: false),
                      CrashCase(name: "after the photo was replaced", renamed: true)])
    func crashMidEdit(_ crash: CrashCase) async throws {
        let setup = try Setup("echo", sandbox: .none)
        defer { setup.remove() }
        _ = try await setup.edit()
        let record = try #require(try setup.record)
        let folder = setup.library.store.folder(of: record)
        // What `apply` had done when the crash came: the rendered file kept, the edit pending.
        let rendered = "rendered-crashed.jpg"
        var content = try Data(contentsOf: Self.sample)
        content.append(contentsOf: [0xFF, 0xD9])
        try content.write(to: folder.appendingPathComponent(rendered))
        let digest = try #require(PhotoFile.digest(of: folder.appendingPathComponent(rendered).path))
        let data = AdjustmentData(formatIdentifier: "com.appex.fixture", formatVersion: "1", data: Data("{\"edits\":7}".utf8))
        try setup.library.store.setPending(PhotoRevision(renderedName: rendered, baseName: record.originalName, photoDigest: digest, editorIdentifier: setup.editor.identifier,
                                                         adjustmentData: data, createdAt: Date()), for: record.path)
        if crash.renamed { try content.write(to: setup.photo) }

        let outcome = try await setup.edit()
        #expect(outcome.result == .edited, "\(outcome.message ?? "")")
        #expect(Self.edits(outcome.previousAdjustment) == (crash.renamed ? 7 : 1))
        let after = try #require(try setup.record)
        #expect(after.pending == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    }

    @Test("a photo changed outside Appex becomes a new original, and a revert does not undo that change")
    func changedOutside() async throws {
        let setup = try Setup("echo", sandbox: .none)
        defer { setup.remove() }
        _ = try await setup.edit()
        var changed = try Data(contentsOf: Self.sample)
        changed.append(contentsOf: [0xFF, 0xD9])
        try changed.write(to: setup.photo)
        await #expect(throws: PhotoLibraryError.self) { try await setup.library.revert(setup.photo.path) }
        #expect(try setup.bytes == changed)

        let outcome = try await setup.edit()
        #expect(outcome.result == .edited)
        #expect(!outcome.resumed)
        #expect(outcome.previousAdjustment == nil)
        try await setup.library.revert(setup.photo.path)
        #expect(try setup.bytes == changed)
    }

    struct RefusalCase: CustomTestStringConvertible, Sendable {
        let name: String
        let contents: @Sendable () throws -> Data
        let code: PhotoLibraryError.Code
        var testDescription: String { name }
    }

    @Test("what is not a photo is refused before any editor runs, and nothing is kept",
          arguments: [RefusalCase(name: "text", contents: { Data("hello".utf8) }, code: .notAPhoto),
                      RefusalCase(name: "a truncated JPEG", contents: { Data(try Data(contentsOf: sample).prefix(4000)) }, code: .notAPhoto)])
    func refusal(_ refusal: RefusalCase) async throws {
        let setup = try Setup("echo", sandbox: .none)
        defer { setup.remove() }
        let contents = try refusal.contents()
        try contents.write(to: setup.photo)
        let error = await #expect(throws: PhotoLibraryError.self) { try await setup.edit() }
        #expect(error?.code == refusal.code)
        #expect(try setup.bytes == contents)
        #expect(try setup.library.store.records().isEmpty)
    }
}
