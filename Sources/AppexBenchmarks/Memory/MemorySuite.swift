import ELFFormat
import ExtensionIPC
import Foundation

/// An extension's resident memory in several builds of it: the Swift runtime linked
/// dynamically or statically, NotesKit a framework or linked in (docs/BENCHMARKS.md,
/// "Frameworks and the Swift runtime").
///
/// Each build is a products folder holding `save-to-notes` (Benchmarks/memory.sh makes
/// them). The executable is started with no host: it loads, the runtime and Foundation
/// start, it finds no channel and exits. So the figure is the cost of being loaded, which is
/// what the linking changes. Peak resident size is `/usr/bin/time -f %M` (the kernel's
/// `ru_maxrss` for the child); each build's figure is the median of its rounds, the builds
/// taken in turn within each round so that a change in the machine's load hits them alike.
struct MemorySuite {
    /// A build to measure: its name in the report, and its products folder.
    struct Build: Sendable {
        var label: String
        var products: URL
    }

    /// The executable measured in each build.
    static let executable = "save-to-notes"
    /// The framework library the Notes example's executables may load.
    static let framework = "libNotesKit.so"

    let builds: [Build]
    let rounds: Int

    func run() async throws -> MemoryResults {
        var described: [MemoryResults.Row] = []
        for build in builds { described.append(try Self.describe(build)) }
        var samples = Array(repeating: [Int](), count: builds.count)
        for _ in 0..<rounds {
            for (index, build) in builds.enumerated() {
                samples[index].append(try await Self.peakKilobytes(of: build.products.appendingPathComponent(Self.executable)))
            }
        }
        let baseline = Self.median(samples[0])
        for index in described.indices {
            described[index].peakKilobytes = Self.median(samples[index])
            described[index].ratio = Double(described[index].peakKilobytes) / Double(max(baseline, 1))
        }
        return MemoryResults(rounds: rounds, rows: described)
    }

    /// How `build` links its executable, read from its ELF dynamic section.
    static func describe(_ build: Build) throws -> MemoryResults.Row {
        let executable = build.products.appendingPathComponent(executable)
        let elf: ELFFile
        do {
            elf = try ELFFile(contentsOf: executable)
        } catch {
            throw HostBenchError("\(build.label): \(executable.path) cannot be read: \(error) (Benchmarks/memory.sh builds it)")
        }
        let needsFramework = elf.neededLibraries.contains(framework)
        let library = build.products.appendingPathComponent(framework)
        return MemoryResults.Row(
            label: build.label, products: build.products.path,
            runtime: elf.neededLibraries.contains("libswiftCore.so") ? "dynamic" : "static",
            notesKit: needsFramework ? "framework (\(framework))" : "linked into the executable",
            executableBytes: fileSize(executable),
            frameworkBytes: needsFramework ? fileSize(library) : nil)
    }

    /// The peak resident size of one start of `executable`, in kB.
    static func peakKilobytes(of executable: URL) async throws -> Int {
        let process = try await ChildProcess.launch(.init(
            // ChildProcess gives every child a channel (APPEX_CHANNEL_FD): env(1) takes it away
            // and execs the extension in its own process, so that it starts as with no host.
            executable: "/usr/bin/time", arguments: ["-f", "%M", "/usr/bin/env", "-u", "APPEX_CHANNEL_FD", executable.path],
            environment: ["PATH": "/usr/bin:/bin"],
            sandbox: nil, limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(60)), captures: [2]))
        let ending = await process.exit()
        let output = await process.output(waitingUpTo: .seconds(30))
        // time(1) prints its figure last, after what the program wrote (its refusal to run
        // without a host, which is expected here).
        guard let last = output.split(separator: "\n").last, let kilobytes = Int(last), kilobytes > 0 else {
            throw HostBenchError("/usr/bin/time \(executable.path) printed no figure (it \(ending)): \(output.suffix(500)) (Debian package time)")
        }
        return kilobytes
    }

    static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))?[.size] as? Int) ?? 0
    }

    static func median(_ values: [Int]) -> Int {
        values.isEmpty ? 0 : Int(Measurer.median(values.map(Double.init).sorted()).rounded())
    }
}
